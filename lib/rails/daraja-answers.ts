import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiEnv } from '@/lib/api/context';
import { limitRequestBody } from '@/lib/api/body-limit';
import { ApiError, outageCause, outageRoute } from '@/lib/api/errors';
import { isDatabaseUnavailable } from '@/lib/platform/db/errors';
import { logger, logOutage } from '@/lib/platform/logger';

/** Seconds Daraja (or anyone) should wait before resending while the database is out. */
export const RETRY_AFTER_SECONDS = 5;

/** Every Daraja route: each answers in Daraja's format whatever arrives (docs/rails.md). */
export type DarajaStep =
  | 'c2b-validation'
  | 'c2b-confirmation'
  | 'stk-callback'
  | 'reversal-result'
  | 'reversal-timeout'
  | 'status-result'
  | 'status-timeout'
  | 'pull-notice'
  | 'payout-result'
  | 'payout-timeout';

/** Daraja's "rejected, other error": no money moves. */
const VALIDATION_REFUSED = { ResultCode: 'C2B00016', ResultDesc: 'Rejected' };
const UNAVAILABLE = { ResultCode: '1', ResultDesc: 'Temporarily unavailable; retry' };
const INTERNAL = { ResultCode: '1', ResultDesc: 'Internal error; retry' };

/** The sentence of a request we could not read (malformed JSON, a body that is not Daraja's, too large). */
function unreadable(error: unknown): { status: ContentfulStatusCode; sentence: string } | undefined {
  if (error instanceof HTTPException && error.status < 500) {
    return { status: error.status as ContentfulStatusCode, sentence: error.status === 400 ? 'the body is not valid JSON' : error.message || 'the request cannot be read' };
  }
  if (error instanceof ApiError && error.status < 500) {
    const fields = (error.extra.errors ?? []).map((field) => field.path).filter(Boolean);
    const sentence = fields.length ? `not a Daraja request (${fields.join(', ')})` : error.status === 422 ? 'not a Daraja request' : (error.detail ?? error.title);
    return { status: error.status, sentence };
  }
  return undefined;
}

/**
 * Daraja reads only its own format, so the Daraja routes answer in it whatever happens (after the
 * token check, whose 404 stays exactly an unknown route's answer). Validation that cannot check
 * rejects (C2B00016): no money moves while we could not record it. A confirmation or callback we
 * could not keep is never "Accepted": 503 with Retry-After while the database is out, the request's
 * own 4xx when it cannot be read, 500 otherwise; always a Daraja-shaped body (docs/rails.md).
 */
export function darajaAnswers(step: DarajaStep): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    try {
      // Read first, within the API's body limit: Hono keeps the text, the JSON validator parses it,
      // and suspense keeps it as is.
      await limitRequestBody(c, async () => {
        await c.req.text();
      });
    } catch (error) {
      return failure(c, step, error);
    }
    await next();
    const error = c.error;
    if (!error || (error instanceof ApiError && error.status === 404)) return;
    c.res = failure(c, step, error);
  };
}

function failure(c: Context<ApiEnv>, step: DarajaStep, error: unknown): Response {
  const requestId = c.get('requestId');
  const unavailable = isDatabaseUnavailable(error);
  const bad = unavailable ? undefined : unreadable(error);
  const log = { requestId, step, err: bad ? undefined : error };
  if (unavailable) return outage(c, step, error);
  if (step === 'c2b-validation') {
    logger()[bad ? 'warn' : 'error'](log, `Daraja validation answered C2B00016: ${bad ? bad.sentence : 'unexpected error'}`);
    return c.json(VALIDATION_REFUSED, 200);
  }
  // Money may have moved and could not be kept: an operator must hear of it.
  logger().error(log, `Daraja ${step} not kept: ${bad ? bad.sentence : 'unexpected error'}`);
  if (bad) return c.json({ ResultCode: '1', ResultDesc: `Rejected: ${bad.sentence}` }, bad.status);
  return c.json(INTERNAL, 500);
}

/**
 * The database is out, or did not answer in time (a hung server meets the pools' timeouts): validation
 * cannot check, so it rejects (C2B00016: no money moves); anything else is not kept and asks Daraja to
 * send it again. Logged once per 10 s per route with a count, as the API's other routes (logOutage).
 */
function outage(c: Context<ApiEnv>, step: DarajaStep, error: unknown): Response {
  const validation = step === 'c2b-validation';
  logOutage(outageRoute(c), { requestId: c.get('requestId'), step, ...outageCause(error) }, validation ? 'database unavailable: Daraja validation answered C2B00016' : `database unavailable: Daraja ${step} not kept, answering 503`);
  if (validation) return c.json(VALIDATION_REFUSED, 200);
  return c.json(UNAVAILABLE, 503, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
}
