import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '@/lib/customers/schema';
import { payments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { stkInitiations } from '@/lib/stk/schema';
import { signedInMerchant } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import { TYPED_FORMS } from './support';

const api = useTestApi();
const FORMS_IN_MESSAGE = '0712345678, 0112345678, +254712345678 or 254712345678';

const customerBody = (phone: string) => ({
  displayName: 'Achieng Otieno',
  externalRef: `CUST-${randomUUID().slice(0, 8)}`,
  email: `achieng-${randomUUID().slice(0, 6)}@example.com`,
  phone,
});

const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

describe('a phone number typed in any accepted form is stored as 2547…', () => {
  it.each(TYPED_FORMS)('registers a customer typed as %j with the phone 254712345678', async (typed) => {
    const { token } = await signedInMerchant(api);
    const response = await api.request('POST', '/merchants/me/customers', { token, json: customerBody(typed) });
    expect(response.status).toBe(201);
    const customer = await response.json();
    expect(customer.phone).toBe('254712345678');
    const [stored] = await db().select({ phone: customers.phone }).from(customers).where(eq(customers.id, customer.id));
    expect(stored!.phone).toBe('254712345678');
  });

  it('refuses a number that is not a mobile number with 422 naming phone and the forms it takes', async () => {
    const { token, merchant } = await signedInMerchant(api);
    for (const typed of ['0712 345', '0202345678', '254212345678', '07123456789']) {
      const response = await api.request('POST', '/merchants/me/customers', { token, json: customerBody(typed) });
      expect(response.status, typed).toBe(422);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      const problem = await response.json();
      expect(problem.errors).toEqual([{ path: 'phone', message: expect.stringContaining(FORMS_IN_MESSAGE) }]);
    }
    expect(await db().select().from(customers).where(eq(customers.merchantId, merchant.id))).toEqual([]);
  });

  it('sends a phone prompt to a number typed 0712 345 678 as 254712345678', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const response = await api.request('POST', '/merchants/me/stk/initiate', { token, json: { phone: '0712 345 678', amount: 10, accountNumber: virtualAccount.accountNumber } });
    expect(response.status).toBe(202);
    expect((await response.json()).phone).toBe('254712345678');
    const [stored] = await db().select({ phone: stkInitiations.phone }).from(stkInitiations).where(eq(stkInitiations.merchantId, merchant.id));
    expect(stored!.phone).toBe('254712345678');
  });

  it('records a sandbox payer typed +254 712 345 678 as 254712345678, and refuses one that is no Kenyan mobile', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const simulate = (payerPhone: string) =>
      api.request('POST', '/merchants/me/sandbox/inbound-payments', { token, json: { accountNumber: virtualAccount.accountNumber, amount: 100, channel: 'MOBILE_MONEY', payerPhone } });
    const response = await simulate('+254 712 345 678');
    expect(response.status).toBe(201);
    const payment = await response.json();
    expect(payment.payerPhone).toBe('254712345678');
    const [stored] = await db().select({ payerPhone: payments.payerPhone }).from(payments).where(eq(payments.id, payment.id));
    expect(stored!.payerPhone).toBe('254712345678');
    const refused = await simulate('12345');
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors).toEqual([{ path: 'payerPhone', message: expect.stringContaining(FORMS_IN_MESSAGE) }]);
  });
});

describe('searching by phone in any form people type', () => {
  it('finds customers stored as 2547… by 07…, +254 …, 254… and the last digits, and no one else', async () => {
    const { token } = await signedInMerchant(api);
    const created = await api.request('POST', '/merchants/me/customers', { token, json: customerBody('254722000111') });
    const customer = await created.json();
    await api.request('POST', '/merchants/me/customers', { token, json: customerBody('254733000222') });
    for (const q of ['0722000111', '0722 000 111', '+254 722 000 111', '254722000111', '000111']) {
      const response = await api.request('GET', `/merchants/me/customers?q=${encodeURIComponent(q)}`, { token });
      expect(response.status).toBe(200);
      expect(ids(await response.json()), q).toEqual([customer.id]);
    }
  });

  it('finds payments whose payer is stored as 2547… by 07…, +254 …, 254… and the last digits', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const simulate = async (payerPhone: string) => {
      const response = await api.request('POST', '/merchants/me/sandbox/inbound-payments', { token, json: { accountNumber: virtualAccount.accountNumber, amount: 100, channel: 'MOBILE_MONEY', payerPhone } });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string };
    };
    const mine = await simulate('254722000333');
    await simulate('254733000444');
    for (const q of ['0722000333', '0722 000 333', '+254 722 000 333', '254722000333', '000333']) {
      const response = await api.request('GET', `/merchants/me/payments?q=${encodeURIComponent(q)}`, { token });
      expect(response.status).toBe(200);
      expect(ids(await response.json()), q).toEqual([mine.id]);
    }
  });
});
