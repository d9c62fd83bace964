import type { z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { virtualAccounts } from '@/lib/accounts/schema';
import { conflict } from '@/lib/api/errors';
import type { Principal } from '@/lib/auth/principal';
import { checkInbound, type IngestResult } from '@/lib/payments/ingest';
import type { AccountRow } from '@/lib/payments/resolve';
import { payments, suspensePayments } from '@/lib/payments/schema';
import type { PaymentRow } from '@/lib/payments/serialize';
import { readPayerEntry } from '@/lib/payments/payer-entry';
import { decimalText } from '@/lib/money/decimal';
import { amountReasons } from '@/lib/money/rail-amount';
import type { RejectionReason } from '@/lib/payments/inbound';
import { config } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { collectionAccountNumberOf } from '@/lib/accounts/collection-accounts';
import { bankCreditOf, processBankCredit } from './bank-credit';
import { confirmC2b, validateC2b, type RailScope } from './c2b';
import { toDarajaTime } from './nairobi-time';
import { paymentRejected } from './payment-rejected';
import { newBankReference, newMpesaReceipt } from './references';
import { keepSandboxTransaction } from '@/lib/recovery/sandbox-list';
import type { BankCreditInput, C2bPaymentInput, SandboxDroppedPayment, SandboxInboundPaymentInput } from './schemas';
import { paymentWithReference } from '@/lib/payments/by-reference';

type SandboxDroppedPaymentJson = z.infer<typeof SandboxDroppedPayment>;

const referenceTaken = () =>
  conflict('This providerReference was already used for a payment you cannot see; leave it out to get a fresh one.');

/** A scoped user pays only into its sub-merchant's accounts: any other is unknown to it. */
function ensureVisible(principal: Principal, account: AccountRow | undefined) {
  if (principal.subMerchantId && account?.subMerchantId !== principal.subMerchantId) throw paymentRejected('UNKNOWN_ACCOUNT');
}

const visibleTo = (principal: Principal, payment: PaymentRow) =>
  payment.merchantId === principal.merchantId && (!principal.subMerchantId || payment.subMerchantId === principal.subMerchantId);

/** A reference seen before: the caller's own payment is replayed; anyone else's is a conflict. */
async function earlierPayment(principal: Principal, rail: 'MPESA' | 'BANK', reference: string) {
  const whereReference = await paymentWithReference(db(), rail, reference);
  const [payment] = whereReference ? await db().select().from(payments).where(whereReference) : [];
  if (payment) {
    if (!visibleTo(principal, payment)) throw referenceTaken();
    return payment;
  }
  const [held] = await db()
    .select({ id: suspensePayments.id })
    .from(suspensePayments)
    .where(and(eq(suspensePayments.rail, rail), eq(suspensePayments.providerReference, reference)));
  if (held) throw referenceTaken();
  return undefined;
}

function c2bPayload(input: SandboxInboundPaymentInput, reference: string, amount: string, at: Date): C2bPaymentInput {
  const [first = 'Sandbox', ...rest] = (input.payerName ?? 'Sandbox Payer').split(/\s+/);
  return {
    TransactionType: 'Pay Bill',
    TransID: reference,
    TransTime: toDarajaTime(at),
    TransAmount: amount,
    BusinessShortCode: config().PAYBILL_NUMBER,
    BillRefNumber: input.accountNumber,
    InvoiceNumber: input.billReference ?? '',
    OrgAccountBalance: '',
    ThirdPartyTransID: '',
    MSISDN: input.payerPhone ?? '254708374149',
    FirstName: first,
    MiddleName: '',
    LastName: rest.join(' '),
  };
}

async function currencyOf(merchantId: string, accountNumber: string) {
  const [account] = await db()
    .select({ currency: virtualAccounts.currency })
    .from(virtualAccounts)
    .where(and(eq(virtualAccounts.merchantId, merchantId), eq(virtualAccounts.accountNumber, accountNumber)));
  return account?.currency ?? 'KES';
}

/**
 * The simulated M-Pesa: validation, then the confirmation, unless the caller asked for it to be
 * dropped. Either way the payment joins the provider's own list (what Pull Transactions answers
 * from); a delivered one only once its confirmation is kept, so that a recovery run at that very
 * moment never takes the simulator's own callback for a missed one.
 */
async function viaMpesa(principal: Principal, input: SandboxInboundPaymentInput, reference: string, amount: string, scope: RailScope): Promise<IngestResult | 'dropped'> {
  const at = new Date(Math.floor(Date.now() / 1000) * 1000); // Daraja's times are to the second
  const payload = c2bPayload(input, reference, amount, at);
  const verdict = await validateC2b(payload, scope);
  if (verdict.answer.ResultCode !== '0') throw paymentRejected(verdict.reason ?? 'UNKNOWN_ACCOUNT');
  ensureVisible(principal, verdict.account);
  const listed = {
    transactionId: reference,
    merchantId: principal.merchantId,
    amount,
    billReference: input.accountNumber,
    msisdn: String(payload.MSISDN),
    sender: [payload.FirstName, payload.LastName].filter(Boolean).join(' '),
    trxDate: at,
  };
  if (input.callback === 'dropped') {
    await keepSandboxTransaction({ ...listed, callback: 'DROPPED' });
    return 'dropped';
  }
  const result = await confirmC2b(payload, scope);
  await keepSandboxTransaction({ ...listed, callback: 'DELIVERED' });
  return result;
}

async function viaBank(principal: Principal, input: SandboxInboundPaymentInput, reference: string, amount: string, scope: RailScope) {
  const currency = input.currency ?? (await currencyOf(principal.merchantId, readPayerEntry(input.accountNumber).accountNumber ?? input.accountNumber));
  const credit: BankCreditInput = {
    bankReference: reference,
    // As a bank's notification does: the collection account it credited, and the virtual account under it.
    collectionAccountNumber: await collectionAccountNumberOf(currency),
    accountNumber: input.accountNumber,
    amount,
    currency,
    payerName: input.payerName ?? 'Sandbox Payer',
    payerAccount: null,
    narration: input.billReference ?? null,
    channel: input.channel as BankCreditInput['channel'],
    transactionTime: new Date().toISOString(),
  };
  // Banks check the beneficiary account before crediting (as PesaLink does); this stands in for it.
  const { inbound, amount: read } = bankCreditOf(credit, scope);
  if (!read.ok) throw paymentRejected('INVALID_AMOUNT');
  const check = await checkInbound({ ...inbound, amount: read.amount });
  if (!check.ok) throw paymentRejected(check.reason);
  ensureVisible(principal, check.account);
  return processBankCredit(credit, scope);
}

/**
 * A payment as a rail would deliver it, through the rail's own code (the HMAC aside), limited to
 * the caller's merchant. 201 for a new payment, 200 for a reference already seen.
 */
export type SimulatedPayment = { payment: PaymentRow; created: boolean } | { dropped: SandboxDroppedPaymentJson };

export async function simulateInboundPayment(principal: Principal, input: SandboxInboundPaymentInput): Promise<SimulatedPayment> {
  const rail = input.channel === 'MOBILE_MONEY' ? 'MPESA' : 'BANK';
  const reference = input.providerReference ?? (rail === 'MPESA' ? newMpesaReceipt() : newBankReference());
  const seen = await earlierPayment(principal, rail, reference);
  if (seen) return { payment: seen, created: false };

  const amount = decimalText(input.amount);
  if (amount === undefined) throw paymentRejected('INVALID_AMOUNT');
  const scope = { merchantId: principal.merchantId };
  const result = rail === 'MPESA' ? await viaMpesa(principal, input, reference, amount, scope) : await viaBank(principal, input, reference, amount, scope);
  if (result === 'dropped') {
    return { dropped: { providerReference: reference, accountNumber: input.accountNumber, amount, currency: 'KES', callback: 'dropped', recorded: false } };
  }
  // The sandbox refuses what the rail would refuse; an amount that is not money among it.
  if (result.outcome !== 'recorded') throw paymentRejected(result.reason in amountReasons ? 'INVALID_AMOUNT' : (result.reason as RejectionReason));
  // Two merchants racing with the same made-up reference: the loser must not see the winner's payment.
  if (!visibleTo(principal, result.payment)) throw referenceTaken();
  return { payment: result.payment, created: !result.duplicate };
}
