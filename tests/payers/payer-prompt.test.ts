import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectedPayments } from '@/lib/bills/schema';
import { payerPromptRequests } from '@/lib/payer-links/prompts/schema';
import { db } from '@/lib/platform/db';
import { stkInitiations } from '@/lib/stk/schema';
import { newBill, newCustomer, newCustomerAccount, signedInMerchant } from '../accounts/support';
import { settled } from '../stk/support';
import { useTestApi } from '../support/api-server';
import { freshAddress } from '../support/fixtures';

const api = useTestApi();
const PROMPT_KEYS = ['id', 'status', 'amount', 'phone', 'failureReason', 'createdAt', 'statusUrl'].sort();

let phoneCounter = 0;
/** A different payer's number each time, so that the per-phone limit belongs to the test that means it. */
const freshPhone = () => `07${String(20_000_000 + (Date.now() % 10_000_000) + ++phoneCounter).slice(-8)}`;

async function linkTo(token: string, targetType: string, targetId: string): Promise<string> {
  const response = await api.request('POST', '/merchants/me/payer-links', { token, json: { targetType, targetId } });
  return (await response.json()).token;
}

const ask = (linkToken: string, json: Record<string, unknown>, address = freshAddress()) =>
  api.request('POST', `/pay/${linkToken}/stk`, { json, headers: { 'x-forwarded-for': address } });

async function billLink(amount = '1500') {
  const merchant = await signedInMerchant(api);
  const { bill, account } = await newBill(merchant.merchant.id, { invoiceAccount: true, amount });
  return { ...merchant, bill, account: account!, linkToken: await linkTo(merchant.token, 'EXPECTED_PAYMENT', bill.id) };
}

