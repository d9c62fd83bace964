import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers } from '@/lib/customers/schema';
import { subMerchants } from '@/lib/merchants/schema';
import { db } from '@/lib/platform/db';
import { signedInMerchant } from '../accounts/support';
import { useTestApi } from '../support/api-server';

const api = useTestApi({ SANDBOX: 'true' });

let token: string;
let merchantId: string;
let accountNumber: string;
beforeAll(async () => {
  const signedIn = await signedInMerchant(api);
  token = signedIn.token;
  merchantId = signedIn.merchant.id;
  accountNumber = signedIn.virtualAccount.accountNumber;
});

async function expectProblem(response: Response, field: string, status = 422) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const problem = JSON.parse(text) as { errors?: { path: string }[] };
  expect(problem.errors?.map((error) => error.path), text).toContain(field);
}

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const id = '0b7e7f4e-3c3a-4f7e-9a51-6c1a8d3b2a10';

/** Every list that pages by cursor (a route with an id in its path refuses the cursor before looking the id up). */
const LISTS = [
  '/merchants/me/virtual-accounts',
  '/merchants/me/virtual-account/balance-history',
  '/merchants/me/expected-payments',
  '/merchants/me/customers',
  '/merchants/me/events',
  '/merchants/me/sub-merchants',
  '/merchants/me/payments',
  '/merchants/me/stk',
  '/merchants/me/webhook-endpoints',
  `/merchants/me/webhook-endpoints/${randomUUID()}/deliveries`,
];

const BAD_CURSORS: Record<string, string> = {
  '30 February': cursorOf(['2026-02-30T10:00:00.000Z', id]),
  'year 0000': cursorOf(['0000-01-01T00:00:00.000Z', id]),
  'hour 24': cursorOf(['9999-12-31T24:00:00.000Z', id]),
  'year 1969': cursorOf(['1969-12-31T23:59:59.999Z', id]),
  'six-digit year': cursorOf(['+275760-09-13T00:00:00.000Z', id]),
  'an offset instead of Z': cursorOf(['2026-01-01T03:00:00.000+03:00', id]),
  'a number for the date': cursorOf([1767225600000, id]),
  'not a uuid': cursorOf(['2026-01-01T00:00:00.000Z', 'not-a-uuid']),
  'a third element': cursorOf(['2026-01-01T00:00:00.000Z', id, 1]),
  'JSON null': cursorOf(null),
  garbage: '!!not base64 at all!!',
  huge: 'A'.repeat(5_000),
};

describe('malformed cursors', () => {
  it.each(LISTS)('%s refuses every impossible cursor with 422 naming query.cursor', async (path) => {
    for (const [label, cursor] of Object.entries(BAD_CURSORS)) {
      const response = await api.request('GET', `${path}?cursor=${encodeURIComponent(cursor)}`, { token });
      await expectProblem(response, 'query.cursor').catch((error: Error) => {
        throw new Error(`${path}, cursor with ${label}: ${error.message}`);
      });
    }
  });

  it('still follows a cursor the API wrote itself', async () => {
    for (let index = 0; index < 3; index++) {
      expect((await api.request('POST', '/merchants/me/sub-merchants', { token, json: { name: `Shop ${index}` } })).status).toBe(201);
    }
    const first = await api.request('GET', '/merchants/me/sub-merchants?limit=1', { token });
    const next = first.headers.get('link')!.match(/^<([^>]+)>/)![1]!.replace('/api/v1', '');
    const second = await api.request('GET', next, { token });
    expect(second.status).toBe(200);
    expect((await second.json())[0].id).not.toBe((await first.json())[0].id);
  });
});

