import { fromUnits, storedText, toUnits } from '@/lib/money/decimal';
import { timeOrderedId } from '@/lib/platform/db/ids';
import { chargeFor } from '@/lib/pricing/charge';
import type { MerchantPricing } from '@/lib/pricing/current';
import type { InboundPayment } from './inbound';
import { matchPayment } from './matching';
import { referenceGiven } from './payer-entry';
import type { AccountRow, BillRow } from './resolve';
import type { PaymentRow } from './serialize';

/**
 * Columns under a B-tree index take at most about 2,700 bytes a row: a payer's free text beyond
 * these lengths (no reference or phone number is that long) is cut, so an odd confirmation is
 * still recorded. Rails keep the request as received where a payment cannot be credited.
 */
const MAX_INDEXED_REFERENCE = 200;
const MAX_INDEXED_PHONE_DIGITS = 32;
const clip = (text: string | null, length: number) => (text && text.length > length ? text.slice(0, length).toWellFormed() : text);

const reversedDigits = (phone: string | null | undefined) =>
  phone ? clip(phone.replace(/\D/g, ''), MAX_INDEXED_PHONE_DIGITS)!.split('').reverse().join('') : null;

/** What a payment's row takes from its account: fields fixed when the account is made. */
export type AccountIdentity = Pick<AccountRow, 'id' | 'merchantId' | 'subMerchantId' | 'accountNumber' | 'ownerType' | 'ownerId' | 'purpose' | 'currency'>;

/** What a person later records about a NEEDS_ATTENTION payment: nothing yet. */
const noAttentionYet = { attentionResolution: null, attentionNote: null, attentionResolvedBy: null, attentionResolvedAt: null, movedFromExpectedPaymentId: null, settlementId: null } as const;

/**
 * The payment's row as it will be stored, id and createdAt included; its fee by the merchant's
 * pricing in force when it was received, with the rule it was charged under (lib/pricing).
 */
export function paymentRow(inbound: InboundPayment, account: AccountIdentity, bill: BillRow | null, now: Date, pricing: MerchantPricing | undefined): PaymentRow {
  const { fee, rule } = chargeFor(pricing, inbound.amount, inbound.channel, account.currency, inbound.receivedAt);
  const match = matchPayment(inbound.amount, inbound.currency, bill, now);
  return {
    // Of the same instant as createdAt: a lookup by id reads that month's partition only (migration 0034).
    id: timeOrderedId(now),
    merchantId: account.merchantId,
    subMerchantId: account.subMerchantId,
    virtualAccountId: account.id,
    accountNumber: account.accountNumber,
    customerId: account.ownerType === 'CUSTOMER' ? account.ownerId : (bill?.customerId ?? null),
    expectedPaymentId: bill?.id ?? null,
    rail: inbound.rail,
    channel: inbound.channel,
    // As the NUMERIC columns give them back, so the row returned is the row a read would return.
    amount: storedText(inbound.amount),
    feeAmount: storedText(fee),
    netAmount: storedText(fromUnits(toUnits(inbound.amount) - toUnits(fee))),
    feeRule: rule,
    overpaidAmount: storedText(match.overpaidAmount),
    currency: inbound.currency,
    payerName: inbound.payerName ?? null,
    payerPhone: inbound.payerPhone ?? null,
    payerPhoneReversed: reversedDigits(inbound.payerPhone),
    payerAccount: inbound.payerAccount ?? null,
    providerReference: inbound.providerReference,
    billReference: clip(referenceGiven(inbound), MAX_INDEXED_REFERENCE),
    narration: inbound.narration ?? null,
    matchStatus: match.matchStatus,
    status: 'RECEIVED',
    ...noAttentionYet,
    receivedAt: inbound.receivedAt,
    createdAt: now,
  };
}
