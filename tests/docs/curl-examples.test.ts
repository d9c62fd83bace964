import { describe, expect, it } from 'vitest';
import { buildDocument } from '@/lib/api/openapi';
import { createApiApp } from '@/lib/service/app';
import { buildApiReference, type OperationView } from '@/lib/portal/api-reference/reference';
import { variableOf } from '@/lib/portal/api-reference/examples';
import { useTestApi } from '../support/api-server';
import { newMerchant, signIn } from '../support/fixtures';
import { signedInOperator } from '../operator/desk-support';
import { runAsShown, shapeDifferences, shapeOf, type ShellAnswer } from './shell';

const api = useTestApi({ SANDBOX: 'true' });

/** The reference exactly as /docs renders it: the same document, the same function. */
const reference = () => buildApiReference(buildDocument(createApiApp()));
const operations = () => reference().tags.flatMap((tag) => tag.operations);

/** The operator console's routes: a merchant's token is refused them, so they run with an operator's. */
const isOperatorRoute = (operation: OperationView) => operation.path.startsWith('/api/v1/operator/');

/**
 * What each console route answers its example, run by a platform administrator
 * after the examples that create things: a status, and the problem's `code` where it is refused.
 */
const OPERATOR_ANSWERS: Record<string, unknown> = {
  'POST /api/v1/operator/merchants': 201,
  'GET /api/v1/operator/merchants': 200,
  'GET /api/v1/operator/merchants/{id}': 200,
  'POST /api/v1/operator/merchants/{id}/disable': 200,
  'POST /api/v1/operator/merchants/{id}/enable': 200,
  'PUT /api/v1/operator/merchants/{id}/category-code': 200,
  'POST /api/v1/operator/merchants/{id}/pricing-changes': 201,
  'GET /api/v1/operator/pricing-changes': 200,
  // Four eyes: the administrator who proposed it may not approve it; rejecting it is theirs to do.
  'POST /api/v1/operator/pricing-changes/{id}/approve': [403, 'four_eyes_required'],
  'POST /api/v1/operator/pricing-changes/{id}/reject': 200,
  'GET /api/v1/operator/collection-accounts': 200,
  // Applied at once (200) while the account has had no credit, four eyes (202) once it has: which one
  // depends on the payments earlier files made in this worker's database. Both are documented.
  'PUT /api/v1/operator/collection-accounts/{currency}': expect.toBeOneOf([200, 202]),
  'GET /api/v1/operator/operators': 200,
  'POST /api/v1/operator/operators/invitations': 201,
  'GET /api/v1/operator/operators/invitations': 200,
  'POST /api/v1/operator/operators/invitations/{id}/revoke': 200,
  'POST /api/v1/operator/operators/{id}/disable': 200,
  'POST /api/v1/operator/operators/{id}/enable': 200,
  'GET /api/v1/operator/audit-events': 200,
  'GET /api/v1/operator/payments': 200,
  'GET /api/v1/operator/payments/{paymentId}': 200,
  'GET /api/v1/operator/suspense': 200,
  // The example's account number is no merchant's on a fresh server.
  'POST /api/v1/operator/suspense/{suspenseId}/assign': [422, 'unknown_account'],
  'GET /api/v1/operator/payouts/batches': 200,
  'POST /api/v1/operator/payouts/export': 200,
  // The newest batch's file: none when nothing waited for a bank payout, the file when earlier files
  // in this worker's database paid a merchant to a bank account.
  'GET /api/v1/operator/payouts/batches/{batchId}/file': expect.toBeOneOf([200, [404, 'not_found']]),
  // The example's `xml` is a placeholder, not a pain.002 document.
  'POST /api/v1/operator/payouts/status-reports': [422, 'unreadable_status_report'],
};

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
    /** Ids of what this test made, by the parameter that names them: where no list answers without a query (the console's payment search). */
    const made: Record<string, string> = { paymentId: ((await paid.json()) as { id: string }).id };
    // A platform administrator, signed in with two factors as the console requires (operator:create makes the same user).
    const operator = await signedInOperator(api, 'PLATFORM_ADMIN');
    // A colleague, newer, so that the examples that disable and enable an operator act on someone else.
    await signedInOperator(api, 'PLATFORM_SUPPORT', { firstName: 'Otieno', lastName: 'Kamau' });

    /**
     * A value for `{customerId}`: from the newest row of the list the path sits under (a bare array or
     * a page's `data`), once the creating examples have run; its field of the parameter's name
     * (`{currency}`) or else its `id`.
     */
    async function valueFor(collection: string, parameter: string, bearer: string): Promise<string | undefined> {
      const response = await fetch(`${api.baseUrl}${collection}`, { headers: { authorization: `Bearer ${bearer}` } });
      if (response.status !== 200) return made[parameter];
      const body = (await response.json()) as { data?: unknown } | unknown[];
      const rows = Array.isArray(body) ? body : Array.isArray(body.data) ? body.data : [];
      const first = rows[0] as Record<string, unknown> | undefined;
      const value = first?.[parameter] ?? first?.id;
      return typeof value === 'string' ? value : made[parameter];
    }

    const answers: { operation: OperationView; answer: ShellAnswer }[] = [];
    for (const operation of [...operations()].sort((a, b) => rank(a) - rank(b))) {
      const bearer = isOperatorRoute(operation) ? operator.token : await token();
      const variables: Record<string, string> = { COLLECT_URL: api.baseUrl, TOKEN: bearer };
      let resolved = '';
      for (const segment of operation.path.split('/').slice(1)) {
        const parameter = /^\{(.+)\}$/.exec(segment)?.[1];
        if (parameter) {
          const id = (await valueFor(resolved, parameter, bearer)) ?? '3f2b8c4e-9a1d-4c7e-8b2f-6d5e4a3c2b1a';
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

    // The console's routes ran as an operator: each answers what it does for one, not a merchant's 404.
    const consoleAnswers = answers.filter(({ operation }) => isOperatorRoute(operation));
    const got = Object.fromEntries(
      consoleAnswers.map(({ operation, answer }) => [`${operation.method} ${operation.path}`, answer.status < 300 ? answer.status : [answer.status, (answer.json as { code?: string } | undefined)?.code]]),
    );
    expect(got).toMatchObject(OPERATOR_ANSWERS);
    // A console route added since is run too; whatever it answers, it is never "who are you?".
    for (const { operation, answer } of consoleAnswers) expect(answer.status, `${operation.method} ${operation.path}`).not.toBe(401);
  });
});
