import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiEnv } from './context';

const DOCUMENT_INFO: Parameters<OpenAPIHono['getOpenAPI31Document']>[0] = {
  openapi: '3.1.0',
  info: {
    title: 'Collect: merchant virtual-account collection service',
    version: '1.0.0',
    description:
      'Collect payments into virtual accounts by M-Pesa paybill, phone prompt (STK push), instant bank transfer and RTGS. Errors are RFC 9457 problem+json.',
  },
};

export function describeApi(app: OpenAPIHono<ApiEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'Bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'PASETO v4.public',
  });
  app.doc31('/openapi.json', DOCUMENT_INFO);
}

/** The same document /api/v1/openapi.json serves, for the portal's reference page. */
export async function buildOpenApiDocument() {
  const { createApiApp } = await import('./app');
  return createApiApp().getOpenAPI31Document(DOCUMENT_INFO);
}
