import fc from 'fast-check';
import { BOUNDARY_DATES, BOUNDARY_NUMBERS, deepArray, deepObject, NASTY_STRINGS, RawJson } from './hostile';

/** The part of JSON Schema (OpenAPI 3.1 dialect) that the service's document uses. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/**
 * `realistic` draws what a careful client sends (real ids, plain text, amounts in range), so that
 * requests pass the business rules and their answers' bodies get checked; `valid` draws only
 * values the schema allows, but the nastiest ones it allows (NUL, lone surrogates, boundary
 * lengths and dates), so that they reach the handlers; `mixed` also draws values past every limit
 * and of the wrong type, so that validation itself is tried.
 */
export type Mode = 'realistic' | 'valid' | 'mixed';

export interface SchemaContext {
  resolve(ref: string): JsonSchema;
  /** Real values (ids, account numbers, references) for a field name, so that lookups can hit. */
  known(name: string): readonly unknown[];
  /** Whether reusing a known value of this field makes a duplicate (a bill reference, a receipt). */
  makesDuplicate(name: string): boolean;
  /** How long a "very long" string may be where this value travels (a URL holds less than a body). */
  longLength: number;
  /** How deep "deeply nested" goes there: 10,000 levels in a body, less in a URL (16 KB of headers at most). */
  deepLevels: number;
}

const weighted = <T>(...entries: [fc.Arbitrary<T>, number][]) => fc.oneof(...entries.map(([arbitrary, weight]) => ({ arbitrary, weight })));

const char = (min: number, max: number) => fc.integer({ min, max }).map((code) => String.fromCharCode(code));
/** Mostly printable ASCII, with control characters, lone surrogate halves and other BMP characters mixed in. */
const hostileUnit = weighted<string>([char(0x20, 0x7e), 8], [char(0x00, 0x1f), 1], [char(0xd800, 0xdfff), 1], [char(0x80, 0xfffd), 1]);

function stringArbitrary(schema: JsonSchema, ctx: SchemaContext, mode: Mode, name: string): fc.Arbitrary<unknown> {
  const minLength = schema.minLength ?? 0;
  // Without a documented limit, "very long" is as long as the place the value travels in allows.
  const maxLength = schema.maxLength ?? ctx.longLength;
  const fits = (text: string) => text.length >= minLength && text.length <= maxLength;
  const valid: [fc.Arbitrary<unknown>, number][] = [];

  if (mode === 'realistic') return realisticString(schema, minLength, maxLength, name);
  if (schema.format === 'uuid') valid.push([fc.uuid(), 3]);
  else if (schema.format === 'date-time') {
    const now = Date.now();
    valid.push([fc.date({ min: new Date(now - 400 * 86_400_000), max: new Date(now + 400 * 86_400_000), noInvalidDate: true }).map((date) => date.toISOString()), 4]);
    valid.push([fc.constantFrom(...BOUNDARY_DATES), 1]);
  } else if (schema.format === 'email') {
    valid.push([fc.emailAddress().filter(fits), 3]);
    valid.push([fc.constantFrom('a\u0000b@example.com', 'A@EXAMPLE.COM', 'x@localhost', `${'a'.repeat(64)}@example.com`, 'user+tag@example.co.ke').filter(fits), 1]);
  } else if (schema.pattern) {
    valid.push([matching(schema.pattern, maxLength).filter(fits), 4]);
  } else {
    valid.push([fc.string({ unit: 'grapheme-ascii', minLength, maxLength: Math.min(maxLength, 40) }), 3]);
    valid.push([fc.string({ unit: hostileUnit, minLength, maxLength: Math.min(maxLength, 60) }), 3]);
    const nasty = NASTY_STRINGS.filter(fits);
    if (nasty.length) valid.push([fc.constantFrom(...nasty), 3]);
    // Exactly at the limit, in plain and in awkward characters.
    const atLimit = ['x', '\u0000', 'é', '\ud800'].map((unit) => unit.repeat(Math.min(maxLength, ctx.longLength))).filter(fits);
    valid.push([fc.constantFrom(...atLimit), 1]);
  }
  if (mode === 'valid') return weighted(...valid);

  const longer = Math.min(Math.max(maxLength + 1, ctx.longLength), ctx.longLength);
  const hostile: [fc.Arbitrary<unknown>, number][] = [
    [fc.constantFrom(...NASTY_STRINGS, ...BOUNDARY_DATES), 3],
    [fc.constantFrom('x'.repeat(maxLength + 1), '\u0000'.repeat(longer), 'x'.repeat(longer), '', '\ud800'.repeat(longer)), 2],
    [wrongType('string', ctx), 2],
    [fc.string({ unit: hostileUnit, maxLength: 80 }), 2],
  ];
  return weighted(...valid, ...hostile);
}

