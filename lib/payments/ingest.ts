import { and, eq } from 'drizzle-orm';
import { hasValidCheckDigit } from '@/lib/accounts/account-number';
import { virtualAccounts } from '@/lib/accounts/schema';
import { expectedPayments } from '@/lib/bills/schema';
import { toExpectedPaymentJson } from '@/lib/bills/serialize';
import { recordEvent } from '@/lib/events/record';
import { readRailAmount, type AmountReason, type RailAmount } from '@/lib/money/rail-amount';
import { db, type Queryable } from '@/lib/platform/db';
import { countIngested } from '@/lib/platform/metrics';
import { pricingOfMerchant } from '@/lib/pricing/current';
import { channelOffered } from '@/lib/pricing/offered';
import { refusalReason, unplaceableReason } from './acceptance';
import type { InboundPayment, RailSuspenseReason, RejectionReason } from './inbound';
import { matchPayment } from './matching';
import { creditInBatch } from './batcher';
import { hourStart, nairobiDay } from './nairobi-days';
import { paymentRow } from './payment-row';
import { recordPayment } from './record-payment';
import { resolveTarget, type AccountRow, type BillRow } from './resolve';
import { railReferences } from './schema';
import { suspend } from './suspend';
import { alreadyKept } from './already-kept';
import { keepRailNotification } from '@/lib/rails/notifications';
import type { PaymentRow } from './serialize';

/** Why money is held in suspense: no account can take it, or its amount is not money. */
export type SuspenseReason = RejectionReason | AmountReason | RailSuspenseReason;

export type IngestResult =
  | { outcome: 'recorded'; payment: PaymentRow; duplicate: boolean }
  | { outcome: 'rejected'; reason: RejectionReason }
  | { outcome: 'suspense'; reason: SuspenseReason; duplicate: boolean };

/** A rail's payment before its amount is known to be money. */
export type RailInbound = Omit<InboundPayment, 'amount'>;

/** Whether this rail reference is kept already, as a payment or in suspense (one indexed read). */
async function isKept(tx: Queryable, inbound: Pick<InboundPayment, 'rail' | 'providerReference'>): Promise<boolean> {
  const [claim] = await tx
    .select({ rail: railReferences.rail })
    .from(railReferences)
    .where(and(eq(railReferences.rail, inbound.rail), eq(railReferences.providerReference, inbound.providerReference)));
  return claim !== undefined;
}

/** The validation step of a rail: would this payment be taken now? Reads only. */
export async function checkInbound(inbound: InboundPayment): Promise<{ ok: true; account: AccountRow } | { ok: false; reason: RejectionReason }> {
  const target = await resolveTarget(db(), inbound);
  if (!target.ok) return target;
  const bill = target.billId ? ((await db().select().from(expectedPayments).where(eq(expectedPayments.id, target.billId)))[0] ?? null) : null;
  const reason = refusalReason(target.account, bill, inbound) ?? (await notOffered(target.account, inbound));
  return reason ? { ok: false, reason } : { ok: true, account: target.account };
}

/**
 * Records a payment exactly once, with its ledger entries, the account's new balances, the bill's
 * new state, the day's totals and its events, all atomically.
 *
 * `strict` (sandbox, phone prompts) refuses what validation would refuse. Otherwise the money has
 * already moved (a rail's confirmation): it is always kept, in suspense if no account can take it.
 *
 * A rail's payment into an account by its number, no bill named, is written in a batch with the
 * others arriving meanwhile (group commit, see batcher.ts); everything else, one by one.
 */
/**
 * A rail's confirmation: the money has moved. An amount that is money goes through ingestPayment;
 * any other (unreadable, negative, zero, too many decimals, too large) is never credited and kept in
 * suspense with its text as sent, unless this reference was recorded before (a redelivery).
 */
export async function ingestRailPayment(inbound: RailInbound, amount: RailAmount): Promise<IngestResult> {
  return countedIngest(inbound.rail, ingestRailPaymentOnce(inbound, amount)); // /metrics: one count per confirmation
}

async function ingestRailPaymentOnce(inbound: RailInbound, amount: RailAmount): Promise<IngestResult> {
  if (amount.ok) return ingestPayment({ ...inbound, amount: amount.amount }, { strict: false });
  return besideItsNotification(inbound, keepUnreadableAmount(inbound, amount));
}

async function keepUnreadableAmount(inbound: RailInbound, amount: Extract<RailAmount, { ok: false }>): Promise<IngestResult> {
  if (await isKept(db(), inbound)) return alreadyKept(db(), inbound, { accountReference: inbound.accountReference, amountText: amount.text, currency: inbound.currency });
  // Whose money it is, when the payer named an account: the merchant then sees it in suspense.
  const target = await resolveTarget(db(), { ...inbound, amount: '0' });
  return suspend(db(), inbound, amount.reason, { amount: null, amountText: amount.text }, target.ok ? target.account : undefined);
}

