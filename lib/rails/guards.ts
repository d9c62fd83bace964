import type { Context, MiddlewareHandler } from 'hono';
import type { ApiEnv } from '@/lib/api/context';
import { ApiError } from '@/lib/api/errors';
import { logger } from '@/lib/platform/logger';
import { checkBankSignature, type SignatureCheck } from './bank-signature';
import { bankWebhookSecret, mpesaCallbackSecret, sameSecret } from './secrets';

/** Exactly what an unknown route answers: a caller without the secret learns nothing more. */
export const unknownRoute = (c: Context) =>
  new ApiError(404, 'not_found', 'Not found', `No route matches ${c.req.method} ${c.req.path}.`);

/**
 * Daraja does not sign its callbacks: the URLs registered with it carry our secret as the
 * `token` query parameter (the request log never writes query strings).
 */
export const requireMpesaToken: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const token = c.req.query('token') ?? '';
  if (!sameSecret(token, await mpesaCallbackSecret())) throw unknownRoute(c);
  await next();
};

const signatureProblems: Record<Exclude<SignatureCheck, 'valid'>, string> = {
  missing: 'Send the X-Bank-Signature header: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">.',
  stale: 'The signature timestamp is more than 5 minutes from our clock; sign each request when sending it.',
  mismatch: 'The signature does not match the body.',
};

/** The bank signs the raw body with the shared secret; checked before the body is even parsed. */
export const requireBankSignature: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const check = checkBankSignature(c.req.header('x-bank-signature'), await c.req.text(), await bankWebhookSecret());
  if (check !== 'valid') {
    logger().warn({ requestId: c.get('requestId'), check }, 'bank credit notification refused: bad signature');
    throw new ApiError(401, 'invalid_signature', 'Invalid signature', signatureProblems[check]);
  }
  await next();
};
