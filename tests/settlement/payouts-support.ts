import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { virtualAccounts } from '@/lib/accounts/schema';
import { events } from '@/lib/events/schema';
import { checkLedger } from '@/lib/ledger/check';
import { createMerchant } from '@/lib/merchants/operations';
import { ingestPayment } from '@/lib/payments/ingest';
import { db } from '@/lib/platform/db';
import { createSettlement } from '@/lib/settlement/create-settlement';
import { settlementAccounts, settlements, type SettlementAccountRow } from '@/lib/settlement/schema';
import { uniqueEmail } from '../support/fixtures';

type AccountDetails = Partial<Omit<SettlementAccountRow, 'id' | 'merchantId' | 'createdAt'>> & Pick<SettlementAccountRow, 'kind'>;

export const MPESA_ACCOUNT: AccountDetails = { kind: 'MPESA', accountName: 'Wanjiku Kamau', phone: '254712345678' };
export const PAYBILL_ACCOUNT: AccountDetails = { kind: 'PAYBILL', accountName: 'Merchant Supplies Ltd', paybill: '888880', accountReference: 'ACC-1' };
export const BANK_ACCOUNT: AccountDetails = { kind: 'BANK', accountName: 'Duka & Sons Ltd', bankName: 'Equity Bank', bankCode: '68', branchCode: '068000', accountNumber: '0170123456789' };

/** A merchant with its KES account and an active settlement account there, written straight to the tables. */
export async function merchantPaidTo(details: AccountDetails, currency = 'KES') {
  const { merchant } = await createMerchant({ name: 'Duka Payouts', email: uniqueEmail('owner'), password: 'correct-horse-battery' });
  const [account] = await db().select().from(virtualAccounts).where(and(eq(virtualAccounts.merchantId, merchant.id), eq(virtualAccounts.currency, currency)));
  const [destination] = await db()
    .insert(settlementAccounts)
    .values({ accountName: 'Duka Ltd', ...details, merchantId: merchant.id, currency })
    .returning();
  return { merchant, account: account!, destination: destination! };
}

/** An M-Pesa paybill payment received two days ago (1% fee): 1000 leaves 990 owed. */
export async function received(account: { accountNumber: string; currency: string }, amount: string) {
  const result = await ingestPayment(
    {
      rail: 'MPESA',
      channel: 'MOBILE_MONEY',
      providerReference: `SK${randomBytes(4).toString('hex').toUpperCase()}`,
      accountReference: account.accountNumber,
      amount,
      currency: account.currency,
      payerName: 'Achieng Otieno',
      payerAccount: '254722000111',
      receivedAt: new Date(Date.now() - 2 * 86_400_000),
    },
    { strict: false },
  );
  if (result.outcome !== 'recorded') throw new Error(`not recorded: ${JSON.stringify(result)}`);
  return result.payment;
}

/** A manual payout of everything owed, through the settlement core. */
export async function settleNow(merchantId: string, currency = 'KES') {
  const settlement = await createSettlement({ merchantId, subMerchantId: null, currency, origin: 'MANUAL', cutoff: new Date() });
  expect(settlement).not.toBeNull();
  return settlement!;
}

export const settlementNow = async (id: string) => (await db().select().from(settlements).where(eq(settlements.id, id)))[0]!;

/** What the merchant is owed on the account: balance less fees (docs/settlement.md). */
export async function owed(accountId: string) {
  const { rows } = await db().execute<{ owed: string }>(sql`select (balance - fee_balance)::text as owed from virtual_accounts where id = ${accountId}`);
  return rows[0]!.owed;
}

export async function settlementEvents(settlementId: string) {
  const rows = await db().select({ type: events.type, data: events.data }).from(events).where(sql`${events.type} like 'settlement.%' and ${events.data}->>'id' = ${settlementId}`);
  return rows.map((row) => row.type).sort();
}

export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 8_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the settlement leaves PENDING/PROCESSING (or the time runs out), and returns it. */
export const settled = (id: string, timeoutMs?: number) => waitFor(() => settlementNow(id), (row) => !['PENDING', 'PROCESSING'].includes(row.status), timeoutMs);

/** Every ledger invariant of the merchant holds (lib/ledger/check.ts): nothing counted twice or lost. */
export async function expectLedgerOk(merchantId: string) {
  expect((await checkLedger({ merchantId })).problems).toEqual([]);
}
