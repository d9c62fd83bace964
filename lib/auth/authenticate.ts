import type { Context, MiddlewareHandler, Next } from 'hono';
import { isLiveOperator, readLiveHolder, type LiveHolder, type LiveOperator, type Principal } from '@/lib/auth/principal';

export { isLiveOperator } from '@/lib/auth/principal';
import { alreadyVerifiedClaims, TokenRejected, verifyAccessToken, type AccessClaims } from '@/lib/auth/tokens';
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

/** A token the service refused, as the 401 the caller reads; anything else as it came. */
function refused(error: unknown): never {
  if (error instanceof TokenRejected) throw unauthorized(rejectionText[error.reason], `token_${error.reason}`);
  throw error;
}

/** The token's claims: without a promise when this process has verified the token before (nearly every request). */
function claimsOf(token: string): AccessClaims | Promise<AccessClaims> {
  let verified: AccessClaims | undefined;
  try {
    verified = alreadyVerifiedClaims(token);
  } catch (error) {
    refused(error);
  }
  return verified ?? verifyAccessToken(token).catch(refused);
}

/** The session's live holder as one promise; 401 when the session has ended. */
const holderOf = (claims: AccessClaims): Promise<LiveHolder> =>
  new Promise((resolve, reject) =>
    readLiveHolder(claims.sid, claims.sub, (error, holder) => {
      if (error) reject(error);
      else if (holder) resolve(holder);
      else reject(unauthorized('The session has ended; sign in again.', 'session_ended'));
    }),
  );

/**
 * The Bearer PASETO's live session holder. Throws at once (no promise) when the header is missing
 * or malformed. Two promises on the usual path (issue 24: each async frame and await was one or
 * two promises, and each promise pays the audit context's async hooks).
 */
function liveHolder(c: Context<ApiEnv>): Promise<LiveHolder> {
  const header = requestHeader(c, 'authorization');
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) throw unauthorized('Send an access token in the Authorization header: Bearer <token>.', 'missing_token');
  const claims = claimsOf(match[1]!);
  return claims instanceof Promise ? claims.then(holderOf) : holderOf(claims);
}

/**
 * The Bearer PASETO's live session holder: a merchant's user or key, or an operator. 401 when
 * there is none, as on every protected route. Shared by `authenticate` and the operator guard
 * (lib/operator/guard.ts), which decides what an operator's and a merchant's token may reach.
 */
export function liveHolderOf(c: Context<ApiEnv>): Promise<LiveHolder> {
  try {
    return liveHolder(c);
  } catch (error) {
    return Promise.reject(error as Error);
  }
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

/**
 * What a merchant's route admits of a live holder: an operator only on its own account's routes,
 * enrolment in two factors first where the merchant requires it, SUPPORT reading only.
 */
function admit(c: Context<ApiEnv>, holder: LiveHolder, next: Next): Promise<void> {
  if (isLiveOperator(holder)) {
    if (!OWN_ACCOUNT.test(c.req.path)) {
      throw new ApiError(403, 'operator_not_merchant', 'Forbidden', 'An operator reaches merchant data only through /operator/* routes, never as a merchant user.');
    }
    c.set('operator', holder.operator);
    c.set('principal', ownAccountOfOperator(holder));
    return next();
  }
  const principal = holder;
  // Enrolment first; the merchant's own name stays readable so the portal can show whose sign-in it is.
  const whoAmI = c.req.method === 'GET' && c.req.path.endsWith('/merchants/me');
  if (principal.mustEnrolMfa && !OWN_ACCOUNT.test(c.req.path) && !whoAmI) throw mfaEnrolmentFirst();
  if (principal.role === 'SUPPORT' && !supportMayCall(c.req.method, c.req.path)) {
    throw forbidden('Support users have read-only access.');
  }
  c.set('principal', principal);
  return next();
}

/**
 * Bearer PASETO, then a live session of an active user or a live API key; SUPPORT may only read.
 * Not an async function: the rest of the chain runs in the `.then` of the holder's promise, made
 * here, so it keeps this request's async context (the audit context, lib/audit/request-context.ts).
 */
export const authenticate: MiddlewareHandler<ApiEnv> = (c, next) => liveHolder(c).then((holder) => admit(c, holder, next));
