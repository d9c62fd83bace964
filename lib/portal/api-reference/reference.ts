import type { OpenApiDocument, OperationObject, ParameterObject, SchemaObject } from './openapi-types';
import { exampleOf, requestExample, responseExample, type RequestExample, type ResponseExample } from './examples';
import { fieldRows, resolve, typeLabel, type FieldRow } from './schemas';

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

export interface ParameterRow extends FieldRow {
  location: string;
}

export interface BodyView {
  contentType: string;
  type: string;
  required: boolean;
  description?: string;
  fields: FieldRow[];
}

export interface ResponseView {
  status: string;
  description?: string;
  body?: BodyView;
}

export interface OperationView {
  anchor: string;
  method: string;
  path: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  needsToken: boolean;
  parameters: ParameterRow[];
  requestBody?: BodyView;
  responses: ResponseView[];
  /** What to send and what comes back, made from the schemas (examples.ts). */
  requestExample: RequestExample;
  responseExample?: ResponseExample;
  /** The page of its tag it is on (1 = the tag's own page) and its address there. */
  part: number;
  href: string;
}

/** One event type (an OpenAPI 3.1 webhook): when it is sent, its payload's fields and an example body. */
export interface WebhookView {
  type: string;
  anchor: string;
  description?: string;
  headers: ParameterRow[];
  payload: FieldRow[];
  example: unknown;
  /** An earlier event type whose `data` has the same schema: its fields are shown there, once. */
  sameDataAs?: string;
}

export interface TagView {
  name: string;
  anchor: string;
  description?: string;
  operations: OperationView[];
  /** How many pages the tag takes: a tag too heavy for one page is split (partsOf). */
  parts: number;
}

/** A body shape that error responses share, described once instead of under every status. */
export interface SharedShape {
  name: string;
  anchor: string;
  description?: string;
  fields: FieldRow[];
}

export interface ApiReference {
  title: string;
  version?: string;
  description?: string;
  baseUrl: string;
  tags: TagView[];
  errorShapes: SharedShape[];
  webhooks: WebhookView[];
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function bodyView(
  document: OpenApiDocument,
  content: Record<string, { schema?: SchemaObject }> | undefined,
  extra: { required: boolean; description?: string },
): BodyView | undefined {
  const [contentType, media] = Object.entries(content ?? {})[0] ?? [];
  if (!contentType) return undefined;
  return { contentType, type: typeLabel(media?.schema), fields: fieldRows(document, media?.schema), ...extra };
}

function parameterRow(document: OpenApiDocument, parameter: ParameterObject): ParameterRow {
  const resolved = resolve(document, parameter);
  return {
    name: resolved.name,
    location: resolved.in,
    type: typeLabel(resolved.schema),
    required: Boolean(resolved.required),
    description: resolved.description ?? resolved.schema?.description,
  };
}

function operationView(document: OpenApiDocument, baseUrl: string, path: string, method: string, operation: OperationObject): OperationView {
  const fullPath = baseUrl && !path.startsWith(`${baseUrl}/`) ? `${baseUrl}${path}` : path;
  const requestBody = operation.requestBody && resolve(document, operation.requestBody);
  return {
    anchor: slug(operation.operationId ?? `${method} ${fullPath}`),
    method: method.toUpperCase(),
    path: fullPath,
    summary: operation.summary,
    description: operation.description,
    deprecated: Boolean(operation.deprecated),
    needsToken: (operation.security ?? document.security ?? []).some((requirement) => Object.keys(requirement).length > 0),
    parameters: (operation.parameters ?? []).map((parameter) => parameterRow(document, parameter)),
    requestBody:
      requestBody &&
      bodyView(document, requestBody.content, {
        required: requestBody.required ?? false,
        description: requestBody.description,
      }),
    responses: Object.entries(operation.responses ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, response]) => {
        const resolved = resolve(document, response);
        // Error bodies share one problem+json shape: name it, do not list its fields every time.
        const body = bodyView(document, resolved.content, { required: true });
        return { status, description: resolved.description, body: status.startsWith('2') ? body : body && { ...body, fields: [] } };
      }),
    requestExample: requestExample(document, fullPath, method, operation),
    responseExample: responseExample(document, operation),
    part: 1,
    href: '',
  };
}

/**
 * Roughly what an operation adds to its page, in characters of text: each field row, response and
 * operation also brings markup, and the page carries it twice (HTML and React's payload). Measured
 * against the pages' real weights (docs/developers.md, "Page weight"), ×4 ≈ bytes.
 */
export function operationWeight(operation: OperationView): number {
  const rows = [...operation.parameters, ...(operation.requestBody?.fields ?? []), ...operation.responses.flatMap((response) => response.body?.fields ?? [])];
  const text = (value?: string) => value?.length ?? 0;
  return (
    800 +
    text(operation.description) +
    text(operation.summary) +
    operation.requestExample.curl.length +
    JSON.stringify(operation.responseExample?.body ?? '', null, 2).length +
    rows.reduce((sum, row) => sum + 300 + text(row.description) + row.name.length + row.type.length, 0) +
    operation.responses.reduce((sum, response) => sum + 250 + text(response.description), 0)
  );
}

/** Weight one page of a tag may hold: about 340 kB with the frame, under the 400 kB each /docs page must stay. */
export const PART_BUDGET = 85_000;

