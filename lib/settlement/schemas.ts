import { z } from '@hono/zod-openapi';
import { Currency } from '@/lib/accounts/schemas';
import { pageQuery } from '@/lib/api/pagination';
import { Timestamp, TimestampInput, Uuid } from '@/lib/api/schemas';
import { amountProblem, decimalText } from '@/lib/money/decimal';
import { isStorableText } from '@/lib/platform/text';
import { KenyanMobileInput } from '@/lib/platform/phone';
import {
  settlementAccountKinds,
  settlementAccountStatuses,
  settlementIntervals,
  settlementItemKinds,
  settlementOrigins,
  settlementRails,
  settlementStatuses,
} from './schema';

/**
 * Money in answers is a JSON number made from the exact NUMERIC text, as in payments' JSON
 * (lib/api/serialize.ts); money in requests may be a number or a decimal string ("1500.50").
 */
const MoneyOut = z.number().openapi({ example: 12500.5 });
const MoneyIn = z
  .union([z.string(), z.number()])
  .transform((value, context) => {
    const text = decimalText(value);
    if (text === undefined) context.addIssue({ code: 'custom', message: 'Must be a decimal number such as 1500 or 99.50.' });
    return text ?? '';
  })
  .openapi({ type: 'string', example: '5000.00' });

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).openapi({ example: '2026-11-27', description: 'A Nairobi calendar date, YYYY-MM-DD.' });

const Text = (max: number) =>
  z.string().trim().min(1).max(max).refine(isStorableText, 'Must not contain control characters.');

// ---------------------------------------------------------------------------------------------
// Balances

export const NextSettlement = z
  .object({
    date: Day.openapi({ description: 'The Nairobi day the schedule next creates a settlement for this balance.' }),
    estimatedAmount: MoneyOut.openapi({ description: 'What would be paid if it ran now with the money already due then (pending that becomes due by that day included).' }),
  })
  .openapi('NextSettlement');

export const Balance = z
  .object({
    currency: z.string().length(3),
    subMerchantId: Uuid.nullable().openapi({ description: 'A sub-merchant with its own settlement account in this currency; null: the merchant\'s balance (every other sub-merchant included).' }),
    available: MoneyOut.openapi({ description: 'Collected − fees − reversals − settled − settling − pending − reserved: what a payout now would take. May be below zero after a reversal or a return of settled money; the next settlement nets it.' }),
    pending: MoneyOut.openapi({ description: 'Net of payments received within the schedule\'s delay: due at the next cutoff.' }),
    reserved: MoneyOut.openapi({ description: 'Net of payments whose reversal is in flight (REVERSAL_PENDING).' }),
    settling: MoneyOut.openapi({ description: 'In settlements not paid yet (PENDING or PROCESSING).' }),
    settlementAccountId: Uuid.nullable().openapi({ description: 'The active settlement account of this currency and bucket; null: none, nothing can be paid out.' }),
    nextSettlement: NextSettlement.nullable().openapi({ description: 'null when the schedule is MANUAL or there is no active settlement account.' }),
  })
  .openapi('Balance');

export const BalanceList = z.object({ data: z.array(Balance) }).openapi('BalanceList');

// ---------------------------------------------------------------------------------------------
// Settlement accounts

export const SettlementAccount = z
  .object({
    id: Uuid,
    kind: z.enum(settlementAccountKinds).openapi({ description: 'BANK: a bank transfer (ISO 20022 pain.001). MPESA: M-Pesa B2C to a phone. PAYBILL: M-Pesa B2B to a paybill.' }),
    currency: z.string().length(3),
    subMerchantId: Uuid.nullable(),
    accountName: z.string(),
    bankName: z.string().nullable(),
    bankCode: z.string().nullable(),
    branchCode: z.string().nullable(),
    accountNumber: z.string().nullable().openapi({ example: '••••6789', description: 'Masked: only the last four digits are ever shown.' }),
    phone: z.string().nullable().openapi({ example: '2547••••5678', description: 'Masked.' }),
    paybill: z.string().nullable(),
    accountReference: z.string().nullable(),
    status: z.enum(settlementAccountStatuses),
    createdAt: Timestamp,
    disabledAt: Timestamp.nullable(),
  })
  .openapi('SettlementAccount');

