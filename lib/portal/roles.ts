import type { PortalUser } from './token';

/**
 * PLAIN_MERCHANT users and administrators change things. SUPPORT, and any role this portal does not
 * know yet, is read-only: write controls are hidden for them (the service refuses the writes regardless).
 */
export function canWrite(user: Pick<PortalUser, 'role'>): boolean {
  return user.role === 'PLAIN_MERCHANT' || user.role === 'MERCHANT_ADMIN';
}

/** The team, API keys, two-factor policy and audit log pages (the service answers 403 to anyone else). */
export function isAdmin(user: Pick<PortalUser, 'role'>): boolean {
  return user.role === 'MERCHANT_ADMIN';
}

const roleNames: Record<string, string> = { MERCHANT_ADMIN: 'Administrator', PLAIN_MERCHANT: 'Merchant', SUPPORT: 'Support' };

export function roleLabel(user: Pick<PortalUser, 'role' | 'subMerchantId'>): string {
  const base = roleNames[user.role] ?? user.role;
  const scope = user.subMerchantId ? ', one sub-merchant' : '';
  return canWrite(user) ? `${base}${scope}` : `${base} (read-only${scope})`;
}
