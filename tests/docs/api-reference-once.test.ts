import { describe, expect, it } from 'vitest';
import { loadApiReference } from '@/app/docs/reference';
import { buildApiReference } from '@/lib/portal/api-reference/reference';
import { buildOpenApiDocument } from '@/lib/service/openapi-document';

// Building the reference takes 150–250 ms of CPU; /docs is public, and each of its pages and their
// prefetches asked for it (app/docs/reference.ts).
describe('the API reference behind /docs', () => {
  it('is built once per server, not once per page or prefetch', async () => {
    const first = await loadApiReference();
    expect(await loadApiReference()).toBe(first);
  });

  it('is the reference of the document /api/v1/openapi.json serves', async () => {
    expect(await loadApiReference()).toEqual(buildApiReference(buildOpenApiDocument()));
  });
});
