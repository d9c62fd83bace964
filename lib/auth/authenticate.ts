import type { Context, MiddlewareHandler } from 'hono';
import { isLiveOperator, loadLivePrincipal, type LiveHolder, type LiveOperator, type Principal } from '@/lib/auth/principal';

export { isLiveOperator } from '@/lib/auth/principal';
import { alreadyVerifiedClaims, TokenRejected, verifyAccessToken } from '@/lib/auth/tokens';
import type { ApiEnv } from '@/lib/api/context';
import { ApiError, forbidden, unauthorized } from '@/lib/api/errors';
import { requestHeader } from '@/lib/api/node-request';

const rejectionText: Record<TokenRejected['reason'], string> = {
  malformed: 'The access token is malformed.',
  unknown_key: 'The access token was signed by a key this service does not know.',
  invalid_signature: 'The access token signature is not valid.',
  expired: 'The access token has expired; refresh it.',
};

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A support user still looks after its own account (password, two factors) under /auth/. */
const OWN_ACCOUNT = /\/auth\//;

/**
 * The POSTs a SUPPORT user may still make, because they read rather than write: getting a target's
 * payer link makes it the first time, but it only hands back the public page the merchant's payers
 * see (one link per target, docs/roles.md). Matched on the end of the path, whatever the base path.
 */
const SUPPORT_READING_POSTS = ['/merchants/me/payer-links'];

function supportMayCall(method: string, path: string): boolean {
  if (READ_METHODS.has(method) || OWN_ACCOUNT.test(path)) return true;
  return method === 'POST' && SUPPORT_READING_POSTS.some((allowed) => path === allowed || path.endsWith(allowed));
}

/**
 * The Bearer PASETO's live session holder: a merchant's user or key, or an operator. 401 when
 * there is none, as on every protected route. Shared by `authenticate` and the operator guard
 * (lib/operator/guard.ts), which decides what an operator's and a merchant's token may reach.
 */
export async function liveHolderOf(c: Context<ApiEnv>): Promise<LiveHolder> {
  const header = requestHeader(c, 'authorization');
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) throw unauthorized('Send an access token in the Authorization header: Bearer <token>.', 'missing_token');
  let claims;
  try {
    claims = alreadyVerifiedClaims(match[1]!) ?? (await verifyAccessToken(match[1]!));
  } catch (error) {
    if (error instanceof TokenRejected) throw unauthorized(rejectionText[error.reason], `token_${error.reason}`);
    throw error;
  }
  const holder = await loadLivePrincipal(claims.sid, claims.sub);
  if (!holder) throw unauthorized('The session has ended; sign in again.', 'session_ended');
  return holder;
}

export const mfaEnrolmentFirst = () =>
  new ApiError(403, 'mfa_enrollment_required', 'Two factors required', 'Your merchant requires two-factor sign-in: enrol at POST /auth/mfa/totp first.');

/**
 * An operator on its own account's routes (/auth/: who am I, password, two factors) is seen as
 * the person it is, without a merchant: merchantId is empty and no merchant data is reachable from
 * there. Everywhere else (/merchants/*) an operator's token is refused: operators reach merchant
 * data only through /operator/* (docs/operator.md).
 */
function ownAccountOfOperator({ operator, mustEnrolMfa }: LiveOperator): Principal {
  return { ...operator, role: operator.role as unknown as Principal['role'], merchantId: '', subMerchantId: null, active: true, apiKey: null, mustEnrolMfa };
}

/** Bearer PASETO, then a live session of an active user or a live API key; SUPPORT may only read. */
export const authenticate: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const holder = await liveHolderOf(c);
  if (isLiveOperator(holder)) {
    if (!OWN_ACCOUNT.test(c.req.path)) {
      throw new ApiError(403, 'operator_not_merchant', 'Forbidden', 'An operator reaches merchant data only through /operator/* routes, never as a merchant user.');
    }
    c.set('operator', holder.operator);
    c.set('principal', ownAccountOfOperator(holder));
    await next();
    return;
  }
  const principal = holder;
  // Enrolment first; the merchant's own name stays readable so the portal can show whose sign-in it is.
  const whoAmI = c.req.method === 'GET' && c.req.path.endsWith('/merchants/me');
  if (principal.mustEnrolMfa && !OWN_ACCOUNT.test(c.req.path) && !whoAmI) throw mfaEnrolmentFirst();
  if (principal.role === 'SUPPORT' && !supportMayCall(c.req.method, c.req.path)) {
    throw forbidden('Support users have read-only access.');
  }
  c.set('principal', principal);
  await next();
};
