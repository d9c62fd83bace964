import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectedPayments } from '@/lib/bills/schema';
import { sendDueReminders } from '@/lib/messages/reminders';
import { db } from '@/lib/platform/db';
import { signedInMerchant } from '../customers/helpers';
import { useTestApi } from '../support/api-server';
import { messagesOf, putSettings } from './support';

const api = useTestApi({ SANDBOX: 'true' });
const DAY = 86_400_000;

async function billExpiringIn(token: string, days: number, createdDaysAgo: number) {
  const customer = (await (await api.request('POST', '/merchants/me/customers', { token, json: { displayName: 'Wanjiru', externalRef: `C-${Math.random()}`, phone: '0733444555', email: `w-${Math.random()}@example.com` } })).json()) as { id: string };
  const response = await api.request('POST', '/merchants/me/expected-payments', { token, json: { paymentReference: `INV-${Math.floor(Math.random() * 1e8)}`, amount: 900, currency: 'KES', expiresAt: new Date(Date.now() + days * DAY).toISOString(), customerId: customer.id } });
  const bill = (await response.json()) as { id: string };
  // Made earlier than now, as a bill of last week would be.
  await db().update(expectedPayments).set({ createdAt: new Date(Date.now() - createdDaysAgo * DAY) }).where(eq(expectedPayments.id, bill.id));
  return bill;
}

describe('reminders before a bill expires', () => {
  it('reminds each bill once, by the chosen channels, however often the sweep runs', async () => {
    const { token, merchant } = await signedInMerchant(api);
    await putSettings(api, token, { reminderDaysBefore: 3, reminderChannels: ['SMS', 'EMAIL'] });
    const due = await billExpiringIn(token, 2, 10);
    const later = await billExpiringIn(token, 6, 10);
    await Promise.all([sendDueReminders(), sendDueReminders(), sendDueReminders()]);
    await sendDueReminders();
    const reminders = (await messagesOf(merchant.id)).filter((message) => message.kind === 'REMINDER');
    expect(reminders.map((message) => [message.expectedPaymentId, message.channel]).sort()).toEqual([[due.id, 'EMAIL'], [due.id, 'SMS']]);
    expect(reminders.find((message) => message.channel === 'SMS')!.body).toMatch(/^Test Merchant: reminder, bill INV-\d+ \(KES 900\.00 still due\) expires on .+\. Pay here: http.+\/pay\//);
    expect(reminders.every((message) => message.expectedPaymentId !== later.id)).toBe(true);
  });

  it('does not remind a bill made inside its reminder window, a paid one, or when reminders are off', async () => {
    const { token, merchant } = await signedInMerchant(api);
    await putSettings(api, token, { reminderDaysBefore: 3, reminderChannels: ['SMS'] });
    await billExpiringIn(token, 2, 0);
    const paid = await billExpiringIn(token, 2, 10);
    await db().update(expectedPayments).set({ status: 'PAID', amountPaid: '900' }).where(eq(expectedPayments.id, paid.id));
    const quiet = await signedInMerchant(api);
    await billExpiringIn(quiet.token, 1, 10);
    await sendDueReminders();
    expect(await messagesOf(merchant.id)).toEqual([]);
    expect(await messagesOf(quiet.merchant.id)).toEqual([]);
  });
});
