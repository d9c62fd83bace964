import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { insertVirtualAccount } from '@/lib/accounts/provision';
import { virtualAccounts, type virtualAccounts as AccountTable } from '@/lib/accounts/schema';
import { checkLedger } from '@/lib/ledger/check';
import { createMerchant, createSubMerchant } from '@/lib/merchants/operations';
import { ingestPayment } from '@/lib/payments/ingest';
import type { InboundPayment } from '@/lib/payments/inbound';
import { payments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { reverseByRail } from '@/lib/reversals/rail-return';
import { settlementAccounts } from '@/lib/settlement/schema';
import { uniqueEmail } from '../support/fixtures';

type AccountRow = typeof AccountTable.$inferSelect;

/**
 * A merchant with a KES account, a USD account, and a sub-merchant (a branch) with a KES account
 * of its own, each bucket with an active settlement account, written straight to the tables
 * (the accounts' API is tested in tests/settlement/accounts.test.ts).
 */
export async function settlementWorld(options: { branchAccount?: boolean } = {}) {
  const { merchant } = await createMerchant({ name: 'Duka Settlements', email: uniqueEmail('owner'), password: 'correct-horse-battery' });
  const [kes] = await db().select().from(virtualAccounts).where(eq(virtualAccounts.merchantId, merchant.id));
  const usd = await insertVirtualAccount(db(), { merchantId: merchant.id, ownerType: 'MERCHANT', ownerId: merchant.id, purpose: 'CURRENCY', accountName: 'USD', accountType: 'STATIC', currency: 'USD' });
  const branch = await createSubMerchant({ merchantId: merchant.id, name: `Branch ${randomBytes(3).toString('hex')}` });
  const branchKes = await insertVirtualAccount(db(), {
    merchantId: merchant.id,
    subMerchantId: branch.id,
    ownerType: 'SUB_MERCHANT',
    ownerId: branch.id,
    purpose: 'BRAND',
    accountName: branch.name,
    accountType: 'STATIC',
    currency: 'KES',
  });
  await addSettlementAccount(merchant.id, null, 'KES');
  await addSettlementAccount(merchant.id, null, 'USD');
  if (options.branchAccount !== false) await addSettlementAccount(merchant.id, branch.id, 'KES');
  return { merchant, kes: kes!, usd, branch, branchKes };
}

export async function addSettlementAccount(merchantId: string, subMerchantId: string | null, currency: string) {
  const [row] = await db()
    .insert(settlementAccounts)
    .values({ merchantId, subMerchantId, currency, kind: 'BANK', accountName: 'Duka Ltd', bankName: 'Equity Bank', bankCode: '68', accountNumber: '0170123456789' })
    .returning();
  return row!;
}

let sequence = 0;
/** A bank transfer (RTGS: KES 100 or USD 1 fee) or, with `mpesa`, an M-Pesa payment (1%, 1 to 200). */
export async function pay(account: AccountRow, amount: string, options: { receivedAt?: Date; mpesa?: boolean } = {}) {
  const reference = `${options.mpesa ? 'SK' : 'FT'}${Date.now().toString(36).toUpperCase()}${(sequence++).toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;
  const inbound: InboundPayment = {
    rail: options.mpesa ? 'MPESA' : 'BANK',
    channel: options.mpesa ? 'MOBILE_MONEY' : 'RTGS',
    providerReference: reference,
    accountReference: account.accountNumber,
    amount,
    currency: account.currency,
    payerName: 'Kamau Holdings Ltd',
    payerAccount: '0123456789',
    receivedAt: options.receivedAt ?? new Date(Date.now() - 2 * 86_400_000),
  };
  const result = await ingestPayment(inbound, { strict: false });
  if (result.outcome !== 'recorded') throw new Error(`not recorded: ${JSON.stringify(result)}`);
  return (await db().select().from(payments).where(eq(payments.id, result.payment.id)))[0]!;
}

/** The rail gives the payment's money back (a bank return): cannot be refused, may take the balance below zero. */
export const railReturn = (payment: { rail: 'MPESA' | 'BANK' | string; providerReference: string }) =>
  reverseByRail({ rail: payment.rail as 'BANK', providerReference: payment.providerReference, railReference: `RT${randomBytes(6).toString('hex')}` });

export const paymentNow = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
export const accountNow = async (id: string) => (await db().select().from(virtualAccounts).where(eq(virtualAccounts.id, id)))[0]!;

export async function expectLedgerOk(merchantId?: string) {
  const ledger = await checkLedger(merchantId ? { merchantId } : {});
  expect(ledger.problems).toEqual([]);
}
