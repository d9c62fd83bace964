import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { BAD_AUTHORIZATIONS, deepArray, deepObject, jsonText, LONG_IN_BODY, MALFORMED_CURSORS } from './hostile';
import { jsonBodySchema, requiresBearer, type Operation } from './operations';
import { isBankRoute, isDarajaRoute, queryString, signedBankHeader, targetOf, type FuzzRequest, type RailSecrets } from './requests';
import { arbitraryFor, type Mode, type SchemaContext } from './schema-arbitrary';
import type { World } from './world';

export interface CaseSettings {
  world: World;
  secrets: RailSecrets;
  schemas: Omit<SchemaContext, 'longLength' | 'deepLevels'>;
  seed: number;
  /** Generated cases per operation, a third in each Mode. */
  generated: number;
}

interface Drawn {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** Index into BAD_AUTHORIZATIONS, or -1 for the real credential. */
  credential: number;
}

/** Long enough for any column; short enough that a URL of several such values stays under Node's 16 KB header limit. */
const IN_URL = 600;

function drawnArbitrary(operation: Operation, settings: CaseSettings, mode: Mode): fc.Arbitrary<Drawn> {
  const inUrl: SchemaContext = { ...settings.schemas, longLength: IN_URL, deepLevels: 300 };
  const inBody: SchemaContext = { ...settings.schemas, longLength: LONG_IN_BODY, deepLevels: 10_000 };
  const of = (place: 'path' | 'query') => operation.parameters.filter((parameter) => parameter.in === place);
  // An optional filter is set one time in four: with every filter set at once, lists come back
  // empty and their rows would never be serialised and checked.
  const sometimes = (arbitrary: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary, weight: 1 });
  const record = (place: 'path' | 'query') =>
    fc.record(
      Object.fromEntries(
        of(place).map((parameter) => {
          const arbitrary = arbitraryFor(parameter.schema, inUrl, mode, parameter.name);
          return [parameter.name, parameter.required || place === 'path' ? arbitrary : sometimes(arbitrary)];
        }),
      ),
    );
  const bodySchema = jsonBodySchema(operation);
  return fc.record({
    path: record('path'),
    query: record('query'),
    body: bodySchema ? arbitraryFor(bodySchema, inBody, mode) : fc.constant(undefined),
    credential: mode !== 'mixed' ? fc.constant(-1) : fc.oneof({ arbitrary: fc.constant(-1), weight: 9 }, { arbitrary: fc.integer({ min: 0, max: BAD_AUTHORIZATIONS.length - 1 }), weight: 1 }),
  });
}

/** Credentials and signatures as the route expects them, so that well-formed cases reach the handler. */
function authorise(operation: Operation, request: FuzzRequest, settings: CaseSettings, credential: number): FuzzRequest {
  const { world, secrets } = settings;
  const headers = { ...request.headers };
  const good = credential < 0;
  if (requiresBearer(operation)) {
    const token = operation.path.startsWith('/api/v1/auth/') ? world.authUser.accessToken : world.token;
    headers.authorization = good ? `Bearer ${token}` : BAD_AUTHORIZATIONS[credential]!;
  } else if (operation.path.endsWith('/auth/logout') && good) {
    headers.authorization = `Bearer ${world.authUser.accessToken}`;
  }
  let target = request.target;
  if (isDarajaRoute(operation)) {
    const [path] = target.split('?');
    target = `${path}${queryString({ token: good ? secrets.mpesa : BAD_AUTHORIZATIONS[credential] })}`;
  }
  if (isBankRoute(operation)) headers['x-bank-signature'] = good ? signedBankHeader(secrets.bank, request.body) : 't=1,v1=00';
  return { ...request, target, headers };
}

function fromDrawn(operation: Operation, drawn: Drawn, settings: CaseSettings, label: string): FuzzRequest {
  const hasBody = jsonBodySchema(operation) !== undefined && drawn.body !== undefined;
  const request: FuzzRequest = {
    method: operation.method.toUpperCase(),
    target: targetOf(operation, drawn.path, drawn.query),
    headers: hasBody ? { 'content-type': 'application/json' } : {},
    body: hasBody ? jsonText(drawn.body) : null,
    label,
  };
  return authorise(operation, request, settings, drawn.credential);
}

/** Cases drawn from the operation's schemas, reproducible from the seed: a third of each mode. */
export function generatedCases(operation: Operation, settings: CaseSettings, operationIndex: number): FuzzRequest[] {
  const modes: Mode[] = ['realistic', 'valid', 'mixed'];
  return modes.flatMap((mode, index) => {
    const count = Math.floor(settings.generated / 3) + (index < settings.generated % 3 ? 1 : 0);
    const drawn = fc.sample(drawnArbitrary(operation, settings, mode), { seed: settings.seed + operationIndex * 7919 + index, numRuns: count });
    return drawn.map((values) => fromDrawn(operation, values, settings, mode));
  });
}

const MALFORMED_BODIES: readonly [string, string][] = [
  ['truncated JSON', '{"a":'],
  ['unclosed object', '{'],
  ['empty body', ''],
  ['JSON null', 'null'],
  ['JSON array', '[]'],
  ['JSON string', '"text"'],
  ['JSON number', '123'],
  ['byte order mark', '\ufeff{}'],
  ['duplicate keys', '{"amount":1,"amount":"x"}'],
  ['raw control character', '{"a":"\u0000\u0001"}'],
  ['lone surrogate escape', '{"a":"\\ud800"}'],
  ['10,000 nested arrays', deepArray(10_000).text],
  ['10,000 nested objects', deepObject(10_000).text],
];

