import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-server';

const api = useTestApi();

describe('GET /api/v1/openapi.json', () => {
  it('serves a valid OpenAPI 3.1 document at version 1.0.0', async () => {
    const response = await api.request('GET', '/openapi.json');
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.0.0');
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
  });

  it('describes every auth route, with problem responses', async () => {
    const document = await (await api.request('GET', '/openapi.json')).json();
    const paths = Object.keys(document.paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/auth/login', '/api/v1/auth/refresh', '/api/v1/auth/logout', '/api/v1/auth/me']));
    expect(document.paths['/api/v1/auth/login'].post.responses['429'].content['application/problem+json']).toBeDefined();
    expect(document.components.securitySchemes.Bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('documents the answers every operation inherits: 500 and 503 (with Retry-After) everywhere, 422, and body and token answers where they apply', async () => {
    const document = await (await api.request('GET', '/openapi.json')).json();
    let operations = 0;
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>; requestBody?: unknown; security?: unknown[] }>>)) {
      for (const [method, operation] of Object.entries(item)) {
        operations += 1;
        const where = `${method.toUpperCase()} ${path}`;
        if (path.startsWith('/api/v1/rails/daraja/')) continue; // Daraja's own format, documented by the rail
        const statuses = Object.keys(operation.responses);
        expect(statuses, where).toEqual(expect.arrayContaining(['422', '500', '503']));
        expect(operation.responses['503']!.headers?.['Retry-After'], where).toBeDefined();
        expect(operation.responses['500']!.content?.['application/problem+json'], where).toBeDefined();
        if (operation.requestBody) expect(statuses, where).toEqual(expect.arrayContaining(['400', '413', '415']));
        if (operation.security?.length) expect(statuses, where).toContain('401');
      }
    }
    expect(operations).toBeGreaterThan(30);
    // What a route declares itself is kept: the bank rail's own 503 sentence.
    expect(document.paths['/api/v1/rails/bank/credit-notifications'].post.responses['503'].description).toMatch(/nothing was kept/);
  });
});

