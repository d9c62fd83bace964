import { randomUUID } from 'node:crypto';

/**
 * JSON text placed as is into a request body: what JSON.stringify cannot produce (1e400, -0,
 * 10,000 levels of nesting) but a careless or hostile client sends all the same.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Serialises a generated value, keeping RawJson pieces verbatim; lone surrogates become \uD800 escapes. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A JSON document nested `levels` deep, built as text (a recursive build would overflow our own stack). */
export const deepArray = (levels: number) => new RawJson(`${'['.repeat(levels)}1${']'.repeat(levels)}`);
export const deepObject = (levels: number) => new RawJson(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);

/** Long enough to exceed any column or index, short enough to stay under the 1 MB body limit. */
export const LONG_IN_BODY = 100_000;

/** Strings that PostgreSQL, JSON, URLs, regexes or humans treat specially. */
export const NASTY_STRINGS: readonly string[] = [
  'A\u0000B',
  '\u0000',
  'INV\u0000-1',
  '\u0001\u0002\u0003\u001b[31m\u001f\u007f',
  '\t\n\r\v\f',
  '\u0085\u2028\u2029',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '\udc00\ud800',
  '\uffff\ufffe',
  '\u200b\ufeff\u200d',
  'e\u0301',
  '𝕏𝕐',
  '💳💳',
  ' ',
  '   padded   repeated   ',
  "' or 1=1 --",
  '%00',
  '\\u0000',
  '<script>alert(1)</script>',
  '${jndi:x}',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '-1',
  '0',
  '-0',
  '0.001',
  '12.345',
  '1e3',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '1,000.00',
  ' 100 ',
  '+100',
  '100000000000000.01',
  '999999999999999.99',
  '999999999999.999',
  '1000000000000',
  '90071992547409.93',
];

/** Date-time strings at and past every edge: years 0000, 0001, 9999, impossible days, odd offsets. */
export const BOUNDARY_DATES: readonly string[] = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '0001-01-01T00:00:00+14:00',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59.999-12:00',
  '2026-02-30T00:00:00Z',
  '2026-02-29T00:00:00Z',
  '2028-02-29T12:00:00Z',
  '2026-04-31T00:00:00Z',
  '2026-13-01T00:00:00Z',
  '2026-00-10T00:00:00Z',
  '2026-01-01T24:00:00Z',
  '2026-06-30T23:59:60Z',
  '2026-01-01T00:00:00+05:45',
  '2026-01-01T00:00:00+14:00',
  '2026-01-01T00:00:00-12:00',
  '2026-01-01T00:00:00+23:59',
  '2026-01-01T00:00:00+99:99',
  '2026-01-01T00:00:00-00:00',
  '2026-01-01T00:00:00.123456789Z',
  '2026-01-01t00:00:00z',
  '2026-01-01 00:00:00Z',
  '2026-01-01',
  '2026-01-01T00:00:00',
  '+275760-09-13T00:00:00Z',
  '+275760-09-13T00:00:00.001Z',
  '-000001-01-01T00:00:00Z',
  '10000-01-01T00:00:00Z',
  '1969-12-31T23:59:59.999Z',
  '1970-01-01T00:00:00Z',
  '1',
  '0',
  '2026',
  'today',
  '',
];

/** Numbers at and past the limits a money service has: the amount cap, 2^53, doubles, signs, scales. */
export const BOUNDARY_NUMBERS: readonly (number | RawJson)[] = [
  0,
  -1,
  0.001,
  0.01,
  12.345,
  1,
  250_000,
  250_001,
  999_999_999_999.99,
  1_000_000_000_000,
  90_071_992_547_409.93,
  100_000_000_000_000.01,
  999_999_999_999_999.9,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 63,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  1e-7,
  new RawJson('-0'),
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('1E2'),
  new RawJson('0.10000000000000000000000000001'),
  new RawJson(`1${'0'.repeat(400)}`),
  new RawJson('999999999999.999'),
  new RawJson('999999999999.9991'),
];

const base64url = (text: string) => Buffer.from(text).toString('base64url');
const cursorOf = (createdAt: unknown, id: unknown = randomUUID()) => base64url(JSON.stringify([createdAt, id]));

/** Cursors a client could forge: impossible dates, years 0000 and 9999, the wrong shapes, plain garbage. */
export const MALFORMED_CURSORS: readonly string[] = [
  cursorOf('2026-02-30T00:00:00Z'),
  cursorOf('0000-01-01T00:00:00Z'),
  cursorOf('0000-01-01T00:00:00.000Z'),
  cursorOf('9999-12-31T23:59:59.999Z'),
  cursorOf('+275760-09-13T00:00:00.000Z'),
  cursorOf('-000001-01-01T00:00:00.000Z'),
  cursorOf('2026-01-01T00:00:00+99:99'),
  cursorOf('1'),
  cursorOf('2026'),
  cursorOf('Tue, 01 Jan 2026 00:00:00 GMT'),
  cursorOf('2026-01-01T00:00:00\u0000Z'),
  cursorOf('2026-01-01T00:00:00.000Z', 'not-a-uuid'),
  cursorOf('2026-01-01T00:00:00.000Z', '00000000-0000-0000-0000-000000000000'),
  cursorOf(null, null),
  cursorOf(1, 2),
  base64url('{"createdAt":"2026-01-01T00:00:00Z"}'),
  base64url('[]'),
  base64url('null'),
  base64url('\u0000'),
  base64url('['.repeat(5000)),
  'garbage',
  '!!!!',
  '%00',
  '====',
  'a'.repeat(200),
  'a'.repeat(201),
];

/** Authorization headers a merchant route must refuse with 401. */
export const BAD_AUTHORIZATIONS: readonly string[] = [
  '',
  'Bearer',
  'Bearer ',
  'Bearer garbage',
  `Bearer v4.public.${'A'.repeat(5000)}`,
  'Bearer v4.public.eyJ.eyJ',
  'Basic dXNlcjpwYXNz',
  'bearer\tx',
];
