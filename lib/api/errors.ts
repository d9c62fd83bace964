import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { logger } from '@/lib/platform/logger';

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
    case 415:
      return new ApiError(415, 'unsupported_media_type', 'Unsupported media type', 'Send the body as application/json.');
    default:
      return new ApiError(error.status as ContentfulStatusCode, 'http_error', error.message || 'Request failed');
  }
}

export function handleError(error: Error, c: Context): Response {
  if (error instanceof ApiError) return problemResponse(c, error);
  if (error instanceof HTTPException) return problemResponse(c, fromHttpException(error));
  // Anything else is a bug or an outage: log it whole, show the caller nothing of it.
  logger().error({ err: error, requestId: c.get('requestId') }, 'unhandled error');
  return problemResponse(
    c,
    new ApiError(500, 'internal_error', 'Internal server error', 'Something went wrong on our side; it has been logged.'),
  );
}