async function statusUntilSettled(linkToken: string, id: string, withinMs = 10_000) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const response = await api.request('GET', `/pay/${linkToken}/stk/${id}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    if (body.status !== 'PENDING' || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('POST /pay/{token}/stk: the prompt a payer asks for', () => {
  it("sends the prompt for the bill's outstanding amount, which the simulator pays, and the merchant sees it asked by the payer", async () => {
    const { token, bill, linkToken } = await billLink('1500');
    await db().update(expectedPayments).set({ amountPaid: '500', status: 'PARTIALLY_PAID' }).where(eq(expectedPayments.id, bill.id));
    const response = await ask(linkToken, { phone: '0712 345 678' });
    expect(response.status, await response.clone().text()).toBe(202);
    const prompt = await response.json();
    expect(Object.keys(prompt).sort()).toEqual(PROMPT_KEYS);
    expect(prompt).toMatchObject({ status: 'PENDING', amount: 1000, phone: '2547******78' });
    expect(response.headers.get('location')).toBe(`/api/v1/pay/${linkToken}/stk/${prompt.id}`);
    expect(prompt.statusUrl).toBe(response.headers.get('location'));

    const done = await statusUntilSettled(linkToken, prompt.id);
    expect(done.status).toBe('COMPLETED');
    const merchantView = await settled(api, token, prompt.id);
    expect(merchantView).toMatchObject({ status: 'COMPLETED', askedByPayer: true, expectedPaymentId: bill.id, phone: '254712345678', amount: 1000 });
    const list = await (await api.request('GET', '/merchants/me/stk', { token })).json();
    expect(list.find((row: { id: string }) => row.id === prompt.id)?.askedByPayer).toBe(true);
    const [paid] = await db().select().from(expectedPayments).where(eq(expectedPayments.id, bill.id));
    expect(paid!.status).toBe('PAID');
  });

  it("marks the merchant's own prompts as not asked by the payer", async () => {
    const { token, account } = await billLink();
    const response = await api.request('POST', '/merchants/me/stk/initiate', { token, json: { phone: freshPhone(), amount: 10, accountNumber: account.accountNumber } });
    expect(response.status).toBe(202);
    expect((await response.json()).askedByPayer).toBe(false);
  });

  it('rounds cents up to the whole shilling M-Pesa prompts take', async () => {
    const { linkToken } = await billLink('1500.5');
    const response = await ask(linkToken, { phone: freshPhone() });
    expect(response.status).toBe(202);
    expect((await response.json()).amount).toBe(1501);
  });

  it('asks for the amount the payer types on an account or customer link, and requires one there', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const accountLink = await linkTo(token, 'VIRTUAL_ACCOUNT', virtualAccount.id);
    const customer = await newCustomer(merchant.id);
    await newCustomerAccount(customer);
    const customerLink = await linkTo(token, 'CUSTOMER', customer.id);

    const missing = await ask(accountLink, { phone: freshPhone() });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors).toEqual([expect.objectContaining({ path: 'amount' })]);
    const typed = await ask(accountLink, { phone: freshPhone(), amount: 250 });
    expect(typed.status).toBe(202);
    expect((await typed.json()).amount).toBe(250);
    const forCustomer = await ask(customerLink, { phone: freshPhone(), amount: 75 });
    expect(forCustomer.status).toBe(202);
    const [row] = await db().select().from(stkInitiations).where(eq(stkInitiations.id, (await forCustomer.json()).id));
    expect(row).toMatchObject({ customerId: customer.id, payerLinkToken: customerLink, amount: '75.0000' });
  });

  it('refuses an amount on a bill link, a phone that is not a Kenyan mobile, and sends nothing', async () => {
    const { bill, linkToken } = await billLink();
    const withAmount = await ask(linkToken, { phone: freshPhone(), amount: 10 });
    expect(withAmount.status).toBe(422);
    expect(withAmount.headers.get('content-type')).toContain('application/problem+json');
    const badPhone = await ask(linkToken, { phone: '12345' });
    expect(badPhone.status).toBe(422);
    expect((await badPhone.json()).errors).toEqual([expect.objectContaining({ path: 'phone' })]);
    expect(await db().select().from(stkInitiations).where(eq(stkInitiations.expectedPaymentId, bill.id))).toEqual([]);
  });

  it('refuses a closed bill with a clear problem, sends nothing and counts nothing', async () => {
    for (const closed of [{ status: 'PAID' as const, amountPaid: '1500' }, { status: 'CANCELLED' as const, cancelledAt: new Date() }, { expiresAt: new Date(Date.now() - 1000) }]) {
      const { bill, linkToken } = await billLink();
      await db().update(expectedPayments).set(closed).where(eq(expectedPayments.id, bill.id));
      const response = await ask(linkToken, { phone: freshPhone() });
      expect(response.status).toBe(410);
      const problem = await response.json();
      expect(problem.code).toBe('payer_link_closed');
      expect(problem.detail).toMatch(/No M-Pesa prompt was sent\.$/);
      expect(await db().select().from(stkInitiations).where(eq(stkInitiations.expectedPaymentId, bill.id))).toEqual([]);
      expect(await db().select().from(payerPromptRequests).where(eq(payerPromptRequests.linkToken, linkToken))).toEqual([]);
    }
  });

  it('answers 404 for an unknown link', async () => {
    const response = await ask('AAAAAAAAAAAAAAAAAAAAAA', { phone: freshPhone() });
    expect(response.status).toBe(404);
  });
});

describe('limits on the prompts a payer asks for', () => {
  it('allows 3 per link in 10 minutes, then answers 429 with Retry-After, whatever the phone or address', async () => {
    const { linkToken } = await billLink();
    for (let i = 0; i < 3; i++) expect((await ask(linkToken, { phone: freshPhone() })).status).toBe(202);
    const refused = await ask(linkToken, { phone: freshPhone() });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await refused.json()).code).toBe('too_many_prompts');
    expect(await db().select().from(stkInitiations).where(eq(stkInitiations.payerLinkToken, linkToken))).toHaveLength(3);
  });

  it('frees a slot when the oldest request leaves the window, and says so in Retry-After', async () => {
    const { linkToken } = await billLink();
    for (let i = 0; i < 3; i++) expect((await ask(linkToken, { phone: freshPhone() })).status).toBe(202);
    const [oldest] = await db().select().from(payerPromptRequests).where(eq(payerPromptRequests.linkToken, linkToken)).orderBy(payerPromptRequests.id).limit(1);
    await db().update(payerPromptRequests).set({ requestedAt: new Date(Date.now() - 595_000) }).where(eq(payerPromptRequests.id, oldest!.id));
    const refused = await ask(linkToken, { phone: freshPhone() });
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(5);
    await db().update(payerPromptRequests).set({ requestedAt: new Date(Date.now() - 601_000) }).where(eq(payerPromptRequests.id, oldest!.id));
    expect((await ask(linkToken, { phone: freshPhone() })).status).toBe(202);
  });

  it('allows 3 per phone in 10 minutes across links', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 3; i++) expect((await ask((await billLink()).linkToken, { phone })).status).toBe(202);
    const refused = await ask((await billLink()).linkToken, { phone: phone.replace(/^0/, '+254') });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('allows 10 per address in 10 minutes across links and phones', async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++) expect((await ask((await billLink()).linkToken, { phone: freshPhone() }, address)).status).toBe(202);
    expect((await ask((await billLink()).linkToken, { phone: freshPhone() }, address)).status).toBe(429);
    expect((await ask((await billLink()).linkToken, { phone: freshPhone() }, freshAddress())).status).toBe(202);
  });

  it('holds under concurrent requests: of 8 at once on one link, exactly 3 are sent', async () => {
    const { linkToken } = await billLink();
    const answers = await Promise.all(Array.from({ length: 8 }, () => ask(linkToken, { phone: freshPhone() })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([202, 202, 202, 429, 429, 429, 429, 429]);
    expect(await db().select().from(stkInitiations).where(eq(stkInitiations.payerLinkToken, linkToken))).toHaveLength(3);
  });
});

describe('GET /pay/{token}/stk/{id}', () => {
  it('finds a prompt only through the link it was asked from', async () => {
    const first = await billLink();
    const second = await billLink();
    const prompt = await (await ask(first.linkToken, { phone: freshPhone() })).json();
    expect((await api.request('GET', `/pay/${first.linkToken}/stk/${prompt.id}`)).status).toBe(200);
    expect((await api.request('GET', `/pay/${second.linkToken}/stk/${prompt.id}`)).status).toBe(404);
  });

  it("tells a failed prompt's reason: the simulator's cancelling number", async () => {
    const { linkToken } = await billLink();
    const prompt = await (await ask(linkToken, { phone: '0700000001' })).json();
    const done = await statusUntilSettled(linkToken, prompt.id);
    expect(done.status).toBe('FAILED');
    expect(done.failureReason).toEqual(expect.any(String));
  });
});
