import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { humanIssueMessage } from '@/lib/api/validation-messages';
import { buildDocument } from '@/lib/api/openapi';
import { buildApiReference } from '@/lib/portal/api-reference/reference';
import { createApiApp } from '@/lib/service/app';
import { useTestApi } from '../support/api-server';
import { newMerchant, signIn } from '../support/fixtures';

const api = useTestApi({ SANDBOX: 'true' });

/** zod's own wording, which must never reach a caller. */
const ZOD_WORDING = /Invalid input|Invalid option|expected \w+, received|Too (small|big)|Unrecognized key|Invalid (string|email|UUID|ISO)|must match pattern/i;

/** A value of another kind than the one given: what a careless client sends. */
const wrongKind = (value: unknown): unknown =>
  typeof value === 'number' ? 'twelve' : typeof value === 'string' ? 12 : typeof value === 'boolean' ? 'yes' : Array.isArray(value) ? 'many' : value === null ? 5 : 5;

describe('validation errors speak to people', () => {
  it('a bill with three faults names each field with what it must be, in words', async () => {
    const merchant = await newMerchant();
    const { accessToken } = await signIn(api, merchant.user.email, merchant.password);
    const response = await api.request('POST', '/merchants/me/expected-payments', { token: accessToken, json: { amount: 'lots', expiresAt: '2001-01-01T00:00:00Z' } });
    expect(response.status).toBe(422);
    const problem = (await response.json()) as { errors: { path: string; message: string }[] };
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { path: 'paymentReference', message: 'Required' },
        { path: 'amount', message: 'Must be a number such as 1500.50' },
        { path: 'expiresAt', message: 'Must be a future time in ISO 8601 UTC, such as 2026-12-31T21:00:00Z.' },
      ]),
    );
  });

  it('says what is expected for every kind of check, and a message written on the schema still wins', () => {
    const schema = z.object({
      text: z.string().min(3),
      count: z.number().int().max(10),
      choice: z.enum(['BRAND', 'LEGACY']),
      at: z.iso.datetime(),
      id: z.uuid(),
      email: z.email(),
      list: z.array(z.string()).min(1),
      own: z.string().min(5, 'Five or more, please.'),
    });
    const issues = schema.safeParse({ text: 'ab', count: 11, choice: 'OTHER', at: 'tomorrow', id: 'x', email: 'y', list: [], own: 'abc' }).error!.issues;
    expect(Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]))).toEqual({
      text: 'Must be at least 3 characters',
      count: 'Must be 10 or less',
      choice: 'Must be one of BRAND or LEGACY',
      at: 'Must be a time in ISO 8601 UTC, such as 2026-12-31T21:00:00Z',
      id: 'Must be an id such as 3f2b8c4e-9a1d-4c7e-8b2f-6d5e4a3c2b1a',
      email: 'Must be an email address such as name@example.com',
      list: 'Must have at least 1 item',
      own: 'Five or more, please.',
    });
    expect(humanIssueMessage({ code: 'invalid_type', expected: 'string', input: undefined, path: [] } as never)).toBe('Required');
  });

  it('no operation answers zod’s own wording, whatever kind of value each body field is given', { timeout: 120_000 }, async () => {
    const merchant = await newMerchant();
    const { accessToken } = await signIn(api, merchant.user.email, merchant.password);
    const operations = buildApiReference(buildDocument(createApiApp())).tags.flatMap((tag) => tag.operations);
    const messages: string[] = [];
    for (const operation of operations.filter((candidate) => candidate.requestExample.body && typeof candidate.requestExample.body === 'object' && !candidate.path.endsWith('/auth/logout'))) {
      const example = operation.requestExample.body as Record<string, unknown>;
      const careless = Object.fromEntries(Object.entries(example).map(([key, value]) => [key, wrongKind(value)]));
      const path = operation.path.replace('/api/v1', '').replace(/\{[^}]+\}/g, '3f2b8c4e-9a1d-4c7e-8b2f-6d5e4a3c2b1a');
      for (const json of [careless, { ...example, unexpected: true, [Object.keys(example)[0] ?? 'x']: undefined }]) {
        const response = await api.request(operation.method, path, { token: accessToken, json, headers: { 'idempotency-key': crypto.randomUUID() } });
        if (response.status !== 422) continue;
        const problem = (await response.json()) as { errors?: { message: string }[] };
        messages.push(...(problem.errors ?? []).map((error) => `${operation.method} ${operation.path}: ${error.message}`));
      }
    }
    expect(messages.length).toBeGreaterThan(50);
    expect(messages.filter((message) => ZOD_WORDING.test(message))).toEqual([]);
  });
});
