import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { payments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { queueReceipts, receiptTask } from '@/lib/messages/receipt';
import type { JobHelpers } from 'graphile-worker';
import { signedInMerchant } from '../customers/helpers';
import { c2bBody, postC2b } from '../rails/support';
import { useTestApi } from '../support/api-server';
import { startSmtpServer } from '../team/smtp-server';
import { startAfricasTalkingServer } from './africastalking-server';
import { AT_ACCOUNT, messagesOf, putSettings, receiptJobsFor, sendQueued } from './support';

const at = await startAfricasTalkingServer(AT_ACCOUNT);
const smtp = await startSmtpServer();
afterAll(async () => {
  await at.close();
  await smtp.close();
});
const api = useTestApi({
  SMS_PROVIDER: 'africastalking',
  AT_USERNAME: AT_ACCOUNT.username,
  AT_API_KEY: AT_ACCOUNT.apiKey,
  AT_SENDER_ID: 'COLLECT',
  AT_BASE_URL: at.url,
  SMTP_URL: smtp.url,
  SMTP_FROM: 'Collect <receipts@collect.test>',
});

/** A merchant with receipts on, a customer with a phone and an email, and a bill of KES 2,000 for them. */
async function merchantWithBill(settings: Record<string, unknown>, name = 'Duka la Mama Njeri') {
  const merchant = await signedInMerchant(api);
  const { merchants } = await import('@/lib/merchants/schema');
  await db().update(merchants).set({ name }).where(eq(merchants.id, merchant.merchant.id));
  await putSettings(api, merchant.token, settings);
  const customer = (await (await api.request('POST', '/merchants/me/customers', { token: merchant.token, json: { displayName: 'Achieng Otieno', externalRef: `C-${Date.now()}-${Math.random()}`, email: `achieng-${Date.now()}@example.com`, phone: '0712345678' } })).json()) as { id: string; email: string };
  const billResponse = await api.request('POST', '/merchants/me/expected-payments', { token: merchant.token, json: { paymentReference: `INV-${Math.floor(Math.random() * 1e8)}`, amount: 2000, currency: 'KES', expiresAt: new Date(Date.now() + 10 * 86_400_000).toISOString(), customerId: customer.id } });
  expect(billResponse.status).toBe(201);
  const bill = (await billResponse.json()) as { id: string; paymentReference: string };
  return { ...merchant, customer, bill };
}

describe('payer receipts', () => {
  it('sends one receipt per payment however often M-Pesa repeats its callback, in Swahili, through Africa\'s Talking as documented', async () => {
    const { merchant, virtualAccount, bill, token } = await merchantWithBill({ receiptChannels: ['SMS'], language: 'sw' });
    expect(token).toBeTruthy();
    const body = c2bBody(`${virtualAccount.accountNumber}#${bill.paymentReference}`, '1500.00', { TransTime: '20261125140300' });
    // Safaricom retries a confirmation it thinks was lost: ten times the same TransID, some at once.
    await Promise.all(Array.from({ length: 5 }, () => postC2b(api, 'confirmation', body)));
    for (let i = 0; i < 5; i++) expect((await postC2b(api, 'confirmation', body)).status).toBe(200);

    const [payment, ...more] = await db().select().from(payments).where(eq(payments.providerReference, body.TransID));
    expect(more).toHaveLength(0);
    // Queued by the payment's own transaction: one job names it.
    const jobs = await receiptJobsFor(payment!.id);
    expect(jobs.map((job) => job.payload.paymentIds)).toEqual([[payment!.id]]);
    // The job run twice (a retry after a crash) still makes one message.
    await receiptTask(jobs[0]!.payload, {} as JobHelpers);
    await receiptTask(jobs[0]!.payload, {} as JobHelpers);
    const before = at.requests.length;
    const sent = await sendQueued(merchant.id);
    expect(sent).toHaveLength(1);
    expect(at.requests.length - before).toBe(1);

    const request = at.requests.at(-1)!;
    expect(request.headers.apikey).toBe(AT_ACCOUNT.apiKey);
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(request.form).toMatchObject({ username: AT_ACCOUNT.username, to: '+254712345678', from: 'COLLECT' });
    expect(request.form.message).toBe(
      `Duka la Mama Njeri: tumepokea KES 1,500.00 kwa bili ${bill.paymentReference}. Risiti ya M-Pesa ${body.TransID}, 25 Nov 2026, 14:03 saa za Nairobi. Kiasi kilichobaki: KES 500.00. Asante.`,
    );
    expect(sent[0]).toMatchObject({ kind: 'RECEIPT', channel: 'SMS', status: 'SENT', recipient: '254712345678', paymentId: payment!.id, language: 'sw', segments: 2 });
    expect(sent[0]!.providerMessageId).toMatch(/^ATXid_/);
  });

  it('says the bill is paid in full when the payment settles it, in English', async () => {
    const { merchant, virtualAccount, bill } = await merchantWithBill({ receiptChannels: ['SMS'], language: 'en' }, 'Mama Njeri Stores');
    const body = c2bBody(`${virtualAccount.accountNumber}#${bill.paymentReference}`, '2000.00', { TransTime: '20261125091500' });
    await postC2b(api, 'confirmation', body);
    const [payment] = await db().select().from(payments).where(eq(payments.providerReference, body.TransID));
    await queueReceipts(payment!.id);
    const [message] = await sendQueued(merchant.id);
    expect(message!.body).toBe(`Mama Njeri Stores: KES 2,000.00 received for bill ${bill.paymentReference}. M-Pesa receipt ${body.TransID}, 25 Nov 2026, 09:15 Nairobi time. Paid in full. Thank you.`);
  });

  it('emails the receipt to the customer through the SMTP server', async () => {
    const { merchant, virtualAccount, bill, customer } = await merchantWithBill({ receiptChannels: ['SMS', 'EMAIL'], language: 'en' });
    const body = c2bBody(`${virtualAccount.accountNumber}#${bill.paymentReference}`, '250.50');
    await postC2b(api, 'confirmation', body);
    const [payment] = await db().select().from(payments).where(eq(payments.providerReference, body.TransID));
    await queueReceipts(payment!.id);
    const sent = await sendQueued(merchant.id);
    expect(sent.map((message) => [message.channel, message.status]).sort()).toEqual([['EMAIL', 'SENT'], ['SMS', 'SENT']]);
    const mail = smtp.received.find((received) => received.to.includes(customer.email))!;
    expect(mail.from).toBe('receipts@collect.test');
    expect(mail.data).toContain('Subject: Receipt from Duka la Mama Njeri');
    expect(mail.data).toContain('Hello Achieng Otieno,');
    expect(mail.data).toContain('Still due: KES 1,749.50');
  });

  it('without a customer, texts the phone M-Pesa gave, and nobody when M-Pesa masked it', async () => {
    const merchant = await signedInMerchant(api);
    await putSettings(api, merchant.token, { receiptChannels: ['SMS', 'EMAIL'] });
    const whole = c2bBody(merchant.virtualAccount.accountNumber, '300.00', { MSISDN: '254799000111' });
    const masked = c2bBody(merchant.virtualAccount.accountNumber, '300.00', { MSISDN: '2547 ***** 678' });
    for (const body of [whole, masked]) {
      await postC2b(api, 'confirmation', body);
      const [payment] = await db().select().from(payments).where(eq(payments.providerReference, body.TransID));
      await queueReceipts(payment!.id);
    }
    const recorded = await messagesOf(merchant.merchant.id);
    expect(recorded.map((message) => [message.channel, message.recipient])).toEqual([['SMS', '254799000111']]);
    expect(recorded[0]!.body).toContain(`for account ${merchant.virtualAccount.accountNumber}`);
  });

  it('sends nothing, and queues nothing, for a merchant who has not asked for receipts', async () => {
    const merchant = await signedInMerchant(api);
    const body = c2bBody(merchant.virtualAccount.accountNumber, '100.00');
    await postC2b(api, 'confirmation', body);
    const [payment] = await db().select().from(payments).where(eq(payments.providerReference, body.TransID));
    expect(await receiptJobsFor(payment!.id)).toEqual([]);
    expect(await queueReceipts(payment!.id)).toEqual([]);
    expect(await messagesOf(merchant.merchant.id)).toEqual([]);
  });
});
