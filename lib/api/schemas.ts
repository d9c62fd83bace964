import { z } from '@hono/zod-openapi';

export const Problem = z
  .object({
    type: z.string().openapi({ example: 'https://docs.collect.example/problems/validation_failed' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string().openapi({ description: 'Stable, machine-readable error code.' }),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .openapi({ description: 'One entry per invalid field (validation errors only).' }),
  })
  .openapi('Problem', { description: 'RFC 9457 problem details.' });

const problemText: Record<number, string> = {
  400: 'Malformed JSON.',
  401: 'Missing, malformed, expired or revoked access token.',
  403: 'The role does not allow this operation.',
  404: 'Unknown route or id (an id of another merchant is unknown too).',
  409: 'Conflicts with the current state or an existing record.',
  413: 'Body larger than 1 MB.',
  415: 'Body is not application/json.',
  422: 'Validation failed.',
  429: 'Too many requests; see Retry-After.',
};

/** Problem responses for a route's OpenAPI description. */
export function problems(...statuses: (keyof typeof problemText)[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: problemText[status]!, content: { 'application/problem+json': { schema: Problem } } },
    ]),
  ) as Record<number, { description: string; content: { 'application/problem+json': { schema: typeof Problem } } }>;
}

export const jsonBody = <T extends z.ZodType>(schema: T, description?: string) => ({
  required: true,
  description,
  content: { 'application/json': { schema } },
});

export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const Uuid = z.uuid();
export const Timestamp = z.iso.datetime().openapi({ example: '2026-11-21T10:02:53.123Z' });

/**
 * The instants the API takes (filters such as `from` and `to`): from the Unix epoch to the last
 * millisecond of year 9999, UTC. Wide enough for "since ever" and "until ever"; narrow enough that
 * every one is a PostgreSQL timestamptz and a JavaScript Date that prints back as it was read.
 */
export const EARLIEST_INSTANT = '1970-01-01T00:00:00.000Z';
export const LATEST_INSTANT = '9999-12-31T23:59:59.999Z';
const instantRange = [Date.parse(EARLIEST_INSTANT), Date.parse(LATEST_INSTANT)] as const;

/** Whether a parsed instant (milliseconds) lies in the range the API takes. */
export const withinInstantRange = (ms: number) => ms >= instantRange[0] && ms <= instantRange[1];

/** A timestamp the API takes as input: ISO 8601 with Z or an offset, a real calendar date, in range. */
export const TimestampInput = z.iso
  .datetime({ offset: true })
  .refine((text) => withinInstantRange(Date.parse(text)), `Must be between ${EARLIEST_INSTANT} and ${LATEST_INSTANT}.`)
  .openapi({ example: '2026-11-21T10:02:53Z', description: `ISO 8601 with Z or an offset, from ${EARLIEST_INSTANT} to ${LATEST_INSTANT}.` });
export const bearerSecurity = [{ Bearer: [] }];