export async function ingestPayment(inbound: InboundPayment, options: { strict: boolean }): Promise<IngestResult> {
  const entry = inbound.accountReference.trim();
  if (!options.strict && !inbound.billReference?.trim() && /^\d{10}$/.test(entry) && hasValidCheckDigit(entry)) {
    const batched = await creditInBatch(inbound);
    if (batched?.written) return { outcome: 'recorded', payment: batched.payment, duplicate: false };
    if (batched) return duplicateOf(db(), inbound);
  }
  // Not batched: its notification (if it carries one) is kept beside the one-by-one recording.
  return besideItsNotification(inbound, ingestOneByOne(inbound, options));
}

/**
 * A payment's notification, when the batch did not write it, committed on its own beside the
 * recording (`pending`), as lib/rails/notifications.ts describes; both done before the rail is answered.
 */
async function besideItsNotification(inbound: RailInbound, pending: Promise<IngestResult>): Promise<IngestResult> {
  const { notification } = inbound;
  if (!notification) return pending;
  const [, result] = await Promise.all([
    keepRailNotification({ rail: inbound.rail, kind: notification.kind, providerReference: inbound.providerReference, rawBody: notification.rawBody }),
    pending,
  ]);
  return result;
}

async function ingestOneByOne(inbound: InboundPayment, options: { strict: boolean }): Promise<IngestResult> {
  const target = await resolveTarget(db(), inbound);
  if (!target.ok) {
    // A redelivery of a reference kept before is answered as such, whatever resolves now.
    if (await isKept(db(), inbound)) return duplicateOf(db(), inbound);
    return rejectOrSuspend(db(), inbound, target.reason, options.strict);
  }

  return db().transaction(async (tx) => {
    // Lock order everywhere: the bill, then accounts (cancelling a bill does the same).
    const bill = target.billId
      ? ((await tx.select().from(expectedPayments).where(eq(expectedPayments.id, target.billId)).for('update'))[0] ?? null)
      : null;
    // Validation and matching must see the account and the bill as they are now: both are locked.
    const [account] = await tx.select().from(virtualAccounts).where(eq(virtualAccounts.id, target.account.id)).for('update');
    const now = new Date();
    const reason = options.strict ? (refusalReason(account!, bill, inbound, now) ?? (await notOffered(account!, inbound, tx))) : unplaceableReason(account!, inbound);
    if (reason) return rejectOrSuspend(tx, inbound, reason, options.strict, account);
    return credit(tx, inbound, account!, bill, now);
  });
}

/**
 * A validation step refuses a channel that is not priced in the payment's currency (lib/pricing);
 * money a rail confirms on it anyway is credited, without a fee (docs/pricing.md).
 */
const notOffered = async (account: AccountRow, inbound: InboundPayment, tx?: Queryable): Promise<RejectionReason | undefined> =>
  (await channelOffered(account.merchantId, inbound, tx)) ? undefined : 'CHANNEL_NOT_OFFERED';

async function rejectOrSuspend(tx: Queryable, inbound: InboundPayment, reason: RejectionReason, strict: boolean, account?: AccountRow): Promise<IngestResult> {
  if (strict) return { outcome: 'rejected', reason };
  // Only money goes into the amount column: another amount is held under its own reason, as text.
  const read = readRailAmount(inbound.amount, inbound.currency);
  if (!read.ok) return suspend(tx, inbound, read.reason, { amount: null, amountText: inbound.amount }, account);
  return suspend(tx, inbound, reason, { amount: read.amount, amountText: inbound.amount }, account);
}

/**
 * Another copy of the same rail reference was kept first, as a payment or in suspense: nothing was
 * written for this one, which is answered as a duplicate of that (lib/payments/already-kept.ts).
 */
const duplicateOf = (tx: Queryable, inbound: InboundPayment): Promise<IngestResult> =>
  alreadyKept(tx, inbound, { accountReference: inbound.accountReference, amountText: inbound.amount, currency: inbound.currency });

/**
 * A payment to a bill's account, or one that validation must see locked: inside the transaction,
 * with the bill (if any) and then the account locked by the caller. Suspense resolved by a person
 * is credited through here too, so it is recorded exactly as a rail's payment would be.
 */
export async function credit(
  tx: Queryable,
  inbound: InboundPayment,
  account: AccountRow,
  bill: BillRow | null,
  now: Date,
  options: { claimHeld?: boolean } = {},
): Promise<IngestResult> {
  const payment = paymentRow(inbound, account, bill, now, await pricingOfMerchant(account.merchantId, tx));
  const posting = { account, amount: inbound.amount, fee: payment.feeAmount, channel: inbound.channel, currency: inbound.currency, day: nairobiDay(inbound.receivedAt), hour: hourStart(inbound.receivedAt) };
  if (!(await recordPayment(tx, payment, posting, options))) return duplicateOf(tx, inbound);
  const match = matchPayment(inbound.amount, inbound.currency, bill, now);
  if (bill && match.bill) await settleBill(tx, bill, match.bill, payment.id, account);
  return { outcome: 'recorded', payment, duplicate: false };
}

export async function settleBill(tx: Queryable, bill: BillRow, next: NonNullable<ReturnType<typeof matchPayment>['bill']>, paymentId: string, credited: AccountRow) {
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

const countedIngest = async (rail: string, pending: Promise<IngestResult>): Promise<IngestResult> => {
  const result = await pending;
  countIngested(rail, result.outcome === 'rejected' ? result : { outcome: result.outcome, duplicate: result.duplicate });
  return result;
};
