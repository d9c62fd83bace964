import { z } from '@hono/zod-openapi';
import { pageQuery } from '@/lib/api/pagination';
import { Timestamp, Uuid } from '@/lib/api/schemas';
import { anyUserRoles, userRoles } from '@/lib/auth/schema';

const Role = z.enum(userRoles).openapi({ description: 'MERCHANT_ADMIN, PLAIN_MERCHANT or SUPPORT (docs/roles.md). An administrator is never limited to a sub-merchant.' });
export const NewPassword = z.string().min(8, 'Use at least 8 characters.').max(1024);

export const TeamUser = z
  .object({
    id: Uuid,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(userRoles),
    subMerchantId: Uuid.nullable(),
    active: z.boolean(),
    mfaEnabled: z.boolean(),
    createdAt: Timestamp,
  })
  .openapi('TeamUser');

export const UserParams = z.object({ userId: Uuid.openapi({ param: { name: 'userId', in: 'path' } }) });
export const TeamListQuery = z.object({ ...pageQuery });

export const ChangeUserRequest = z
  .object({
    role: z.enum(userRoles).optional(),
    subMerchantId: Uuid.nullable().optional().openapi({ description: 'null: the whole merchant.' }),
  })
  .refine((body) => body.role !== undefined || body.subMerchantId !== undefined, { message: 'Send role, subMerchantId or both.', path: ['role'] })
  .openapi('ChangeUserRequest');

export const InviteRequest = z
  .object({
    email: z.email().max(254),
    role: Role,
    subMerchantId: Uuid.nullable().optional(),
  })
  .openapi('InviteRequest');

export const Invitation = z
  .object({
    id: Uuid,
    email: z.string(),
    role: z.enum(userRoles),
    subMerchantId: Uuid.nullable(),
    status: z.enum(['PENDING', 'ACCEPTED', 'REVOKED', 'EXPIRED']),
    createdAt: Timestamp,
    expiresAt: Timestamp,
  })
  .openapi('Invitation');

export const CreatedInvitation = Invitation.extend({
  inviteUrl: z.url().openapi({ description: 'The one-time link, shown this once (only its hash is kept). Valid for 7 days.' }),
  emailed: z.boolean().openapi({ description: 'Whether it was also sent by email (SMTP_URL set and the mail server accepted it).' }),
}).openapi('CreatedInvitation');

export const InvitationParams = z.object({ invitationId: Uuid.openapi({ param: { name: 'invitationId', in: 'path' } }) });
export const LinkTokenParams = z.object({ token: z.string().min(1).max(200).openapi({ param: { name: 'token', in: 'path' } }) });

export const InvitationPreview = z
  .object({ email: z.string(), merchantName: z.string(), role: z.enum(anyUserRoles), expiresAt: Timestamp })
  .openapi('InvitationPreview');

export const AcceptInvitationRequest = z
  .object({ firstName: z.string().trim().min(1).max(100), lastName: z.string().trim().min(1).max(100), password: NewPassword })
  .openapi('AcceptInvitationRequest');

export const AcceptedInvitation = z.object({ userId: Uuid, email: z.string() }).openapi('AcceptedInvitation');

export const PasswordResetLink = z
  .object({ resetUrl: z.url().openapi({ description: 'One-time link, shown this once; valid for 24 hours.' }), expiresAt: Timestamp, emailed: z.boolean() })
  .openapi('PasswordResetLink');

export const PasswordResetPreview = z.object({ email: z.string(), expiresAt: Timestamp }).openapi('PasswordResetPreview');
export const UsePasswordResetRequest = z.object({ password: NewPassword }).openapi('UsePasswordResetRequest');

export const ForgotPasswordRequest = z
  .object({ email: z.email().max(254).openapi({ example: 'wanjiku@example.com', description: 'The email you sign in with.' }) })
  .openapi('ForgotPasswordRequest');
export const ForgotPasswordAnswer = z
  .object({ message: z.string().openapi({ example: 'If that email belongs to a Collect user, a link to set a new password is on its way. It works once, for 24 hours.' }) })
  .openapi('ForgotPasswordAnswer');

export const ChangePasswordRequest = z
  .object({ currentPassword: z.string().min(1).max(1024), newPassword: NewPassword })
  .openapi('ChangePasswordRequest');

export const SecurityPolicy = z.object({ requireMfa: z.boolean() }).openapi('SecurityPolicy');
