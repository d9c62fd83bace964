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
});
