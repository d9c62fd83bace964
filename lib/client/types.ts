import type { RouteConfig } from '@hono/zod-openapi';
import type { z } from 'zod';

/** Types of a route's inputs and outputs, read off its zod schemas: nothing is spelled twice. */
type SchemaOf<Part> = Part extends z.ZodType ? Part : never;
type JsonSchemaOf<Content> = Content extends { content: { 'application/json': { schema: infer S } } } ? S : never;

type Request<R extends RouteConfig> = NonNullable<R['request']>;
type OptionalIfEmpty<Key extends string, Value> = [Value] extends [never] ? { [K in Key]?: never } : { [K in Key]: Value };

export type RouteInput<R extends RouteConfig> = OptionalIfEmpty<'params', z.input<SchemaOf<Request<R>['params']>>> & {
  query?: z.input<SchemaOf<Request<R>['query']>>;
  json?: z.input<SchemaOf<JsonSchemaOf<Request<R>['body']>>>;
  headers?: Record<string, string>;
};

type SuccessOf<R extends RouteConfig> = R['responses'] extends infer Responses
  ? 200 extends keyof Responses
    ? Responses[200]
    : 201 extends keyof Responses
      ? Responses[201]
      : 202 extends keyof Responses
        ? Responses[202]
        : never
  : never;

export type RouteOutput<R extends RouteConfig> = [JsonSchemaOf<SuccessOf<R>>] extends [never]
  ? undefined
  : z.output<SchemaOf<JsonSchemaOf<SuccessOf<R>>>>;
