import { describe, expect, it } from 'vitest';
import { linkOperations, operationIndex } from '@/lib/portal/api-reference/operation-links';
import { buildApiReference } from '@/lib/portal/api-reference/reference';
import { buildOpenApiDocument } from '@/lib/service/openapi-document';

const reference = buildApiReference(await buildOpenApiDocument());
const index = operationIndex(reference);
const hrefOf = (method: string, path: string) =>
  reference.tags.flatMap((tag) => tag.operations).find((operation) => operation.method === method && operation.path === path)!.href;

const links = (text: string) => linkOperations(text, index).filter((piece) => typeof piece !== 'string');

describe('operations named in description text link to their entry', () => {
  it('a route written without the base path links to its operation, whatever its parameter is called', () => {
    const text = 'You asked for a test (POST /merchants/me/webhook-endpoints/{id}/test). Sent to that endpoint alone.';
    const pieces = linkOperations(text, index);
    expect(pieces).toEqual([
      'You asked for a test (',
      { text: 'POST /merchants/me/webhook-endpoints/{id}/test', href: hrefOf('POST', '/api/v1/merchants/me/webhook-endpoints/{endpointId}/test') },
      '). Sent to that endpoint alone.',
    ]);
    expect(pieces.map((piece) => (typeof piece === 'string' ? piece : piece.text)).join('')).toBe(text);
  });

  it('a sentence ending in a route links the route, not its full stop', () => {
    expect(links('Exchange it at POST /auth/token.')).toEqual([{ text: 'POST /auth/token', href: hrefOf('POST', '/api/v1/auth/token') }]);
  });

  it('a route with the base path, and one in backticks, link the same', () => {
    const href = hrefOf('POST', '/api/v1/merchants/me/expected-payments');
    expect(links('Raise it with POST /api/v1/merchants/me/expected-payments first')).toEqual([{ text: 'POST /api/v1/merchants/me/expected-payments', href }]);
    expect(links('POST /merchants/me/expected-payments')).toEqual([{ text: 'POST /merchants/me/expected-payments', href }]);
  });

  it('an operation named by its summary after "see" links, and the summary alone in a sentence does not', () => {
    const create = reference.tags.flatMap((tag) => tag.operations).find((operation) => operation.method === 'POST' && operation.path === '/api/v1/merchants/me/expected-payments')!;
    expect(links(`To change it, see ${create.summary}.`)).toEqual([{ text: create.summary, href: create.href }]);
    expect(links(`${create.summary} is what you do first.`)).toEqual([]);
  });

  it('a route the API does not have, or a method on a path without it, stays text', () => {
    expect(linkOperations('Send it to POST /merchants/me/unicorns.', index)).toEqual(['Send it to POST /merchants/me/unicorns.']);
    expect(links('DELETE /auth/token')).toEqual([]);
  });

  it('every route the API document names in a description is an operation it has', async () => {
    const named = new Set<string>();
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (key === 'description' && typeof inner === 'string') for (const match of inner.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) \/\S+/g)) named.add(match[0]);
          else walk(inner);
        }
      }
    };
    walk(await buildOpenApiDocument());
    expect(named.size).toBeGreaterThan(3);
    for (const route of named) expect(links(route), route).toHaveLength(1);
  });
});