/** Strings matching a documented pattern; one fast-check cannot generate from still gets tried with plain text. */
function matching(pattern: string, maxLength: number): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern), { maxLength });
  } catch {
    return fc.string({ unit: 'grapheme-ascii', maxLength });
  }
}

function realisticString(schema: JsonSchema, minLength: number, maxLength: number, name: string): fc.Arbitrary<unknown> {
  // Rails send amounts as text: a careful sender's are decimals.
  if (/amount$/i.test(name)) return fc.integer({ min: 100, max: 50_000_000 }).map((cents) => (cents / 100).toFixed(2));
  if (schema.format === 'uuid') return fc.uuid({ version: 4 });
  if (schema.format === 'email') return fc.emailAddress().filter((text) => text.length <= maxLength);
  if (schema.format === 'date-time') {
    const now = Date.now();
    return fc.integer({ min: 1, max: 300 }).map((days) => new Date(now + days * 86_400_000).toISOString());
  }
  if (schema.pattern) return matching(schema.pattern, Math.min(maxLength, 30)).filter((text) => text.length >= minLength);
  return fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .-]*$/, { maxLength: Math.min(maxLength, 30) }).filter((text) => text.length >= Math.max(minLength, 1) && text.length <= maxLength);
}

function numberArbitrary(schema: JsonSchema, ctx: SchemaContext, mode: Mode): fc.Arbitrary<unknown> {
  const integer = schema.type === 'integer';
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 0.01) : integer ? 0 : 0.01);
  const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 0.01) : integer ? 1_000_000 : 1_000_000);
  if (mode === 'realistic') {
    const top = Math.min(high, 5_000);
    return integer ? fc.integer({ min: Math.ceil(low), max: Math.max(Math.ceil(low), Math.floor(top)) }) : fc.integer({ min: Math.max(1, Math.ceil(low * 100)), max: Math.floor(top * 100) }).map((cents) => cents / 100);
  }
  const edges = [low, high, (low + high) / 2].map((value) => (integer ? Math.round(value) : Number(value.toFixed(2)))).filter((value) => value >= low && value <= high);
  const valid: [fc.Arbitrary<unknown>, number][] = [
    [integer ? fc.integer({ min: Math.ceil(low), max: Math.floor(Math.min(high, Number.MAX_SAFE_INTEGER)) }) : fc.integer({ min: Math.ceil(low * 100), max: Math.floor(high * 100) }).map((cents) => cents / 100), 4],
    [fc.constantFrom(...edges), 2],
  ];
  // Without a documented upper bound, the service's own amount limit is the edge to try.
  if (schema.maximum === undefined) valid.push([fc.constantFrom(...BOUNDARY_NUMBERS.filter((value) => typeof value === 'number' && value >= low)), 2]);
  if (mode === 'valid') return weighted(...valid);
  const past = [low - 1, high + 1, integer ? low + 0.5 : low - 0.001, high + 0.001];
  return weighted(...valid, [fc.constantFrom(...past, ...BOUNDARY_NUMBERS), 4], [wrongType('number', ctx), 2]);
}

/** Something of another JSON type than `expected`, including numbers written as text and 10,000-deep nesting. */
function wrongType(expected: string, ctx: SchemaContext): fc.Arbitrary<unknown> {
  const candidates: unknown[] = [null, true, 0, -1, '1500', '', [], {}, ['x'], { value: 1 }, deepArray(ctx.deepLevels), deepObject(ctx.deepLevels), new RawJson('1e400')];
  return fc.constantFrom(...candidates.filter((value) => jsonTypeOf(value) !== expected));
}

const jsonTypeOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : value instanceof RawJson ? 'raw' : typeof value;

