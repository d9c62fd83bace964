import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '@/lib/audit/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { newMerchant, signIn } from '../support/fixtures';
import { c2bBody, postC2b } from '../rails/support';
import { call, signedInOperator, uniquePhone, type Json } from './desk-support';

const api = useTestApi();

/** A paybill payment through Daraja's confirmation, as M-Pesa sends it. */
async function paidByPhone(accountNumber: string, phone: string, amount = '1500.00', overrides: Record<string, unknown> = {}) {
  const body = c2bBody(accountNumber, amount, { MSISDN: phone, ...overrides });
  const response = await postC2b(api, 'confirmation', body);
  expect(response.status).toBe(200);
  return body;
}

const search = async (token: string, q: string) => {
  const answer = await call(api, 'GET', `/operator/payments?q=${encodeURIComponent(q)}`, token);
  expect(answer.status).toBe(200);
  return answer.body;
};

const auditOf = (merchantId: string) => db().select().from(auditEvents).where(and(eq(auditEvents.merchantId, merchantId), eq(auditEvents.actorType, 'operator')));

describe("the operator's search across merchants", () => {
  it('finds a payment of merchant A by its receipt, with the merchant named', async () => {
    const a = await newMerchant('Duka la Mama Achieng');
    const operator = await signedInOperator(api);
    const paid = await paidByPhone(a.virtualAccount.accountNumber, uniquePhone());

    const found = await search(operator.token, paid.TransID.toLowerCase());
    expect(found.data).toHaveLength(1);
    expect(found.data[0]).toMatchObject({ providerReference: paid.TransID, amount: 1500, merchant: { id: a.merchant.id, name: 'Duka la Mama Achieng' } });
    expect(found.nextCursor).toBeNull();
  });

  it("finds the payer's payments by phone in three spellings, and by account number", async () => {
    const a = await newMerchant();
    const operator = await signedInOperator(api);
    const phone = uniquePhone();
    const first = await paidByPhone(a.virtualAccount.accountNumber, phone, '200.00');
    const second = await paidByPhone(a.virtualAccount.accountNumber, `0${phone.slice(3)}`, '300.00'); // some rails send 07…

    for (const spelling of [phone, `+${phone}`, `0${phone.slice(3, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`]) {
      const found = await search(operator.token, spelling);
      expect(found.data.map((payment: Json) => payment.providerReference).sort()).toEqual([first.TransID, second.TransID].sort());
    }
    const byAccount = await search(operator.token, a.virtualAccount.accountNumber);
    expect(byAccount.data.map((payment: Json) => payment.providerReference)).toEqual([second.TransID, first.TransID]);
  });

  it("records the search in the audit log of each merchant it found, and never in another's", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const operator = await signedInOperator(api, 'PLATFORM_SUPPORT', { firstName: 'Otieno', lastName: 'Ouma' });
    const phone = uniquePhone();
    const ofA = await paidByPhone(a.virtualAccount.accountNumber, phone);
    await paidByPhone(b.virtualAccount.accountNumber, uniquePhone());

    await search(operator.token, ofA.TransID);
    const [row, ...more] = await auditOf(a.merchant.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ actorType: 'operator', actorId: operator.user.id, action: 'payments.searched' });
    expect(row!.summary).toBe(`Collect support (Otieno Ouma) searched payments for "${ofA.TransID}"`);
    expect(await auditOf(b.merchant.id)).toEqual([]);

    // A search that finds nothing of anyone's is nobody's record.
    await search(operator.token, 'QZZZZZZZZZ');
    expect(await auditOf(b.merchant.id)).toEqual([]);
  });

  it("finds suspense of no merchant by the account number the payer mistyped", async () => {
    const operator = await signedInOperator(api);
    const mistyped = `9${String(Date.now()).slice(-9)}`;
    const paid = await paidByPhone(mistyped, uniquePhone(), '750.00');

    const found = await search(operator.token, mistyped);
    expect(found.data).toEqual([]);
    expect(found.suspense).toEqual([expect.objectContaining({ providerReference: paid.TransID, accountNumber: mistyped, merchant: null, status: 'OPEN' })]);
  });

  it('answers 422 for an empty query and 404 for a merchant user, as if the console did not exist', async () => {
    const a = await newMerchant();
    const operator = await signedInOperator(api);
    const empty = await call(api, 'GET', '/operator/payments?q=', operator.token);
    expect(empty.status).toBe(422);
    expect(empty.headers.get('content-type')).toContain('application/problem+json');

    const merchantUser = await signIn(api, a.user.email, a.password);
    const refused = await call(api, 'GET', '/operator/payments?q=anything', merchantUser.accessToken);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('not_found');
  });
});
