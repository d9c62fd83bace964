import { z } from '@hono/zod-openapi';
import { Uuid } from '@/lib/api/schemas';
import { anyUserRoles } from './schema';

export const LoginRequest = z
  .object({
    email: z.email().max(254),
    password: z.string().min(1).max(1024),
  })
  .openapi('LoginRequest');

export const RefreshRequest = z
  .object({ refreshToken: z.string().min(1).max(512) })
  .openapi('RefreshRequest');

export const LogoutRequest = z
  .object({ refreshToken: z.string().min(1).max(512).optional() })
  .openapi('LogoutRequest', {
    description: 'Send the access token as Bearer, the refresh token in the body, or both: either ends the session.',
  });

export const TokenPair = z
  .object({
    accessToken: z.string().openapi({ description: 'PASETO v4.public token; send as `Authorization: Bearer …`.' }),
    refreshToken: z.string().openapi({ description: 'Opaque, single-use; exchange at /auth/refresh.' }),
    tokenType: z.literal('Bearer'),
    expiresIn: z.number().int().openapi({ description: 'Access token lifetime in seconds.' }),
    refreshExpiresIn: z.number().int().openapi({ description: 'Refresh token lifetime in seconds.' }),
  })
  .openapi('TokenPair');

export const CurrentUser = z
  .object({
    id: Uuid,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(anyUserRoles).openapi({ description: 'A merchant role, or for an operator of the provider PLATFORM_ADMIN or PLATFORM_SUPPORT (docs/operator.md).' }),
    merchantId: Uuid.nullable().openapi({ description: 'Null for an operator, who belongs to no merchant.' }),
    subMerchantId: Uuid.nullable(),
    active: z.boolean(),
    kind: z.enum(['user', 'api_key']).openapi({ description: '`api_key` when the token was exchanged for an API key (then `id` is the key\'s id and `email` is empty).' }),
    apiKey: z.object({ id: Uuid, name: z.string() }).nullable().openapi({ description: 'The key behind the token, or null for a person.' }),
    mfaEnrollmentRequired: z.boolean().openapi({ description: 'The merchant requires two factors and this user has not enrolled: every other route answers 403 mfa_enrollment_required.' }),
  })
  .openapi('CurrentUser');