export const SettlementAccountList = z.object({ data: z.array(SettlementAccount) }).openapi('SettlementAccountList');

const SecondFactorCode = z
  .string()
  .trim()
  .min(6)
  .max(32)
  .optional()
  .openapi({ example: '492039', description: 'A current TOTP code (or a recovery code): required when the administrator has two factors on (401 mfa_code_required, 403 invalid_mfa_code).' });

const accountCommon = {
  accountName: Text(100).openapi({ example: 'Acme Traders Ltd' }),
  subMerchantId: Uuid.optional().openapi({ description: 'The sub-merchant paid to this account (its own settlement bucket); absent: the merchant.' }),
  code: SecondFactorCode,
};

const OnlyShillings = z.literal('KES', { error: 'M-Pesa pays out in KES only.' });

export const BankAccountRequest = z
  .object({
    kind: z.literal('BANK'),
    currency: Currency,
    ...accountCommon,
    bankName: Text(100).openapi({ example: 'Equity Bank' }),
    bankCode: z.string().trim().regex(/^[0-9A-Za-z]{2,11}$/, 'Must be the bank\'s code: 2 to 11 letters or digits (a CBK code such as 68, or a SWIFT BIC).').openapi({ example: '68' }),
    branchCode: z.string().trim().regex(/^[0-9A-Za-z]{1,11}$/, 'Must be 1 to 11 letters or digits.').optional().openapi({ example: '068' }),
    accountNumber: z
      .string()
      .transform((typed) => typed.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^[0-9]{6,20}$/, 'Must be 6 to 20 digits (spaces and dashes are fine).'))
      .openapi({ type: 'string', example: '0123456789' }),
  })
  .openapi('BankSettlementAccountRequest');

export const MpesaAccountRequest = z
  .object({
    kind: z.literal('MPESA'),
    currency: OnlyShillings,
    ...accountCommon,
    phone: KenyanMobileInput(),
  })
  .openapi('MpesaSettlementAccountRequest');

export const PaybillAccountRequest = z
  .object({
    kind: z.literal('PAYBILL'),
    currency: OnlyShillings,
    ...accountCommon,
    paybill: z.string().trim().regex(/^[0-9]{5,7}$/, 'Must be a paybill number: 5 to 7 digits.').openapi({ example: '888880' }),
    // Daraja's B2B AccountReference carries at most 13 characters.
    accountReference: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z][0-9A-Za-z -]{0,12}$/, 'Must be 1 to 13 letters, digits, spaces or dashes (the paybill\'s account number).')
      .openapi({ example: 'ACC-1' }),
  })
  .openapi('PaybillSettlementAccountRequest');

export const CreateSettlementAccountRequest = z
  .discriminatedUnion('kind', [BankAccountRequest, MpesaAccountRequest, PaybillAccountRequest], {
    error: 'Must be BANK, MPESA or PAYBILL.',
  })
  .openapi('CreateSettlementAccountRequest');
export type CreateSettlementAccountInput = z.output<typeof CreateSettlementAccountRequest>;

export const DisableSettlementAccountRequest = z.object({ code: SecondFactorCode }).openapi('DisableSettlementAccountRequest');

export const SettlementAccountParams = z.object({
  settlementAccountId: Uuid.openapi({ param: { name: 'settlementAccountId', in: 'path' } }),
});

// ---------------------------------------------------------------------------------------------
// Schedule

const WeekDay = z.number().int().min(1).max(7).openapi({ description: 'ISO weekday: 1 = Monday … 7 = Sunday.' });
const MonthDay = z.number().int().min(1).max(31).openapi({ description: '1 to 31; past a month\'s end, its last day.' });

