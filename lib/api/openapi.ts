import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiEnv } from './context';
import { OUTAGE_RETRY_AFTER_SECONDS } from './errors';

const DOCUMENT_INFO: Parameters<OpenAPIHono['getOpenAPI31Document']>[0] = {
  openapi: '3.1.0',
  info: {
    title: 'Collect: merchant virtual-account collection service',
    version: '1.0.0',
    description:
      'Collect payments into virtual accounts by M-Pesa paybill, phone prompt (STK push), instant bank transfer and RTGS. Errors are RFC 9457 problem+json.',
  },
};

type OpenApiDocument = ReturnType<OpenAPIHono['getOpenAPI31Document']>;
interface Operation {
  parameters?: { in?: string }[];
  requestBody?: unknown;
  security?: unknown[];
  responses?: Record<string, unknown>;
}

const problem = (description: string, extra: Record<string, unknown> = {}) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
  ...extra,
});

const OUTAGE_HEADERS = {
  'Retry-After': { description: `Seconds to wait before retrying (${OUTAGE_RETRY_AFTER_SECONDS}).`, schema: { type: 'integer' } },
};

/**
 * Answers any operation can give, whatever it declares itself (lib/api conventions). 422 too: any
 * query value, declared or not, holding a control character is refused (lib/api/text-guard.ts).
 */
const EVERY_OPERATION = {
  422: problem('Validation failed: a field is not valid, holds control characters or lone surrogates, or is nested too deeply (codes validation_failed, invalid_input).'),
  500: problem('An error on our side (code internal_error); it has been logged.'),
  503: problem('The database is unavailable (code service_unavailable); retry after Retry-After seconds.', { headers: OUTAGE_HEADERS }),
};
const WITH_PATH_ID = { 404: problem('Unknown id (an id of another merchant is unknown too).') };
const WITH_BODY = {
  400: problem('Malformed JSON.'),
  413: problem('Body larger than 1 MB.'),
  415: problem('Body is not application/json.'),
};
const WITH_TOKEN = { 401: problem('Missing, malformed, expired or revoked access token.') };

/** Daraja's routes answer in Daraja's own format and document their failures themselves (lib/rails). */
const DARAJA_PATHS = '/api/v1/rails/daraja/';

/**
 * Adds the answers every route inherits from the conventions (outage, bug, input checks, body
 * limits, authentication) to each operation that does not describe them itself, so that the
 * document lists every status the API can answer. What an operation declares is never replaced.
 */
export function withConventionalResponses(document: OpenApiDocument): OpenApiDocument {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (path.startsWith(DARAJA_PATHS)) continue;
    for (const operation of Object.values(item as Record<string, Operation>)) {
      if (typeof operation !== 'object' || operation === null || !('responses' in operation)) continue;
      const inherited = {
        ...EVERY_OPERATION,
        ...((operation.parameters ?? []).some((parameter) => parameter.in === 'path') ? WITH_PATH_ID : {}),
        ...(operation.requestBody !== undefined ? WITH_BODY : {}),
        ...(operation.security?.length ? WITH_TOKEN : {}),
      };
      const declared503 = operation.responses?.['503'] as { description?: string; headers?: Record<string, unknown> } | undefined;
      // A route's own 503 (a provider not configured, say) can still be an outage: it gains Retry-After.
      const outage = declared503 ? { 503: { ...declared503, headers: { ...OUTAGE_HEADERS, ...declared503.headers } } } : {};
      operation.responses = { ...inherited, ...operation.responses, ...outage };
    }
  }
  return document;
}

export const buildDocument = (app: OpenAPIHono<ApiEnv>) => withConventionalResponses(app.getOpenAPI31Document(DOCUMENT_INFO));

export function describeApi(app: OpenAPIHono<ApiEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'Bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'PASETO v4.public',
  });
  let document: OpenApiDocument | undefined; // built once: the routes do not change after start
  app.get('/openapi.json', (c) => c.json((document ??= buildDocument(app))));
}
