import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '@/lib/api/context';
import { forbidden } from '@/lib/api/errors';
import type { Principal } from '@/lib/api/principal';

/** The team, API keys, two-factor policy and the audit log: a person with the MERCHANT_ADMIN role only. */
export function requireAdmin(principal: Principal): void {
  if (principal.apiKey) throw forbidden('API keys cannot manage the team, keys or the audit log; a merchant administrator must.');
  if (principal.role !== 'MERCHANT_ADMIN') throw forbidden('Only a merchant administrator may do this.');
}

/** Passwords and two factors belong to people; a key's token is refused there. */
export function requirePerson(principal: Principal): void {
  if (principal.apiKey) throw forbidden('An API key has no password or second factor.');
}

/**
 * The same checks as middleware, after authentication and before validation: a caller without the
 * role learns 403, never which fields it got wrong (the operations check again themselves).
 */
export const adminOnly: MiddlewareHandler<ApiEnv> = async (c, next) => {
  requireAdmin(c.get('principal'));
  await next();
};

export const personOnly: MiddlewareHandler<ApiEnv> = async (c, next) => {
  requirePerson(c.get('principal'));
  await next();
};
