import { and, eq } from 'drizzle-orm';
import { virtualAccounts } from '@/lib/accounts/schema';
import { ApiError, notFound } from '@/lib/api/errors';
import type { Principal } from '@/lib/api/principal';
import { visibleTo } from '@/lib/api/scope';
import { expectedPayments } from '@/lib/bills/schema';
import { billIsClosed } from '@/lib/payments/acceptance';
import { credit } from '@/lib/payments/ingest';
import type { InboundPayment } from '@/lib/payments/inbound';
import type { AccountRow, BillRow } from '@/lib/payments/resolve';
import { paymentChannels, payments, suspensePayments, type PaymentChannel } from '@/lib/payments/schema';
import type { PaymentRow } from '@/lib/payments/serialize';
import { db, type Queryable } from '@/lib/platform/db';
import { recordAudit } from '@/lib/audit/record';
import { getSuspense } from './queries';
import type { ResolveSuspenseInput } from './schemas';
import { payloadOf, type SuspenseRow } from './serialize';
import { formatMoney } from '@/lib/money/decimal';
import { railName } from '@/lib/money/rails';
import { paymentWithId } from '@/lib/payments/by-id';

const cannot = (status: 409 | 422, code: string, detail: string) => new ApiError(status, code, status === 409 ? 'Conflict' : 'Validation failed', detail);

/** A suspense row whose reference is also a payment (kept before migration 0019): it is that payment. */
export const referenceIsAPayment = () =>
  cannot(409, 'reference_is_a_payment', 'This reference was also recorded as a payment, so this copy of it can be neither credited nor returned; an operator settles it (ledger:check lists it).');

/**
 * Credits suspense into an account of the caller's merchant, or toward one of its open bills, as
 * the payment the rail would have made of it: same rail, provider reference, payer and receivedAt,
 * through the same recording path (ledger entries, balances, the day's totals, matching, events).
 *
 * Exactly once: the suspense row is locked first, so two resolutions of one row queue and the
 * second finds it RESOLVED and answers the first one's payment; and the payment's unique (rail,
 * provider reference) key would refuse a second credit anyway.
 */
export async function resolveSuspense(principal: Principal, suspenseId: string, input: ResolveSuspenseInput): Promise<{ suspense: SuspenseRow; payment: PaymentRow }> {
  return db().transaction(async (tx) => {
    const row = await getSuspense(principal, suspenseId, tx, true);
    if (row.status === 'RESOLVED') return { suspense: row, payment: await paymentOf(tx, row.resolvedPaymentId!) };
    if (row.status === 'RETURN_REQUESTED') throw cannot(409, 'return_requested', 'This money is marked for return to the payer, so it cannot be credited.');
    if (row.amount === null) {
      throw cannot(409, 'amount_not_money', `What the rail sent as the amount ("${row.amountText}") is not an amount of money, so it cannot be credited; request its return instead.`);
    }

    // Lock order as everywhere: the bill, then the account.
    const bill = input.expectedPaymentId ? await lockedBill(tx, principal, input.expectedPaymentId) : null;
    const accountId = input.virtualAccountId ?? bill?.virtualAccountId ?? row.virtualAccountId;
    if (!accountId) throw cannot(422, 'account_required', 'This bill has no account of its own and the payer named none: give virtualAccountId too.');
    const account = await lockedAccount(tx, principal, accountId);
    const now = new Date();
    if (bill && billIsClosed(bill, now)) throw cannot(409, 'bill_closed', 'This bill is already paid, cancelled or expired; choose an open one.');
    if (bill && bill.virtualAccountId && bill.virtualAccountId !== account.id) {
      throw cannot(422, 'account_mismatch', "This bill has its own account: leave virtualAccountId out, or give the bill's.");
    }
    if (account.status !== 'ACTIVE') throw cannot(409, 'account_closed', 'This account is closed; choose an active one.');
    if (account.currency !== row.currency) throw cannot(422, 'currency_mismatch', `This money is in ${row.currency} and the account takes ${account.currency}.`);
    if (bill && bill.currency !== row.currency) throw cannot(422, 'currency_mismatch', `This money is in ${row.currency} and the bill is in ${bill.currency}.`);

    // The row holds its reference's claim (migration 0019): its payment is made under it. A payment
    // of the same reference already there (a row kept before the claim existed) wins: never both.
    const result = await credit(tx, inboundOf(row, account), account, bill, now, { claimHeld: true });
    if (result.outcome === 'recorded' && result.duplicate) throw referenceIsAPayment();
    if (result.outcome !== 'recorded') throw new Error(`Crediting suspense ${row.id} answered ${result.outcome}`);
    const [resolved] = await tx
      .update(suspensePayments)
      .set({
        status: 'RESOLVED',
        resolvedPaymentId: result.payment.id,
        resolvedBy: principal.userId,
        resolvedAt: now,
        resolutionNote: input.note || null,
        merchantId: account.merchantId,
        subMerchantId: account.subMerchantId,
        virtualAccountId: account.id,
      })
      .where(eq(suspensePayments.id, row.id))
      .returning();
    await recordAudit(tx, {
      merchantId: account.merchantId,
      action: 'suspense.resolved',
      target: { type: 'suspense_payment', id: row.id },
      summary: `${formatMoney(row.amount!, row.currency)} from suspense (${railName(row.rail)} ${row.providerReference}) credited to account ${account.accountNumber}${bill ? ` toward bill ${bill.paymentReference}` : ''}.`,
      details: { paymentId: result.payment.id, virtualAccountId: account.id, expectedPaymentId: bill?.id ?? null },
    });
    return { suspense: resolved!, payment: result.payment };
  });
}

async function lockedBill(tx: Queryable, principal: Principal, billId: string): Promise<BillRow> {
  const [bill] = await tx.select().from(expectedPayments).where(and(eq(expectedPayments.id, billId), visibleTo(principal, expectedPayments))).for('update');
  if (!bill) throw notFound('The expected payment');
  return bill;
}

async function lockedAccount(tx: Queryable, principal: Principal, accountId: string): Promise<AccountRow> {
  const [account] = await tx.select().from(virtualAccounts).where(and(eq(virtualAccounts.id, accountId), visibleTo(principal, virtualAccounts))).for('update');
  if (!account) throw notFound('The virtual account');
  return account;
}

async function paymentOf(tx: Queryable, paymentId: string): Promise<PaymentRow> {
  const [payment] = await tx.select().from(payments).where(paymentWithId(paymentId));
  return payment!;
}

const channelOf = (text: string | undefined, rail: SuspenseRow['rail']): PaymentChannel =>
  (paymentChannels as readonly string[]).includes(text ?? '') ? (text as PaymentChannel) : rail === 'MPESA' ? 'MOBILE_MONEY' : 'INSTANT_BANK';

/** The payment the rail reported, as suspend() kept it, now addressed to the chosen account. */
function inboundOf(row: SuspenseRow, account: AccountRow): InboundPayment {
  const payload = payloadOf(row);
  return {
    rail: row.rail,
    channel: channelOf(payload.channel, row.rail),
    providerReference: row.providerReference,
    accountReference: payload.accountReference ?? row.accountNumber ?? account.accountNumber,
    billReference: payload.billReference ?? null,
    amount: row.amount!,
    currency: row.currency,
    payerName: payload.payerName ?? null,
    payerPhone: payload.payerPhone ?? null,
    payerAccount: payload.payerAccount ?? null,
    narration: payload.narration ?? null,
    receivedAt: row.receivedAt,
  };
}
