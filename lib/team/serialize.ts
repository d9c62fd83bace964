import type { users } from '@/lib/auth/schema';
import type { invitations } from './schema';

type InvitationRow = typeof invitations.$inferSelect;

export function invitationStatus(row: InvitationRow, now = Date.now()) {
  if (row.acceptedAt) return 'ACCEPTED' as const;
  if (row.revokedAt) return 'REVOKED' as const;
  return row.expiresAt.getTime() <= now ? ('EXPIRED' as const) : ('PENDING' as const);
}

export const toInvitationJson = (row: InvitationRow) => ({
  id: row.id,
  email: row.email,
  role: row.role,
  subMerchantId: row.subMerchantId,
  status: invitationStatus(row),
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

export const toTeamUserJson = (row: typeof users.$inferSelect & { mfaEnabled: boolean }) => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  role: row.role,
  subMerchantId: row.subMerchantId,
  active: row.active,
  mfaEnabled: row.mfaEnabled,
  createdAt: row.createdAt.toISOString(),
});
