import type { OpenApiDocument, OperationObject, ParameterObject, SchemaObject } from './openapi-types';
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
}

export interface TagView {
  name: string;
  anchor: string;
  description?: string;
  operations: OperationView[];
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
  };
}

/** The service's OpenAPI document, grouped by tag in the document's order, ready to render. */
export function buildApiReference(raw: unknown): ApiReference {
  const document = (raw ?? {}) as OpenApiDocument;
  const baseUrl = (document.servers?.[0]?.url ?? '').replace(/\/$/, '');
  const groups = new Map<string, TagView>();
  for (const tag of document.tags ?? []) {
    groups.set(tag.name, { name: tag.name, anchor: `tag-${slug(tag.name)}`, description: tag.description, operations: [] });
  }

  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      const tagName = operation.tags?.[0] ?? 'Other';
      if (!groups.has(tagName)) groups.set(tagName, { name: tagName, anchor: `tag-${slug(tagName)}`, operations: [] });
      groups.get(tagName)!.operations.push(operationView(document, baseUrl, path, method, operation));
    }
  }

  return {
    errorShapes: errorShapes(document),
    title: document.info?.title ?? 'API reference',
    version: document.info?.version,
    description: document.info?.description,
    baseUrl,
    tags: [...groups.values()].filter((tag) => tag.operations.length > 0),
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
