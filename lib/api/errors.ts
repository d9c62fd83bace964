import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isDatabaseUnavailable } from '@/lib/platform/db/errors';
import { logger, logOutage } from '@/lib/platform/logger';

export interface FieldError {
  path: string;
  message: string;
}

/** An error the API means to show: one place (problemResponse) turns it into problem+json. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    readonly title: string,
    readonly detail?: string,
    readonly extra: { errors?: FieldError[]; headers?: Record<string, string>; [key: string]: unknown } = {},
  ) {
    super(detail ?? title);
  }
}

export const badRequest = (detail: string) => new ApiError(400, 'malformed_request', 'Malformed request', detail);
export const unauthorized = (detail: string, code = 'unauthorized') =>
  new ApiError(401, code, 'Authentication required', detail, {
    headers: { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${detail}"` },
  });
export const forbidden = (detail: string) => new ApiError(403, 'forbidden', 'Forbidden', detail);
export const notFound = (what: string) => new ApiError(404, 'not_found', 'Not found', `${what} was not found.`);
export const conflict = (detail: string, extra: Record<string, unknown> = {}) =>
  new ApiError(409, 'conflict', 'Conflict', detail, extra);
export const unprocessable = (detail: string, errors: FieldError[] = [], code = 'validation_failed') =>
  new ApiError(422, code, 'Validation failed', detail, { errors });

/** Methods the API serves somewhere; TRACE and TRACK (which echo requests back) are never among them. */
export const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
export const methodNotAllowed = () =>
  new ApiError(405, 'method_not_allowed', 'Method not allowed', 'TRACE and TRACK are not served.', { headers: { Allow: ALLOWED_METHODS } });

const PROBLEM_BASE = 'https://docs.collect.example/problems/';

export function problemResponse(c: Context, error: ApiError): Response {
  const { headers = {}, ...extra } = error.extra;
  const body = {
    type: PROBLEM_BASE + error.code,
    title: error.title,
    status: error.status,
    detail: error.detail ?? error.title,
    code: error.code,
    ...extra,
  };
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  return c.body(JSON.stringify(body), error.status, { 'Content-Type': 'application/problem+json' });
}

/** Hono's own exceptions (malformed JSON, unsupported media type, body limit) in our shape. */
function fromHttpException(error: HTTPException): ApiError {
  switch (error.status) {
    case 400:
      return badRequest('The request body is not valid JSON.');
    case 413:
      return new ApiError(413, 'payload_too_large', 'Payload too large', 'The request body is larger than 1 MB.');
    case 405:
      return methodNotAllowed();
    case 415:
      return new ApiError(415, 'unsupported_media_type', 'Unsupported media type', 'Send the body as application/json.');
    default:
      return new ApiError(error.status as ContentfulStatusCode, 'http_error', error.message || 'Request failed');
  }
}

/** A few seconds, as the Daraja routes say (lib/rails/daraja-answers.ts): the embedded PostgreSQL is back within about a second. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export const serviceUnavailable = () =>
  new ApiError(503, 'service_unavailable', 'Service unavailable', 'The service cannot reach its database right now; retry shortly.', {
    headers: { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) },
  });

const invalidInput = () =>
  new ApiError(422, 'invalid_input', 'Invalid input', 'A value in the request cannot be stored or compared as given (out of range, malformed or nested too deeply).');

/** The SQLSTATE of a database error, searched through drizzle's wrapping (`cause`). */
function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * PostgreSQL refused a value the request carried: class 22 (data exception: a NUL byte, an
 * impossible date, a number out of range, text too long) or 54001 (statement too deeply nested).
 * Validation should have caught it first; this is the net under it, so the caller never sees a 500.
 */
const isInputRefusedByDatabase = (code: string | undefined) => code !== undefined && (code.startsWith('22') || code === '54001');

/**
 * The route an outage is logged under (lib/platform/logger.ts, logOutage): its pattern, never the
 * path itself, whose ids would make every request a route of its own.
 */
export const outageRoute = (c: Context) => `${c.req.method} ${routePath(c, -1)}`;

/** What an outage's log line says of the error: its code and first line, never a stack per request. */
export function outageCause(error: unknown): { code?: unknown; cause?: string } {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return { code, cause: typeof message === 'string' ? message.split('\n')[0] : undefined };
}

export function handleError(error: Error, c: Context): Response {
  if (error instanceof ApiError) return problemResponse(c, error);
  if (error instanceof HTTPException) return problemResponse(c, fromHttpException(error));
  const requestId = c.get('requestId') as string | undefined;
  if (isDatabaseUnavailable(error)) {
    logOutage(outageRoute(c), { requestId, ...outageCause(error) }, 'database unavailable: answering 503 until it is back');
    return problemResponse(c, serviceUnavailable());
  }
  const code = sqlState(error);
  if (isInputRefusedByDatabase(code)) {
    logger().warn({ requestId, code, method: c.req.method, path: c.req.path }, 'input refused by PostgreSQL: answering 422');
    return problemResponse(c, invalidInput());
  }
  // Anything else is a bug: log it whole, show the caller nothing of it.
  logger().error({ err: error, requestId }, 'unhandled error');
  return problemResponse(
    c,
    new ApiError(500, 'internal_error', 'Internal server error', 'Something went wrong on our side; it has been logged.'),
  );
}
