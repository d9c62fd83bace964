import { z } from 'zod';

/**
 * What a field must be, said in words, for every check zod makes without a message of its own.
 * Installed once per process as zod's global `customError` (zod 4's error customization: a
 * message given on the schema still wins, then the parse's own, then this). The API's 422
 * `errors[].message` and the portal's form errors come from the same schemas, so both read the same.
 */
type RawIssue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

const ISO_TIME_EXAMPLE = '2026-12-31T21:00:00Z';

const list = (values: readonly unknown[]) => {
  const shown = values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
};

const characters = (count: number | bigint) => `${count} character${count === 1 ? '' : 's'}`;
const items = (count: number | bigint) => `${count} item${count === 1 ? '' : 's'}`;

const TYPE_WORDS: Record<string, string> = {
  string: 'Must be text',
  number: 'Must be a number such as 1500.50',
  int: 'Must be a whole number such as 10',
  bigint: 'Must be a whole number such as 10',
  boolean: 'Must be true or false',
  array: 'Must be a list (a JSON array)',
  object: 'Must be an object (a JSON object with named fields)',
  record: 'Must be an object (a JSON object with named fields)',
  date: `Must be a time in ISO 8601 UTC, such as ${ISO_TIME_EXAMPLE}`,
  null: 'Must be null',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'Must be an email address such as name@example.com',
  uuid: 'Must be an id such as 3f2b8c4e-9a1d-4c7e-8b2f-6d5e4a3c2b1a',
  guid: 'Must be an id such as 3f2b8c4e-9a1d-4c7e-8b2f-6d5e4a3c2b1a',
  datetime: `Must be a time in ISO 8601 UTC, such as ${ISO_TIME_EXAMPLE}`,
  date: 'Must be a date such as 2026-12-31 (YYYY-MM-DD)',
  time: 'Must be a time of day such as 21:00:00',
  url: 'Must be a web address such as https://example.com/webhooks',
  e164: 'Must be a phone number with its country code, such as +254712345678',
  base64: 'Must be base64 text',
  base64url: 'Must be base64url text',
};

function tooSmall(issue: Extract<RawIssue, { code: 'too_small' }>): string {
  const { origin, minimum, inclusive } = issue;
  if (origin === 'string') return Number(minimum) <= 1 ? 'Required' : `Must be at least ${characters(minimum)}`;
  if (origin === 'array' || origin === 'set') return `Must have at least ${items(minimum)}`;
  if (origin === 'date') return `Must be ${inclusive ? 'at or after' : 'after'} ${new Date(Number(minimum)).toISOString()}`;
  return inclusive ? `Must be ${minimum} or more` : `Must be more than ${minimum}`;
}

function tooBig(issue: Extract<RawIssue, { code: 'too_big' }>): string {
  const { origin, maximum, inclusive } = issue;
  if (origin === 'string') return `Must be at most ${characters(maximum)}`;
  if (origin === 'array' || origin === 'set') return `Must have at most ${items(maximum)}`;
  if (origin === 'date') return `Must be ${inclusive ? 'at or before' : 'before'} ${new Date(Number(maximum)).toISOString()}`;
  return inclusive ? `Must be ${maximum} or less` : `Must be less than ${maximum}`;
}

function invalidFormat(issue: Extract<RawIssue, { code: 'invalid_format' }>): string {
  const detail = issue as { format: string; prefix?: string; suffix?: string; includes?: string };
  if (detail.format === 'starts_with') return `Must start with ${detail.prefix}`;
  if (detail.format === 'ends_with') return `Must end with ${detail.suffix}`;
  if (detail.format === 'includes') return `Must contain ${detail.includes}`;
  return FORMAT_WORDS[detail.format] ?? 'Is not in the form this field takes (see the API reference)';
}

/** The sentence for one issue; never zod's own wording ("Invalid input: expected string…"). */
export function humanIssueMessage(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Required';
      return TYPE_WORDS[issue.expected] ?? 'Is not the kind of value this field takes (see the API reference)';
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return invalidFormat(issue);
    case 'invalid_value':
      return issue.values.length === 1 ? `Must be ${list(issue.values)}` : `Must be one of ${list(issue.values)}`;
    case 'not_multiple_of':
      return `Must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `Not a field of this request: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return issue.input === undefined ? 'Required' : 'Is not any of the forms this field takes (see the API reference)';
    case 'invalid_key':
      return 'Has a name that is not allowed here';
    case 'invalid_element':
      return 'Has an entry that is not valid';
    default:
      return 'Is not valid';
  }
}

z.config({ customError: humanIssueMessage });
