import type { OpenApiDocument, SchemaObject } from './openapi-types';

/** Follows a local `#/components/…` reference; anything else is left as it is. */
export function resolve<T extends { $ref?: string }>(document: OpenApiDocument, value: T): T {
  let current: T = value;
  for (let hops = 0; current.$ref && hops < 10; hops += 1) {
    const path = current.$ref.replace(/^#\//, '').split('/').map(decodePointer);
    const target = path.reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      document,
    );
    if (!target || typeof target !== 'object') break;
    current = target as T;
  }
  return current;
}

function decodePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function refName(ref: string): string {
  return ref.split('/').at(-1) ?? ref;
}

/** A short, readable type: `string (uuid)`, `array of Customer`, `"BRAND" | "LEGACY"`, `integer or null`. */
export function typeLabel(schema: SchemaObject | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeLabel).join(' or ');
  if (schema.allOf?.length === 1) return typeLabel(schema.allOf[0]);

  const types = (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []).filter((t) => t !== 'null');
  const nullable = schema.nullable || (Array.isArray(schema.type) && schema.type.includes('null'));
  const base = types.length
    ? types
        .map((type) => {
          if (type === 'array') return `array of ${typeLabel(schema.items)}`;
          return schema.format ? `${type} (${schema.format})` : type;
        })
        .join(' or ')
    : schema.properties
      ? 'object'
      : 'any';
  return nullable ? `${base} or null` : base;
}

/** Properties of an object schema, merging `allOf` parts. */
function objectShape(document: OpenApiDocument, schema: SchemaObject): { properties: Record<string, SchemaObject>; required: string[] } | null {
  const resolved = resolve(document, schema);
  if (resolved.allOf) {
    const parts = resolved.allOf.map((part) => objectShape(document, part)).filter((part) => part !== null);
    if (!parts.length) return null;
    return {
      properties: Object.assign({}, ...parts.map((part) => part.properties)),
      required: parts.flatMap((part) => part.required),
    };
  }
  if (!resolved.properties) return null;
  return { properties: resolved.properties, required: resolved.required ?? [] };
}

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  description?: string;
}

const MAX_DEPTH = 3;

/**
 * One row per field, nested objects spelled out as `parent.child` and arrays of objects as
 * `items[].field`, to a few levels (a recursive schema stops there).
 */
export function fieldRows(document: OpenApiDocument, schema: SchemaObject | undefined, prefix = '', depth = 0): FieldRow[] {
  if (!schema || depth >= MAX_DEPTH) return [];
  const shape = objectShape(document, schema);
  if (!shape) return [];
  return Object.entries(shape.properties).flatMap(([key, property]) => {
    const resolved = resolve(document, property);
    const name = `${prefix}${key}`;
    const row: FieldRow = {
      name,
      type: typeLabel(property),
      required: shape.required.includes(key),
      description: property.description ?? resolved.description,
    };
    const items = resolved.items && resolve(document, resolved.items);
    const nested = items?.properties || items?.allOf
      ? fieldRows(document, items, `${name}[].`, depth + 1)
      : fieldRows(document, property, `${name}.`, depth + 1);
    return [row, ...nested];
  });
}