/** Splits a tag's operations, in order, into pages of at most PART_BUDGET (an operation heavier than that has a page of its own). */
function assignParts(tag: TagView): void {
  let part = 1;
  let weight = 0;
  for (const operation of tag.operations) {
    const own = operationWeight(operation);
    if (weight > 0 && weight + own > PART_BUDGET) {
      part += 1;
      weight = 0;
    }
    weight += own;
    operation.part = part;
    operation.href = `${partHref(tag, part)}#${operation.anchor}`;
  }
  tag.parts = part;
}

/** The address of a page of a tag: `/docs/{tag}` for the first, `/docs/{tag}/{n}` after it. */
export const partHref = (tag: Pick<TagView, 'anchor'>, part: number) => `/docs/${tagSlug(tag)}${part > 1 ? `/${part}` : ''}`;

/** The document's `webhooks` (OpenAPI 3.1): one view per event type, in the document's order. */
function webhookViews(document: OpenApiDocument): WebhookView[] {
  const firstWithData = new Map<string, string>();
  return Object.entries(document.webhooks ?? {}).flatMap(([type, item]) => {
    const operation = (item as Record<string, OperationObject | undefined>).post;
    if (!operation) return [];
    const body = operation.requestBody && resolve(document, operation.requestBody);
    const schema = Object.values(body?.content ?? {})[0]?.schema;
    // Several types carry the same resource (a payment, a bill): its fields are listed once.
    const dataRef = schema && resolve(document, schema).properties?.data?.$ref;
    const sameDataAs = dataRef ? firstWithData.get(dataRef) : undefined;
    if (dataRef && !sameDataAs) firstWithData.set(dataRef, type);
    return [
      {
        type,
        anchor: `event-${slug(type)}`,
        description: operation.description,
        headers: (operation.parameters ?? []).map((parameter) => parameterRow(document, parameter)),
        payload: sameDataAs ? [] : fieldRows(document, schema),
        example: exampleOf(document, schema, 'response'),
        sameDataAs,
      },
    ];
  });
}

/** The service's OpenAPI document, grouped by tag in the document's order, ready to render. */
export function buildApiReference(raw: unknown): ApiReference {
  const document = (raw ?? {}) as OpenApiDocument;
  const baseUrl = (document.servers?.[0]?.url ?? '').replace(/\/$/, '');
  const groups = new Map<string, TagView>();
  for (const tag of document.tags ?? []) {
    groups.set(tag.name, { name: tag.name, anchor: `tag-${slug(tag.name)}`, description: tag.description, operations: [], parts: 1 });
  }

  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      const tagName = operation.tags?.[0] ?? 'Other';
      if (!groups.has(tagName)) groups.set(tagName, { name: tagName, anchor: `tag-${slug(tagName)}`, operations: [], parts: 1 });
      groups.get(tagName)!.operations.push(operationView(document, baseUrl, path, method, operation));
    }
  }

  return {
    errorShapes: errorShapes(document),
    webhooks: webhookViews(document),
    title: document.info?.title ?? 'API reference',
    version: document.info?.version,
    description: document.info?.description,
    baseUrl,
    tags: [...groups.values()].filter((tag) => tag.operations.length > 0).map((tag) => {
      assignParts(tag);
      return tag;
    }),
  };
}

function errorShapes(document: OpenApiDocument): SharedShape[] {
  const refs = new Set<string>();
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of METHODS) {
      for (const [status, response] of Object.entries((item[method] as OperationObject | undefined)?.responses ?? {})) {
        if (status.startsWith('2')) continue;
        for (const media of Object.values(resolve(document, response).content ?? {})) {
          if (media.schema?.$ref) refs.add(media.schema.$ref);
        }
      }
    }
  }
  return [...refs].map((ref) => {
    const schema = resolve(document, { $ref: ref } as SchemaObject);
    const name = typeLabel({ $ref: ref });
    return { name, anchor: `schema-${slug(name)}`, description: schema.description, fields: fieldRows(document, schema) };
  });
}

/** A tag's address under /docs: its anchor without the `tag-` prefix. */
export const tagSlug = (tag: Pick<TagView, 'anchor'>) => tag.anchor.replace(/^tag-/, '');

/** The slug of the page that describes the shared error bodies; no tag may take it. */
export const ERRORS_SLUG = 'errors';

/** The slug of the page listing every event type (the document's `webhooks`); no tag may take it. */
export const EVENTS_SLUG = 'event-types';

export interface SearchHit {
  tag: TagView;
  operation: OperationView;
}

/**
 * Operations whose method, path, summary, tag or id contain every word of the query (any letter
 * case), in the document's order. An empty query finds nothing.
 */
export function searchOperations(reference: ApiReference, query: string): SearchHit[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return reference.tags.flatMap((tag) =>
    tag.operations
      .filter((operation) => {
        const text = [operation.method, operation.path, operation.summary ?? '', tag.name, operation.anchor].join(' ').toLowerCase();
        return words.every((word) => text.includes(word));
      })
      .map((operation) => ({ tag, operation })),
  );
}

/**
 * Where an operation is described (`/docs/{tag}#{anchor}`), found by method and path (with or
 * without the base path), so that guides link to the reference instead of repeating it.
 */
export function operationHref(reference: ApiReference, method: string, path: string): string | undefined {
  const fullPath = reference.baseUrl && !path.startsWith(`${reference.baseUrl}/`) ? `${reference.baseUrl}${path}` : path;
  for (const tag of reference.tags) {
    const operation = tag.operations.find((candidate) => candidate.method === method.toUpperCase() && candidate.path === fullPath);
    if (operation) return operation.href;
  }
  return undefined;
}