/** Deliberately malformed requests: bodies, content types, sizes, cursors, ids and credentials. */
export function malformedCases(operation: Operation, settings: CaseSettings): FuzzRequest[] {
  const base = generatedCasesBase(operation, settings);
  const cases: FuzzRequest[] = [];
  const add = (label: string, change: Partial<FuzzRequest>) => cases.push(authorise(operation, { ...base, ...change, label }, settings, -1));

  if (jsonBodySchema(operation)) {
    const json = { 'content-type': 'application/json' };
    for (const [label, text] of MALFORMED_BODIES) add(label, { body: text, headers: json });
    add('invalid UTF-8 bytes', { body: Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x80, 0x22, 0x7d]), headers: json });
    add('body wrapped 10,000 levels deep under a field', { body: `{"extra":${deepObject(10_000).text}}`, headers: json });
    add('text/plain content type', { headers: { 'content-type': 'text/plain' } });
    add('form content type', { body: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    add('UTF-16 charset', { headers: { 'content-type': 'application/json; charset=utf-16' } });
    add('no content type', { headers: {}, omitContentType: true });
    const big = `{"pad":"${'x'.repeat(1_100_000)}"}`;
    add('body over 1 MB', { body: big, headers: json });
    add('body over 1 MB, chunked', { body: big, headers: json, chunked: true });
  }
  if (operation.parameters.some((parameter) => parameter.name === 'cursor' && parameter.in === 'query')) {
    for (const cursor of MALFORMED_CURSORS) add('malformed cursor', { target: `${base.target.split('?')[0]}${queryString({ ...baseQuery(base), cursor })}` });
  }
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  if (pathParameters.length) {
    const junk = ['not-a-uuid', '00000000-0000-0000-0000-000000000000', randomUUID().toUpperCase(), 'x\u0000', '\ud800', 'a'.repeat(4_000), `${randomUUID()}\u0000`, '💳', ' '];
    for (const value of junk) {
      const values = Object.fromEntries(pathParameters.map((parameter) => [parameter.name, value]));
      add('junk path id', { target: targetOf(operation, values, {}) });
    }
    for (const raw of ['%', '%zz', '%ff', '%C0%80', '%ED%A0%80']) {
      add('bad percent-encoding in path', { target: operation.path.replace(/\{[^}]+\}/g, raw) });
    }
  }
  if (operation.parameters.some((parameter) => parameter.in === 'query')) {
    const [path] = base.target.split('?');
    add('repeated and unknown query parameters', { target: `${path}?limit=1&limit=2&unknown=%00&limit=x` });
    add('bad percent-encoding in query', { target: `${path}?q=%&cursor=%zz&from=%ff` });
  }
  const withCredentials = requiresBearer(operation) || isDarajaRoute(operation) || isBankRoute(operation);
  if (withCredentials) {
    for (let index = 0; index < BAD_AUTHORIZATIONS.length; index += 3) cases.push(authorise(operation, { ...base, label: 'bad credential' }, settings, index));
  }
  if (operation.method === 'post' && operation.path.startsWith('/api/v1/merchants/')) {
    const withKey = (key: string, change: Partial<FuzzRequest> = {}) => authorise(operation, { ...base, ...change, headers: { ...base.headers, ...change.headers, 'idempotency-key': key }, label: 'idempotency key' }, settings, -1);
    cases.push(withKey('k'.repeat(256)), withKey('\u00fc\u00ff latin-1'));
    // The same key again with another request: refused as reused, never replayed as the first answer.
    const key = randomUUID();
    const changed = base.body === null ? { target: targetOf(operation, Object.fromEntries(pathParameters.map((parameter) => [parameter.name, randomUUID()])), {}) } : { body: '{"changed":true}' };
    cases.push({ ...withKey(key), followUp: withKey(key, changed) });
  }
  if (isBankRoute(operation)) {
    const stale = signedBankHeader(settings.secrets.bank, base.body, Math.floor(Date.now() / 1000) - 3600);
    for (const header of [stale, 't=abc,v1=zz', `t=${'9'.repeat(12)},v1=00`, 'v1=', '']) {
      cases.push({ ...authorise(operation, { ...base, label: 'bad bank signature' }, settings, -1), label: 'bad bank signature', headers: { ...base.headers, 'x-bank-signature': header } });
    }
  }
  return cases;
}

/** One schema-valid request to mutate from: the malformed cases then differ from it in one way only. */
function generatedCasesBase(operation: Operation, settings: CaseSettings): FuzzRequest {
  const [drawn] = fc.sample(drawnArbitrary(operation, settings, 'realistic'), { seed: settings.seed, numRuns: 1 });
  const request = fromDrawn(operation, drawn!, settings, 'base');
  return { ...request, headers: Object.fromEntries(Object.entries(request.headers).filter(([name]) => name === 'content-type')) };
}

function baseQuery(request: FuzzRequest): Record<string, string> {
  const [, search = ''] = request.target.split('?');
  return Object.fromEntries(new URLSearchParams(search));
}
