import type { OpenApiDocument, OperationObject, ParameterObject, SchemaObject } from './openapi-types';
import { resolve } from './schemas';

/**
 * Request and response examples for every operation, made from the document itself: a schema's own
 * `example` where it gives one, else a value its type and format allow. So a route added tomorrow
 * gets its curl and its JSON with nothing written by hand (tests/docs runs every one of them).
 */

const SAMPLE_UUID = '3f2b8c4e-9a1d-4c7e-8b2f-6d5e4a3c2b1a';
const SAMPLE_TIME = '2026-11-21T10:02:53.123Z';
const MAX_DEPTH = 6;

/** Values for strings without an example, by format. */
const FORMAT_SAMPLES: Record<string, string> = {
  uuid: SAMPLE_UUID,
  'date-time': SAMPLE_TIME,
  date: '2026-11-21',
  email: 'wanjiku@example.com',
  uri: 'https://example.com/webhooks/collect',
  url: 'https://example.com/webhooks/collect',
};

/** Strings without an example or a format, by the field's name: what a reader would type there. */
const NAMED_SAMPLES: [RegExp, string][] = [
  [/password/i, 'correct-horse-battery'],
  [/phone|msisdn/i, '254712345678'],
  [/^currency$/i, 'KES'],
  [/email/i, 'wanjiku@example.com'],
  [/url$/i, 'https://example.com/webhooks/collect'],
  [/accountnumber/i, '1000000018'],
  [/^accesstoken$/i, 'v4.public.eyJzdWIiOiIzZjJiOGM0ZSJ9…'],
  [/^refreshtoken$/i, 'rt_9yJ1c3Jp…'],
  [/^firstname$/i, 'Achieng'],
  [/^lastname$/i, 'Otieno'],
  [/displayname|^name$/i, 'Achieng Otieno'],
  [/reference|ref$/i, 'INV-2026-0042'],
  [/idempotency/i, 'payout-2026-11-21-001'],
  [/description|message|reason|detail|summary|note/i, 'Order service'],
];

type Mode = 'request' | 'response';

function firstExample(schema: SchemaObject): unknown {
  if (schema.example !== undefined) return schema.example;
  const examples = (schema as { examples?: unknown[] }).examples;
  if (Array.isArray(examples) && examples.length > 0) return examples[0];
  return undefined;
}

const typesOf = (schema: SchemaObject) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

function scalarSample(schema: SchemaObject, type: string, name: string): unknown {
  switch (type) {
    case 'string': {
      if (schema.format && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format];
      const text = NAMED_SAMPLES.find(([pattern]) => pattern.test(name))?.[1] ?? 'string';
      return schema.minLength && schema.minLength > text.length ? text.padEnd(schema.minLength, 'x') : text;
    }
    case 'integer':
      return schema.minimum ?? 1;
    case 'number':
      return schema.minimum ?? 1500.5;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return undefined;
  }
}

/**
 * One example value of a schema. A request shows the fields it must send and those with an
 * example of their own (what a first call would send); a response shows every field.
 */
export function exampleOf(document: OpenApiDocument, raw: SchemaObject | undefined, mode: Mode, depth = 0, name = ''): unknown {
  if (!raw || depth > MAX_DEPTH) return undefined;
  const schema = resolve(document, raw);
  const own = firstExample(schema) ?? firstExample(raw);
  if (own !== undefined) return own;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((value) => value !== null) ?? schema.enum[0];
  if (schema.default !== undefined && mode === 'request') return schema.default;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    const isNullOnly = (variant: SchemaObject) => typesOf(resolve(document, variant)).join() === 'null';
    const chosen = variants.find((variant) => !isNullOnly(variant)) ?? variants[0];
    return exampleOf(document, chosen, mode, depth + 1, name);
  }
  if (schema.allOf?.length) {
    const parts = schema.allOf.map((part) => exampleOf(document, part, mode, depth + 1));
    return parts.every((part) => part && typeof part === 'object' && !Array.isArray(part)) ? Object.assign({}, ...parts) : parts.at(-1);
  }
  const types = typesOf(schema).filter((type) => type !== 'null');
  const type = types[0] ?? (schema.properties ? 'object' : schema.items ? 'array' : undefined);
  if (type === 'object') return objectExample(document, schema, mode, depth);
  if (type === 'array') {
    const item = exampleOf(document, schema.items, mode, depth + 1, name);
    return item === undefined ? [] : [item];
  }
  if (type) return scalarSample(schema, type, name);
  return typesOf(schema).includes('null') ? null : undefined;
}

