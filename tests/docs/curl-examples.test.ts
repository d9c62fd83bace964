import { describe, expect, it } from 'vitest';
import { buildDocument } from '@/lib/api/openapi';
import { createApiApp } from '@/lib/service/app';
import { buildApiReference, type OperationView } from '@/lib/portal/api-reference/reference';
import { variableOf } from '@/lib/portal/api-reference/examples';
import { useTestApi } from '../support/api-server';
import { newMerchant, signIn } from '../support/fixtures';
import { runAsShown, shapeDifferences, shapeOf, type ShellAnswer } from './shell';

const api = useTestApi({ SANDBOX: 'true' });

/** The reference exactly as /docs renders it: the same document, the same function. */
const reference = () => buildApiReference(buildDocument(createApiApp()));
const operations = () => reference().tags.flatMap((tag) => tag.operations);

/**
 * The order a reader would try them in on a fresh merchant: what creates things first, then what
 * reads them, then what acts on one of them; signing out last of all.
 */
function rank(operation: OperationView): number {
  const byId = operation.path.includes('{');
  if (/\/auth\/(logout|mfa)|\/password$/.test(operation.path)) return 4;
  if (!byId) return operation.method === 'GET' ? 1 : 0;
  return operation.method === 'GET' ? 2 : 3;
}

describe('every curl example of /docs, run against a fresh server', () => {
  it('answers a documented status, never a server error, and a success has the shape of the example shown beside it', { timeout: 240_000 }, async () => {
    const merchant = await newMerchant('Docs Duka');
    const token = async () => (await signIn(api, merchant.user.email, merchant.password)).accessToken;
    const reader = await token();
    // A payment, as a reader in the sandbox would have received one first: the payment's own examples then have one to show.
    const paid = await api.request('POST', '/merchants/me/sandbox/inbound-payments', { token: reader, json: { accountNumber: merchant.virtualAccount.accountNumber, amount: 1500.5, channel: 'MOBILE_MONEY' } });
    expect(paid.status).toBe(201);

    /** An id for `{customerId}`: the newest row of the list the path sits under, once the creating examples have run. */
    async function idFor(collection: string): Promise<string | undefined> {
      const response = await fetch(`${api.baseUrl}${collection}`, { headers: { authorization: `Bearer ${reader}` } });
      if (response.status !== 200) return undefined;
      const body = (await response.json()) as unknown;
      const first = Array.isArray(body) ? (body[0] as { id?: unknown } | undefined) : undefined;
      return typeof first?.id === 'string' ? first.id : undefined;
    }

    const answers: { operation: OperationView; answer: ShellAnswer }[] = [];
    for (const operation of [...operations()].sort((a, b) => rank(a) - rank(b))) {
      const variables: Record<string, string> = { COLLECT_URL: api.baseUrl, TOKEN: await token() };
      let resolved = '';
      for (const segment of operation.path.split('/').slice(1)) {
        const parameter = /^\{(.+)\}$/.exec(segment)?.[1];
        if (parameter) {
          const id = (await idFor(resolved)) ?? '3f2b8c4e-9a1d-4c7e-8b2f-6d5e4a3c2b1a';
          variables[variableOf(parameter)] = id;
          resolved += `/${id}`;
        } else resolved += `/${segment}`;
      }
      answers.push({ operation, answer: await runAsShown(operation.requestExample.curl, variables) });
    }

    const problems: string[] = [];
    for (const { operation, answer } of answers) {
      const name = `${operation.method} ${operation.path}`;
      const documented = operation.responses.map((response) => response.status);
      if (!documented.includes(String(answer.status))) problems.push(`${name}: answered ${answer.status}, documented ${documented.join(', ')}: ${answer.body.slice(0, 300)}`);
      if (answer.status >= 500) problems.push(`${name}: server error ${answer.body.slice(0, 300)}`);
      const shown = operation.responseExample;
      if (answer.status >= 200 && answer.status < 300 && shown?.body !== undefined && answer.json !== undefined) {
        for (const difference of shapeDifferences(shapeOf(answer.json), shapeOf(shown.body))) problems.push(`${name}: ${difference}`);
      }
    }
    const succeeded = answers.filter(({ answer }) => answer.status >= 200 && answer.status < 300);
    console.log(`docs curl examples: ${answers.length} run, ${succeeded.length} answered 2xx; others: ${answers.filter(({ answer }) => answer.status >= 300).map(({ operation, answer }) => `${answer.status} ${operation.method} ${operation.path}`).join('; ')}`);
    expect(problems).toEqual([]);
    expect(answers.length).toBeGreaterThan(100);
  });
});