describe('timestamps the API takes', () => {
  it('refuses instants outside 1970 to 9999, impossible dates and odd offsets with 422 naming the field', async () => {
    const refused: [string, string][] = [
      ['/merchants/me/payments?from=0000-01-01T00:00:00Z', 'query.from'],
      ['/merchants/me/payments?to=0001-01-01T00:00:00Z', 'query.to'],
      ['/merchants/me/payments?from=1969-12-31T23:59:59Z', 'query.from'],
      ['/merchants/me/payments/summary?from=0000-01-01T00:00:00Z', 'query.from'],
      ['/merchants/me/payments/summary?to=9999-12-31T23:59:59-01:00', 'query.to'],
      ['/merchants/me/payments?to=2026-02-30T00:00:00Z', 'query.to'],
      ['/merchants/me/payments?to=2026-01-01T24:00:00Z', 'query.to'],
      ['/merchants/me/payments/summary?from=2026-01-01T00:00:00%2B99:00', 'query.from'],
      ['/merchants/me/payments?from=%2B275760-09-13T00:00:00Z', 'query.from'],
    ];
    for (const [path, field] of refused) await expectProblem(await api.request('GET', path, { token }), field);
  });

  it('answers the far ends of the range: a summary and a list up to 9999-12-31T23:59:59Z, from 1970', async () => {
    const paid = await api.request('POST', '/merchants/me/sandbox/inbound-payments', { token, json: { accountNumber, amount: 250, channel: 'MOBILE_MONEY' } });
    expect(paid.status).toBe(201);
    const ranges = [
      'to=9999-12-31T23:59:59Z',
      'from=1970-01-01T00:00:00Z&to=9999-12-31T23:59:59.999Z',
      'from=9999-12-31T22:30:00Z',
      'from=9999-12-31T20:59:59Z&to=9999-12-31T23:59:59Z',
      'from=1970-01-01T00:00:00Z',
    ];
    for (const range of ranges) {
      const summary = await api.request('GET', `/merchants/me/payments/summary?${range}`, { token });
      expect(summary.status, `${range}: ${await summary.clone().text()}`).toBe(200);
      const expected = range.startsWith('from=9999') ? 0 : 1;
      expect((await summary.json()).paymentCount, range).toBe(expected);
      const list = await api.request('GET', `/merchants/me/payments?${range}`, { token });
      expect(list.status, range).toBe(200);
      expect(await list.json(), range).toHaveLength(expected);
    }
  });
});

const NUL = 'A\u0000B';
const LONE_SURROGATE = 'A\ud800B';
const CONTROLS = { NUL, 'a lone surrogate': LONE_SURROGATE, 'a low surrogate alone': '\udc00x', 'ESC': 'A\u001bB', DEL: 'A\u007fB', 'BEL': '\u0007' };

