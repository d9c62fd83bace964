import type { MiddlewareHandler } from 'hono';
import { loadLivePrincipal } from '@/lib/auth/principal';
import { TokenRejected, verifyAccessToken } from '@/lib/auth/tokens';
import type { ApiEnv } from '@/lib/api/context';
import { forbidden, unauthorized } from '@/lib/api/errors';

const rejectionText: Record<TokenRejected['reason'], string> = {
  malformed: 'The access token is malformed.',
  unknown_key: 'The access token was signed by a key this service does not know.',
  invalid_signature: 'The access token signature is not valid.',
  expired: 'The access token has expired; refresh it.',
};

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Bearer PASETO, then a live session and an active user; SUPPORT users may only read. */
export const authenticate: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const header = c.req.header('authorization');
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) throw unauthorized('Send an access token in the Authorization header: Bearer <token>.', 'missing_token');
  let claims;
  try {
    claims = await verifyAccessToken(match[1]!);
  } catch (error) {
    if (error instanceof TokenRejected) throw unauthorized(rejectionText[error.reason], `token_${error.reason}`);
    throw error;
  }
  const principal = await loadLivePrincipal(claims.sid, claims.sub);
  if (!principal) throw unauthorized('The session has ended; sign in again.', 'session_ended');
  if (principal.role === 'SUPPORT' && !READ_METHODS.has(c.req.method)) {
    throw forbidden('Support users have read-only access.');
  }
  c.set('principal', principal);
  await next();
};