export const SettlementSchedule = z
  .object({
    interval: z.enum(settlementIntervals).openapi({ description: 'DAILY, WEEKLY (on weeklyDay), MONTHLY (on monthlyDay) or MANUAL (only "pay out now").' }),
    weeklyDay: WeekDay.nullable(),
    monthlyDay: MonthDay.nullable(),
    delayDays: z.number().int().min(0).max(7).openapi({ description: 'A payment received on Nairobi day R is due from day R + delayDays (0: the same day, up to the run).' }),
    minimumAmount: z.record(z.string(), MoneyOut).openapi({ example: { KES: 1000 }, description: 'Per currency: a scheduled settlement smaller than this waits. A currency absent has no minimum.' }),
    timeZone: z.literal('Africa/Nairobi'),
    updatedAt: Timestamp.nullable().openapi({ description: 'null: never set, the default applies.' }),
  })
  .openapi('SettlementSchedule');

export const SettlementScheduleRequest = z
  .object({
    interval: z.enum(settlementIntervals),
    weeklyDay: WeekDay.nullish(),
    monthlyDay: MonthDay.nullish(),
    delayDays: z.number().int().min(0).max(7).default(1),
    minimumAmount: z.partialRecord(Currency, MoneyIn).default({}),
  })
  .superRefine((schedule, context) => {
    if (schedule.interval === 'WEEKLY' && schedule.weeklyDay == null) context.addIssue({ code: 'custom', path: ['weeklyDay'], message: 'Required for a WEEKLY schedule.' });
    if (schedule.interval === 'MONTHLY' && schedule.monthlyDay == null) context.addIssue({ code: 'custom', path: ['monthlyDay'], message: 'Required for a MONTHLY schedule.' });
    for (const [currency, amount] of Object.entries(schedule.minimumAmount)) {
      const problem = amount === '' ? undefined : amountProblem(amount, currency);
      if (problem) context.addIssue({ code: 'custom', path: ['minimumAmount', currency], message: problem });
    }
  })
  .openapi('SettlementScheduleRequest');
export type SettlementScheduleInput = z.output<typeof SettlementScheduleRequest>;

// ---------------------------------------------------------------------------------------------
// Settlements

export const Settlement = z
  .object({
    id: Uuid,
    currency: z.string().length(3),
    subMerchantId: Uuid.nullable(),
    grossAmount: MoneyOut.openapi({ description: 'The payments covered.' }),
    feeAmount: MoneyOut.openapi({ description: 'Their fees, less fees refunded with reversals taken back.' }),
    reversalAmount: MoneyOut.openapi({ description: 'Payments settled before and reversed since, taken back.' }),
    broughtForward: MoneyOut.openapi({ description: 'Cents an earlier settlement to M-Pesa could not pay, brought into this one (negative when an earlier settlement that had brought cents failed or came back).' }),
    carriedForward: MoneyOut.openapi({ description: 'Cents this one cannot pay (M-Pesa moves whole shillings), carried to the next settlement.' }),
    amount: MoneyOut.openapi({ description: 'What is paid: grossAmount − feeAmount − reversalAmount + broughtForward − carriedForward.' }),
    status: z.enum(settlementStatuses).openapi({ description: 'PENDING → PROCESSING → PAID; FAILED (the money is back in available at once); RETURNED after PAID (the bank sent it back).' }),
    settlementAccountId: Uuid,
    destination: z.string().openapi({ example: 'Equity Bank ••••6789', description: 'Where it goes, masked.' }),
    rail: z.enum(settlementRails),
    origin: z.enum(settlementOrigins),
    scheduledFor: Day.nullable().openapi({ description: 'The Nairobi day of a SCHEDULED settlement.' }),
    createdAt: Timestamp,
    processingAt: Timestamp.nullable(),
    paidAt: Timestamp.nullable(),
    failedAt: Timestamp.nullable(),
    returnedAt: Timestamp.nullable(),
    failureReason: z.string().nullable(),
    providerReference: z.string().nullable().openapi({ description: 'The rail\'s reference: M-Pesa\'s receipt or the bank\'s.' }),
    entryCount: z.number().int(),
  })
  .openapi('Settlement');