function objectExample(document: OpenApiDocument, schema: SchemaObject, mode: Mode, depth: number): Record<string, unknown> {
  const required = new Set(schema.required ?? []);
  const result: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const resolved = resolve(document, property);
    const hasOwnExample = firstExample(property) !== undefined || firstExample(resolved) !== undefined;
    if (mode === 'request' && !required.has(name) && !hasOwnExample) continue;
    const value = exampleOf(document, property, mode, depth + 1, name);
    if (value !== undefined) result[name] = value;
  }
  return result;
}

export interface RequestExample {
  /** The whole command, ready to paste into a shell with COLLECT_URL, TOKEN and the ids set. */
  curl: string;
  /** The shell variables the command reads, besides COLLECT_URL: `TOKEN` and one per path parameter. */
  variables: string[];
  body?: unknown;
}

export interface ResponseExample {
  status: string;
  body?: unknown;
}

/** `customerId` → `CUSTOMER_ID`: the shell variable a path parameter is read from. */
export const variableOf = (parameter: string) =>
  parameter
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();

/** Single-quoted for a POSIX shell: the text as it is, each `'` closed, escaped and reopened. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

const parametersOf = (document: OpenApiDocument, operation: OperationObject) =>
  (operation.parameters ?? []).map((parameter) => resolve(document, parameter) as ParameterObject);

const needsToken = (document: OpenApiDocument, operation: OperationObject) =>
  (operation.security ?? document.security ?? []).some((requirement) => Object.keys(requirement).length > 0);

function bodySchema(document: OpenApiDocument, operation: OperationObject): { contentType: string; schema?: SchemaObject } | undefined {
  if (!operation.requestBody) return undefined;
  const body = resolve(document, operation.requestBody);
  const [contentType, media] = Object.entries(body.content ?? {})[0] ?? [];
  return contentType ? { contentType, schema: media?.schema } : undefined;
}

/** The curl of an operation: path ids from shell variables, required query and header values from their examples. */
export function requestExample(document: OpenApiDocument, fullPath: string, method: string, operation: OperationObject): RequestExample {
  const parameters = parametersOf(document, operation);
  const variables: string[] = [];
  const path = fullPath.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const variable = variableOf(name);
    variables.push(variable);
    return `\${${variable}}`;
  });
  const query = parameters
    .filter((parameter) => parameter.in === 'query' && parameter.required)
    .map((parameter) => `${encodeURIComponent(parameter.name)}=${encodeURIComponent(String(exampleOf(document, parameter.schema, 'request', 0, parameter.name) ?? ''))}`);
  const lines = [`curl -sS -X ${method.toUpperCase()} "$COLLECT_URL${path}${query.length ? `?${query.join('&')}` : ''}"`];
  if (needsToken(document, operation)) {
    lines.push(`-H "Authorization: Bearer $TOKEN"`);
    variables.unshift('TOKEN');
  }
  for (const parameter of parameters.filter((candidate) => candidate.in === 'header' && candidate.required)) {
    lines.push(`-H ${shellQuote(`${parameter.name}: ${String(exampleOf(document, parameter.schema, 'request', 0, parameter.name) ?? 'value')}`)}`);
  }
  const requestBody = bodySchema(document, operation);
  let body: unknown;
  if (requestBody) {
    body = exampleOf(document, requestBody.schema, 'request') ?? {};
    lines.push(`-H ${shellQuote(`Content-Type: ${requestBody.contentType}`)}`);
    lines.push(`-d ${shellQuote(JSON.stringify(body))}`);
  }
  return { curl: lines.join(' \\\n  '), variables, body };
}

/** The first success answer and what its body looks like (none for 204 and other empty answers). */
export function responseExample(document: OpenApiDocument, operation: OperationObject): ResponseExample | undefined {
  const success = Object.entries(operation.responses ?? {})
    .filter(([status]) => status.startsWith('2'))
    .sort(([a], [b]) => a.localeCompare(b))[0];
  if (!success) return undefined;
  const [status, raw] = success;
  const response = resolve(document, raw);
  const media = Object.values(response.content ?? {})[0];
  return { status, body: media?.schema ? exampleOf(document, media.schema, 'response') : undefined };
}
