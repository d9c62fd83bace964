import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { virtualAccounts } from '@/lib/accounts/schema';
import { expectedPayments } from '@/lib/bills/schema';
import { toExpectedPaymentJson } from '@/lib/bills/serialize';
import { recordEvent } from '@/lib/events/record';
import { fromUnits, toUnits } from '@/lib/money/decimal';
import { db, type Queryable } from '@/lib/platform/db';
import { refusalReason } from './acceptance';
import { feeFor } from './fees';
import type { InboundPayment, RejectionReason } from './inbound';
import { matchPayment } from './matching';
import { postToLedger } from './post-to-ledger';
import { resolveTarget, type AccountRow, type BillRow } from './resolve';
import { payments, suspensePayments } from './schema';
import { toPaymentJson, type PaymentRow } from './serialize';

export type IngestResult =
  | { outcome: 'recorded'; payment: PaymentRow; duplicate: boolean }
  | { outcome: 'rejected'; reason: RejectionReason }
  | { outcome: 'suspense'; reason: RejectionReason; duplicate: boolean };

/** Kenya keeps East Africa Time all year, so a Nairobi calendar day is UTC+3. */
const nairobiDay = (at: Date) => new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
const reversedDigits = (phone: string | null | undefined) => (phone ? phone.replace(/\D/g, '').split('').reverse().join('') : null);

async function existingPayment(tx: Queryable, inbound: InboundPayment) {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.rail, inbound.rail), eq(payments.providerReference, inbound.providerReference)));
  return payment;
}

/** The validation step of a rail: would this payment be taken now? Reads only. */
export async function checkInbound(inbound: InboundPayment): Promise<{ ok: true; account: AccountRow } | { ok: false; reason: RejectionReason }> {
  const target = await resolveTarget(db(), inbound);
  if (!target.ok) return target;
  const bill = target.billId ? ((await db().select().from(expectedPayments).where(eq(expectedPayments.id, target.billId)))[0] ?? null) : null;
  const reason = refusalReason(target.account, bill, inbound);
  return reason ? { ok: false, reason } : { ok: true, account: target.account };
}

/**
 * Records a payment exactly once, with its ledger entries, the account's new balances, the bill's
 * new state, the day's totals and its events, all in one transaction.
 *
 * `strict` (sandbox, phone prompts) refuses what validation would refuse. Otherwise the money has
 * already moved (a rail's confirmation): it is always kept, in suspense if no account can take it.
 */
export async function ingestPayment(inbound: InboundPayment, options: { strict: boolean }): Promise<IngestResult> {
  const seen = await existingPayment(db(), inbound);
  if (seen) return { outcome: 'recorded', payment: seen, duplicate: true };

  return db().transaction(async (tx) => {
    const target = await resolveTarget(tx, inbound);
    if (!target.ok) return rejectOrSuspend(tx, inbound, target.reason, options.strict);

    // Lock order everywhere: the bill, then accounts (cancelling a bill does the same).
    const bill = target.billId
      ? ((await tx.select().from(expectedPayments).where(eq(expectedPayments.id, target.billId)).for('update'))[0] ?? null)
      : null;
    // Validation must see the account as it is now, so it locks it. A rail confirmation with no
    // bill involved reads nothing that can change under it: postToLedger's UPDATE takes the lock.
    const account =
      options.strict || bill
        ? (await tx.select().from(virtualAccounts).where(eq(virtualAccounts.id, target.account.id)).for('update'))[0]
        : target.account;
    const now = new Date();
    const reason = refusalReason(account!, bill, inbound, now);
    if (reason && (options.strict || reason === 'WRONG_CURRENCY' || reason === 'INVALID_AMOUNT')) {
      return rejectOrSuspend(tx, inbound, reason, options.strict);
    }
    return credit(tx, inbound, account!, bill, now);
  });
}

