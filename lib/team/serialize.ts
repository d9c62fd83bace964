import type { UserRole, users } from '@/lib/auth/schema';
import type { invitations } from './schema';

type InvitationRow = typeof invitations.$inferSelect;

export function invitationStatus(row: InvitationRow, now = Date.now()) {
  if (row.acceptedAt) return 'ACCEPTED' as const;
  if (row.revokedAt) return 'REVOKED' as const;
  return row.expiresAt.getTime() <= now ? ('EXPIRED' as const) : ('PENDING' as const);
}

/**
 * A merchant's team is read by merchant id, and a user or invitation with a merchant never has a
 * platform role (users/invitations_platform_role_without_merchant, migration 0026).
 */
const merchantRole = (role: string) => role as UserRole;

export const toInvitationJson = (row: InvitationRow) => ({
  id: row.id,
  email: row.email,
  role: merchantRole(row.role),
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
  role: merchantRole(row.role),
  subMerchantId: row.subMerchantId,
  active: row.active,
  mfaEnabled: row.mfaEnabled,
  createdAt: row.createdAt.toISOString(),
});
