import type { JsonSchema } from './schema-arbitrary';

interface MediaTypes {
  content?: Record<string, { schema?: JsonSchema }>;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** As the document spells it, with the /api/v1 prefix and {placeholders}. */
  path: string;
  parameters: Parameter[];
  requestBody?: MediaTypes & { required?: boolean };
  responses: Record<string, MediaTypes>;
  security?: unknown[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  components: { schemas: Record<string, JsonSchema> };
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/** Every operation the document describes, method and path, in document order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({ ...operation, method, path, parameters: operation.parameters ?? [] })),
  );
}

export const operationName = (operation: Operation) => `${operation.method.toUpperCase()} ${operation.path}`;

export const requiresBearer = (operation: Operation) => (operation.security ?? []).some((requirement) => 'Bearer' in (requirement as object));

/** The JSON request body's schema, when the operation takes one. */
export const jsonBodySchema = (operation: Operation) => operation.requestBody?.content?.['application/json']?.schema;

/** A JSON Schema `$ref` into the document's components, resolved. */
export function resolverFor(document: OpenApiDocument) {
  return (ref: string): JsonSchema => {
    const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
    const schema = match ? document.components.schemas[decodeURIComponent(match[1]!)] : undefined;
    if (!schema) throw new Error(`unresolvable $ref ${ref}`);
    return schema;
  };
}
