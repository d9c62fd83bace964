import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '@/lib/customers/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { newSubMerchant } from '../support/fixtures';
import { createCustomer, customerBody, errorPaths, problemOf, scopedUser, signedInMerchant, signedInUser } from './helpers';

const api = useTestApi();
const CUSTOMER_KEYS = ['createdAt', 'displayName', 'email', 'externalRef', 'id', 'merchantId', 'phone', 'status', 'subMerchantId'];

const create = (token: string, json: unknown, headers: Record<string, string> = {}) =>
  api.request('POST', '/merchants/me/customers', { token, json, headers });

describe('POST /merchants/me/customers', () => {
  it('registers an ACTIVE customer and answers 201 with exactly the spec fields', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const body = customerBody({ phone: '254712345678' });
    const response = await create(token, body);
    expect(response.status).toBe(201);
    const customer = await response.json();
    expect(Object.keys(customer).sort()).toEqual(CUSTOMER_KEYS);
    expect(customer).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      merchantId: merchant.id,
      subMerchantId: null,
      externalRef: body.externalRef,
      displayName: body.displayName,
      email: body.email,
      phone: '254712345678',
      status: 'ACTIVE',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
  });

  it('accepts numbers of other countries in international form', async () => {
    const { token } = await signedInMerchant(api);
    for (const phone of ['447911123456', '256712345678', '14155550123']) {
      expect((await create(token, customerBody({ phone }))).status).toBe(201);
    }
  });

  it('names every missing required field (the email is optional)', async () => {
    const { token } = await signedInMerchant(api);
    const response = await create(token, {});
    expect(response.status).toBe(422);
    expect(await errorPaths(response)).toEqual(['displayName', 'externalRef', 'phone']);
  });

  it.each([
    ['displayName', ''],
    ['displayName', '   '],
    ['displayName', 'x'.repeat(201)],
    ['externalRef', ''],
    ['externalRef', 'r'.repeat(101)],
    ['email', 'not-an-email'],
    ['phone', '0712 345'],
    ['phone', '07123456789'],
    ['phone', '0202345678'],
    ['phone', '+254 712 345 67x'],
    ['phone', '1234567'],
    ['phone', '1234567890123456'],
    ['phone', '25471234567'],
    ['phone', '2547123456789'],
    ['phone', '254212345678'],
    ['subMerchantId', 'not-a-uuid'],
  ])('refuses %s = %j with a 422 naming the field', async (field, value) => {
    const { token } = await signedInMerchant(api);
    const response = await create(token, customerBody({ [field]: value }));
    expect(response.status).toBe(422);
    expect(await errorPaths(response)).toEqual([field]);
  });

  it('says in the phone message which forms are accepted', async () => {
    const { token } = await signedInMerchant(api);
    for (const phone of ['0712 345', '254212345678']) {
      const problem = await problemOf(await create(token, customerBody({ phone })));
      expect(problem.errors![0]!.message).toContain('0712345678, 0112345678, +254712345678 or 254712345678');
    }
  });

  it('answers 409 with the existing id when the externalRef is already used by the merchant', async () => {
    const { token } = await signedInMerchant(api);
    const first = await createCustomer(api, token, { externalRef: 'ACME-1' });
    const response = await create(token, customerBody({ externalRef: 'ACME-1' }));
    expect(response.status).toBe(409);
    const problem = await problemOf(response);
    expect(problem.existingId).toBe(first.id);
    expect(problem.detail).toContain('ACME-1');
  });

  it('lets two merchants use the same externalRef', async () => {
    const one = await signedInMerchant(api);
    const two = await signedInMerchant(api);
    await createCustomer(api, one.token, { externalRef: 'SHARED-REF' });
    expect((await create(two.token, customerBody({ externalRef: 'SHARED-REF' }))).status).toBe(201);
  });

  it('replays the first answer to a retry with the same Idempotency-Key, making one customer', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const body = customerBody();
    const first = await create(token, body, { 'Idempotency-Key': 'create-customer-1' });
    const again = await create(token, body, { 'Idempotency-Key': 'create-customer-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    const rows = await db()
      .select()
      .from(customers)
      .where(and(eq(customers.merchantId, merchant.id), eq(customers.externalRef, body.externalRef)));
    expect(rows).toHaveLength(1);
  });

  it('is refused to SUPPORT users with 403', async () => {
    const { merchant } = await signedInMerchant(api);
    const support = await signedInUser(api, merchant.id, 'SUPPORT');
    const response = await create(support.token, customerBody());
    expect(response.status).toBe(403);
    expect((await problemOf(response)).code).toBe('forbidden');
  });

  it("registers the customer for one of the merchant's sub-merchants", async () => {
    const { merchant, token } = await signedInMerchant(api);
    const branch = await newSubMerchant(merchant.id);
    const customer = await createCustomer(api, token, { subMerchantId: branch.id });
    expect(customer.subMerchantId).toBe(branch.id);
  });

  it('takes a null subMerchantId as none', async () => {
    const { token } = await signedInMerchant(api);
    expect((await createCustomer(api, token, { subMerchantId: null })).subMerchantId).toBeNull();
  });

  it("answers 404 for another merchant's sub-merchant", async () => {
    const { token } = await signedInMerchant(api);
    const other = await signedInMerchant(api);
    const foreignBranch = await newSubMerchant(other.merchant.id);
    const response = await create(token, customerBody({ subMerchantId: foreignBranch.id }));
    expect(response.status).toBe(404);
  });

  it('registers for its own sub-merchant when the user is scoped, and refuses another sub-merchant with 404', async () => {
    const { merchant } = await signedInMerchant(api);
    const scoped = await scopedUser(api, merchant.id);
    const sibling = await newSubMerchant(merchant.id);
    const implicit = await createCustomer(api, scoped.token);
    expect(implicit.subMerchantId).toBe(scoped.subMerchant.id);
    const explicit = await createCustomer(api, scoped.token, { subMerchantId: scoped.subMerchant.id });
    expect(explicit.subMerchantId).toBe(scoped.subMerchant.id);
    expect((await create(scoped.token, customerBody({ subMerchantId: sibling.id }))).status).toBe(404);
  });
});
