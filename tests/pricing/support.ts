import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { insertVirtualAccount } from '@/lib/accounts/provision';
import type { InboundPayment } from '@/lib/payments/inbound';
import { payments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';

/** A bank transfer as the bank's credit notification reports it. */
export const bankTransfer = (accountReference: string, amount: string, extra: Partial<InboundPayment> = {}): InboundPayment => ({
  rail: 'BANK',
  channel: 'RTGS',
  providerReference: `FT${randomBytes(6).toString('hex').toUpperCase()}`,
  accountReference,
  amount,
  currency: 'KES',
  payerName: 'Kamau Holdings Ltd',
  payerAccount: '0123456789',
  receivedAt: new Date(),
  ...extra,
});

/** The merchant's account in another currency than its main one. */
export const currencyAccount = (merchantId: string, currency: string) =>
  insertVirtualAccount(db(), { merchantId, ownerType: 'MERCHANT', ownerId: merchantId, purpose: 'CURRENCY', accountName: currency, accountType: 'STATIC', currency });

/** The payment as stored. */
export const storedPayment = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
