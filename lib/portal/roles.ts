import type { PortalUser } from './token';

/**
 * Only PLAIN_MERCHANT users change anything. SUPPORT, and any role this portal does not know yet,
 * is read-only: write controls are hidden for them (the service refuses the writes regardless).
 */
export function canWrite(user: Pick<PortalUser, 'role'>): boolean {
  return user.role === 'PLAIN_MERCHANT';
}

export function roleLabel(user: Pick<PortalUser, 'role' | 'subMerchantId'>): string {
  const base = user.role === 'PLAIN_MERCHANT' ? 'Merchant' : user.role === 'SUPPORT' ? 'Support' : user.role;
  const scope = user.subMerchantId ? ', one sub-merchant' : '';
  return canWrite(user) ? `${base}${scope}` : `${base} (read-only${scope})`;
}