function objectArbitrary(schema: JsonSchema, ctx: SchemaContext, mode: Mode): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  const model = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, arbitraryFor(property, ctx, mode, name)]));
  const valid = fc.record(model, { requiredKeys: required.filter((name) => name in properties) });
  const allowsExtra = schema.additionalProperties !== false;
  const withExtra = allowsExtra
    ? fc.tuple(valid, fc.constantFrom<unknown>('x', '\u0000', { deep: [1] }, deepObject(ctx.deepLevels), deepArray(ctx.deepLevels), 'A\u0000B')).map(([object, extra]) => ({ ...(object as object), ExtraField: extra }))
    : valid;
  if (mode === 'realistic') return valid;
  if (mode === 'valid') return weighted<unknown>([valid, 6], [withExtra, 1]);
  const missingOne = required.length
    ? fc.tuple(valid, fc.constantFrom(...required)).map(([object, name]) => {
        const copy = { ...(object as Record<string, unknown>) };
        delete copy[name];
        return copy;
      })
    : valid;
  return weighted<unknown>([valid, 4], [withExtra, 2], [missingOne, 2], [wrongType('object', ctx), 1]);
}

function arrayArbitrary(schema: JsonSchema, ctx: SchemaContext, mode: Mode): fc.Arbitrary<unknown> {
  const items = schema.items ? arbitraryFor(schema.items, ctx, mode) : fc.jsonValue({ maxDepth: 2 });
  const minLength = schema.minItems ?? 0;
  const valid = fc.array(items, { minLength, maxLength: Math.min(schema.maxItems ?? 5, minLength + 5) });
  if (mode !== 'mixed') return valid;
  return weighted<unknown>([valid, 4], [fc.constant([]), 1], [fc.array(items, { minLength: 300, maxLength: 300 }), 1], [wrongType('array', ctx), 1]);
}

/** A fast-check arbitrary for one JSON Schema; `name` is the field's name, for real values that fit it. */
export function arbitraryFor(schema: JsonSchema, ctx: SchemaContext, mode: Mode, name = ''): fc.Arbitrary<unknown> {
  if (schema.$ref) return arbitraryFor(ctx.resolve(schema.$ref), ctx, mode, name);
  const generated = generic(schema, ctx, mode, name);
  const known = name ? ctx.known(name) : [];
  if (!known.length) return generated;
  if (mode !== 'realistic') return weighted<unknown>([fc.constantFrom(...known), 3], [generated, 2]);
  // A known reference or receipt makes a duplicate: now and then, not every time.
  return ctx.makesDuplicate(name) ? weighted<unknown>([fc.constantFrom(...known), 1], [generated, 3]) : fc.constantFrom(...known);
}

function generic(schema: JsonSchema, ctx: SchemaContext, mode: Mode, name: string): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => generic(branch.$ref ? ctx.resolve(branch.$ref) : branch, ctx, mode, name)));
  if (schema.allOf) return arbitraryFor(Object.assign({}, ...schema.allOf) as JsonSchema, ctx, mode);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) {
    const listed = fc.constantFrom(...schema.enum);
    if (mode !== 'mixed') return listed;
    const near = schema.enum.filter((value): value is string => typeof value === 'string').flatMap((value) => [value.toLowerCase(), ` ${value}`, `${value}\u0000`]);
    return weighted<unknown>([listed, 4], [fc.constantFrom('', 'UNKNOWN', ...near), 2], [wrongType('string', ctx), 1]);
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return weighted(...types.map((type): [fc.Arbitrary<unknown>, number] => [generic({ ...schema, type }, ctx, mode, name), type === 'null' ? 1 : mode === 'realistic' ? 8 : 4]));
  }
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema, ctx, mode, name);
    case 'number':
    case 'integer':
      return numberArbitrary(schema, ctx, mode);
    case 'boolean':
      return mode !== 'mixed' ? fc.boolean() : weighted<unknown>([fc.boolean(), 3], [fc.constantFrom('true', 1, 0, null), 1]);
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayArbitrary(schema, ctx, mode);
    case 'object':
      return objectArbitrary(schema, ctx, mode);
    default:
      if (mode === 'realistic') return fc.jsonValue({ maxDepth: 1 });
      return weighted<unknown>([fc.jsonValue({ maxDepth: 2 }), 3], [fc.constantFrom(...NASTY_STRINGS), 1], [wrongType('any', ctx), 1]);
  }
}