async function rejectOrSuspend(tx: Queryable, inbound: InboundPayment, reason: RejectionReason, strict: boolean): Promise<IngestResult> {
  if (strict) return { outcome: 'rejected', reason };
  const inserted = await tx
    .insert(suspensePayments)
    .values({
      rail: inbound.rail,
      providerReference: inbound.providerReference,
      accountNumber: inbound.accountReference,
      amount: inbound.amount,
      currency: inbound.currency,
      reason,
      payload: inbound.payload ?? inbound,
      receivedAt: inbound.receivedAt,
    })
    .onConflictDoNothing()
    .returning({ id: suspensePayments.id });
  return { outcome: 'suspense', reason, duplicate: inserted.length === 0 };
}

async function credit(tx: Queryable, inbound: InboundPayment, account: AccountRow, bill: BillRow | null, now: Date): Promise<IngestResult> {
  const paymentId = randomUUID();
  const fee = feeFor(inbound.amount, inbound.channel, account.currency);
  const match = matchPayment(inbound.amount, inbound.currency, bill, now);
  const customerId = account.ownerType === 'CUSTOMER' ? account.ownerId : (bill?.customerId ?? null);

  const [payment] = await tx
    .insert(payments)
    .values({
      id: paymentId,
      merchantId: account.merchantId,
      subMerchantId: account.subMerchantId,
      virtualAccountId: account.id,
      accountNumber: account.accountNumber,
      customerId,
      expectedPaymentId: bill?.id ?? null,
      rail: inbound.rail,
      channel: inbound.channel,
      amount: inbound.amount,
      feeAmount: fee,
      netAmount: fromUnits(toUnits(inbound.amount) - toUnits(fee)),
      overpaidAmount: match.overpaidAmount,
      currency: inbound.currency,
      payerName: inbound.payerName ?? null,
      payerPhone: inbound.payerPhone ?? null,
      payerPhoneReversed: reversedDigits(inbound.payerPhone),
      payerAccount: inbound.payerAccount ?? null,
      providerReference: inbound.providerReference,
      billReference: inbound.billReference ?? inbound.accountReference,
      narration: inbound.narration ?? null,
      matchStatus: match.matchStatus,
      receivedAt: inbound.receivedAt,
    })
    .onConflictDoNothing()
    .returning();
  // Another delivery of the same payment committed first: nothing was written here.
  if (!payment) return { outcome: 'recorded', payment: (await existingPayment(tx, inbound))!, duplicate: true };

  await postToLedger(tx, {
    account,
    paymentId,
    providerReference: inbound.providerReference,
    amount: inbound.amount,
    fee,
    channel: inbound.channel,
    currency: inbound.currency,
    day: nairobiDay(inbound.receivedAt),
  });
  await recordEvent(tx, { merchantId: payment.merchantId, subMerchantId: payment.subMerchantId, type: 'payment.received', data: toPaymentJson(payment) });
  if (bill && match.bill) await settleBill(tx, bill, match.bill, paymentId, account);
  return { outcome: 'recorded', payment, duplicate: false };
}

async function settleBill(tx: Queryable, bill: BillRow, next: NonNullable<ReturnType<typeof matchPayment>['bill']>, paymentId: string, credited: AccountRow) {
  const [updated] = await tx
    .update(expectedPayments)
    .set({ amountPaid: next.amountPaid, status: next.status, ...(next.settled ? { matchedCreditId: paymentId } : {}) })
    .where(eq(expectedPayments.id, bill.id))
    .returning();
  let invoiceNumber: string | null = null;
  if (bill.virtualAccountId === credited.id) invoiceNumber = credited.accountNumber;
  else if (bill.virtualAccountId) {
    const [invoice] = await tx.select({ accountNumber: virtualAccounts.accountNumber }).from(virtualAccounts).where(eq(virtualAccounts.id, bill.virtualAccountId));
    invoiceNumber = invoice?.accountNumber ?? null;
  }
  // A paid bill's one-time account closes: later money to it is refused at validation.
  if (next.settled && bill.virtualAccountId) {
    await tx.update(virtualAccounts).set({ status: 'CLOSED' }).where(eq(virtualAccounts.id, bill.virtualAccountId));
  }
  await recordEvent(tx, {
    merchantId: updated!.merchantId,
    subMerchantId: updated!.subMerchantId,
    type: next.settled ? 'expected_payment.paid' : 'expected_payment.partially_paid',
    data: toExpectedPaymentJson({ ...updated!, virtualAccountNumber: invoiceNumber }),
  });
}