describe('text the API does not take', () => {
  it.each(['/merchants/me/payments', '/merchants/me/customers', '/merchants/me/expected-payments'])(
    '%s refuses a NUL, a control character or DEL in q with 422 naming query.q',
    async (path) => {
      for (const q of ['%00', 'Kamau%00', '%1B[31m', 'ab%7F', '%08']) {
        await expectProblem(await api.request('GET', `${path}?q=${q}`, { token }), 'query.q');
      }
      // Tabs, line feeds, accents and emoji are text.
      const fine = await api.request('GET', `${path}?q=${encodeURIComponent('Wanjikũ\t😀')}`, { token });
      expect(fine.status).toBe(200);
    },
  );

  it('refuses them in a customer\'s fields and stores nothing', async () => {
    const valid = { displayName: 'Achieng Otieno', externalRef: `C-${randomUUID().slice(0, 8)}`, email: 'achieng@example.com', phone: '254712345678' };
    for (const [label, text] of Object.entries(CONTROLS)) {
      for (const field of ['displayName', 'externalRef']) {
        const response = await api.request('POST', '/merchants/me/customers', { token, json: { ...valid, [field]: text } });
        await expectProblem(response, field).catch((error: Error) => {
          throw new Error(`${field} with ${label}: ${error.message}`);
        });
      }
    }
    const [stored] = await db().select({ n: count() }).from(customers).where(eq(customers.merchantId, merchantId));
    expect(stored!.n).toBe(0);
  });

  it('refuses them in a sub-merchant\'s name, an account name, an STK description, sandbox payer fields and a webhook description', async () => {
    const before = await db().select({ n: count() }).from(subMerchants).where(eq(subMerchants.merchantId, merchantId));
    const cases: [string, Record<string, unknown>, string][] = [
      ['/merchants/me/sub-merchants', { name: NUL }, 'name'],
      ['/merchants/me/sub-merchants', { name: LONE_SURROGATE }, 'name'],
      ['/merchants/me/virtual-accounts', { purpose: 'BRAND', accountName: NUL }, 'accountName'],
      ['/merchants/me/virtual-accounts', { purpose: 'BRAND', accountName: LONE_SURROGATE }, 'accountName'],
      ['/merchants/me/stk/initiate', { phone: '254712345678', amount: 10, accountNumber, description: NUL }, 'description'],
      ['/merchants/me/stk/initiate', { phone: '254712345678', amount: 10, accountNumber, description: LONE_SURROGATE }, 'description'],
      ['/merchants/me/sandbox/inbound-payments', { accountNumber, amount: 10, channel: 'MOBILE_MONEY', payerName: NUL }, 'payerName'],
      ['/merchants/me/sandbox/inbound-payments', { accountNumber, amount: 10, channel: 'INSTANT_BANK', payerName: 'Kamau', providerReference: LONE_SURROGATE }, 'providerReference'],
      ['/merchants/me/webhook-endpoints', { url: 'http://127.0.0.1:9/hook', description: NUL }, 'description'],
      ['/merchants/me/webhook-endpoints', { url: 'http://127.0.0.1:9/hook', description: 'A\u007f' }, 'description'],
      ['/auth/login', { email: 'someone@example.com', password: NUL }, 'password'],
    ];
    for (const [path, json, field] of cases) {
      const response = await api.request('POST', path, { token, json });
      await expectProblem(response, field).catch((error: Error) => {
        throw new Error(`${path} ${field}: ${error.message}`);
      });
    }
    const after = await db().select({ n: count() }).from(subMerchants).where(eq(subMerchants.merchantId, merchantId));
    expect(after).toEqual(before);
  });

  it('names a nested field by its path, and an unacceptable key too', async () => {
    const response = await api.request('POST', '/merchants/me/sub-merchants', { token, json: { name: 'Shop', extra: [{ note: NUL }], ['k\u0000']: 1 } });
    await expectProblem(response, 'extra.0.note');
    const again = await api.request('POST', '/merchants/me/sub-merchants', { token, json: { name: 'Shop', ['k\u0000']: 1 } });
    await expectProblem(again, 'k\\u0000');
  });

  it('refuses a body nested deeper than 32 levels, even 10,000 deep, with 422 and no stack overflow', async () => {
    for (const depth of [40, 10_000]) {
      const body = `{"name":"Shop","extra":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      const response = await api.request('POST', '/merchants/me/sub-merchants', { token, body, headers: { 'content-type': 'application/json' } });
      const text = await response.text();
      expect(response.status, text).toBe(422);
      expect(text).toContain('Nested more than 32 levels deep.');
    }
    const shallow = { name: 'Nested shop', extra: JSON.parse(`${'['.repeat(30)}${']'.repeat(30)}`) };
    expect((await api.request('POST', '/merchants/me/sub-merchants', { token, json: shallow })).status).toBe(201);
  });

  it('leaves the rails alone: what a rail sends is theirs to keep (the bank route answers its own 401 here)', async () => {
    const response = await api.request('POST', '/rails/bank/credit-notifications', {
      json: { bankReference: 'FT1', accountNumber, amount: '10', currency: 'KES', payerName: NUL, channel: 'RTGS', transactionTime: new Date().toISOString() },
      headers: { 'x-bank-signature': 't=1,v1=00' },
    });
    expect(response.status).toBe(401);
  });
});
