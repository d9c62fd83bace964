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

/** The provider's own staff (docs/operator.md): they use /operator, never the merchant pages. */
export function isOperator(user: Pick<PortalUser, 'role'>): boolean {
  return user.role === 'PLATFORM_ADMIN' || user.role === 'PLATFORM_SUPPORT';
}

/** An operator's role that may change things in the console. */
export const isPlatformAdmin = (user: Pick<PortalUser, 'role'>) => user.role === 'PLATFORM_ADMIN';

/** Where an operator's top bar says it is signed in. */
export const OPERATOR_CONSOLE_NAME = 'Collect operator console';

const roleNames: Record<string, string> = {
  MERCHANT_ADMIN: 'Administrator',
  PLAIN_MERCHANT: 'Merchant',
  SUPPORT: 'Support',
  PLATFORM_ADMIN: 'Platform administrator',
  PLATFORM_SUPPORT: 'Platform support',
};

export function roleLabel(user: Pick<PortalUser, 'role' | 'subMerchantId'>): string {
  const base = roleNames[user.role] ?? user.role;
  const scope = user.subMerchantId ? ', one sub-merchant' : '';
  return canWrite(user) || isPlatformAdmin(user) ? `${base}${scope}` : `${base} (read-only${scope})`;
}
