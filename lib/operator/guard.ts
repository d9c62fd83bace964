import type { MiddlewareHandler } from 'hono';
import { isLiveOperator, liveHolderOf } from '@/lib/auth/authenticate';
import type { ApiEnv } from '@/lib/api/context';
import { ApiError } from '@/lib/api/errors';
import type { OperatorPrincipal } from './principal';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The same answer as a path no route matches: a merchant's token learns nothing of the console. */
const noSuchRoute = (method: string, path: string) => new ApiError(404, 'not_found', 'Not found', `No route matches ${method} ${path}.`);

export const platformSupportReadOnly = () =>
  new ApiError(403, 'forbidden', 'Forbidden', 'Platform support has read-only access; a PLATFORM_ADMIN must make this change.');

/** Changes are a PLATFORM_ADMIN's; the guard already refuses PLATFORM_SUPPORT's writes, this says it again where it matters. */
export function requirePlatformAdmin(operator: OperatorPrincipal): void {
  if (operator.role !== 'PLATFORM_ADMIN') throw platformSupportReadOnly();
}

/**
 * Every /operator/* request (docs/operator.md, "Who may call what"): anonymous → 401 as anywhere;
 * a merchant user's or API key's token → 404, as if the console did not exist; an operator who has
 * not enrolled in two factors → 403 until they do (at /auth/mfa/totp); PLATFORM_SUPPORT → reads
 * only; PLATFORM_ADMIN → all.
 */
export const operatorGuard: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const holder = await liveHolderOf(c);
  if (!isLiveOperator(holder)) throw noSuchRoute(c.req.method, c.req.path);
  if (holder.mustEnrolMfa) {
    throw new ApiError(403, 'mfa_enrollment_required', 'Two factors required', 'Operators must sign in with two factors: enrol at POST /auth/mfa/totp first.');
  }
  if (!READ_METHODS.has(c.req.method) && holder.operator.role !== 'PLATFORM_ADMIN') throw platformSupportReadOnly();
  c.set('operator', holder.operator);
  await next();
};