export const CreateSettlementRequest = z
  .object({
    currency: Currency,
    amount: MoneyIn.optional().openapi({ description: 'A ceiling: reversals to net first, then whole payments oldest first while the total stays within it. Absent: everything available.' }),
    subMerchantId: Uuid.optional().openapi({ description: 'Pay out that sub-merchant\'s own bucket (it has its own settlement account); a scoped user always pays out its own.' }),
  })
  .superRefine((request, context) => {
    const problem = request.amount === undefined || request.amount === '' ? undefined : amountProblem(request.amount, request.currency);
    if (problem) context.addIssue({ code: 'custom', path: ['amount'], message: problem });
  })
  .openapi('CreateSettlementRequest');
export type CreateSettlementInput = z.output<typeof CreateSettlementRequest>;

export const IdempotencyKeyHeader = z.object({
  'idempotency-key': z.string().min(1).max(255).openapi({ description: 'Required: a retry with the same key and body answers the first settlement and never pays twice.' }),
});

export const SettlementListQuery = z.object({
  status: z.enum(settlementStatuses).optional(),
  currency: Currency.optional(),
  from: TimestampInput.optional().openapi({ description: 'createdAt ≥ from.' }),
  to: TimestampInput.optional().openapi({ description: 'createdAt < to.' }),
  ...pageQuery,
});
export type SettlementListFilters = z.output<typeof SettlementListQuery>;

export const SettlementParams = z.object({
  settlementId: Uuid.openapi({ param: { name: 'settlementId', in: 'path' } }),
});

export const SettlementEntry = z
  .object({
    kind: z.enum(settlementItemKinds).openapi({ description: 'PAYMENT: a payment paid out. REVERSAL: a payment settled before and reversed since, taken back (netAmount negative).' }),
    paymentId: Uuid,
    providerReference: z.string(),
    amount: MoneyOut,
    feeAmount: MoneyOut,
    netAmount: MoneyOut.openapi({ description: 'amount − feeAmount for a PAYMENT; −(amount − feeAmount) for a REVERSAL.' }),
    occurredAt: Timestamp.openapi({ description: 'When the payment was received, or the reversal confirmed.' }),
  })
  .openapi('SettlementEntry');

export const SettlementTotals = z
  .object({
    grossAmount: MoneyOut,
    feeAmount: MoneyOut,
    reversalAmount: MoneyOut,
    broughtForward: MoneyOut,
    carriedForward: MoneyOut,
    amount: MoneyOut.openapi({ description: 'The entries\' net amounts + broughtForward − carriedForward.' }),
    entryCount: z.number().int(),
  })
  .openapi('SettlementTotals');

export const SettlementEntryPage = z
  .object({
    data: z.array(SettlementEntry),
    totals: SettlementTotals.openapi({ description: 'Of the whole settlement (every page): the entries sum to them exactly.' }),
    nextCursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null on the last.' }),
  })
  .openapi('SettlementEntryPage');

export const SettlementEntryQuery = z.object({
  limit: pageQuery.limit,
  cursor: z.string().max(200).optional().openapi({ description: 'nextCursor of the previous page.' }),
});

export const settlementOutcomes = ['PAID', 'FAILED', 'RETURNED'] as const;
export const SandboxOutcomeRequest = z
  .object({
    outcome: z.enum(settlementOutcomes).openapi({ description: 'PAID, FAILED, or RETURNED (an unpaid one is paid first).' }),
  })
  .openapi('SandboxSettlementOutcomeRequest');
