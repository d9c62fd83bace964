import { z } from '@hono/zod-openapi';
import { Uuid } from '@/lib/api/schemas';
import { channelCarries, channelCurrencies, channelNames } from '@/lib/money/channels';
import { KenyanMobileInput } from '@/lib/platform/phone';
import { isStorableText } from '@/lib/platform/text';

/** Daraja writes most values as strings, some senders as numbers; both are read as text. */
const DarajaValue = z.union([z.string(), z.number()]);
/**
 * Any field but TransID that is not what Daraja documents is read as absent, never refused: a
 * confirmation is money that has moved, and the request is kept as received anyway.
 */
const Lenient = <T extends z.ZodType>(schema: T) => {
  const readable = schema.nullish();
  // A preprocess rather than .catch(null): the OpenAPI generator renders the schema after it.
  return z.preprocess((value) => (readable.safeParse(value).success ? value : null), readable);
};
const OptionalText = Lenient(z.string());

/** Daraja's C2B request, the same body at validation and at confirmation (docs/rails.md). */
export const C2bPayment = z
  .looseObject({
    TransactionType: OptionalText.openapi({ example: 'Pay Bill' }),
    TransID: z.string().trim().min(1).max(200).openapi({ example: 'SGR7ABC1XY', description: 'The M-Pesa receipt: unique per payment.' }),
    TransTime: Lenient(DarajaValue).openapi({ example: '20261121130253', description: 'YYYYMMDDHHmmss, Nairobi time.' }),
    TransAmount: Lenient(DarajaValue).openapi({ example: '1500.00', description: 'An amount that is not money (unreadable, negative, zero, more than two decimals, 10^12 or more) is never credited: rejected at validation, kept in suspense at confirmation.' }),
    BusinessShortCode: Lenient(DarajaValue).openapi({ example: '4123456' }),
    BillRefNumber: OptionalText.openapi({ example: '1000000018', description: 'What the payer typed as the account number.' }),
    InvoiceNumber: OptionalText,
    OrgAccountBalance: Lenient(DarajaValue),
    ThirdPartyTransID: OptionalText,
    MSISDN: Lenient(DarajaValue).openapi({ example: '254712345678', description: 'The payer\'s number; masked or hashed by newer Daraja versions, kept as sent.' }),
    FirstName: OptionalText,
    MiddleName: OptionalText,
    LastName: OptionalText,
  })
  .openapi('DarajaC2bPayment');
export type C2bPaymentInput = z.infer<typeof C2bPayment>;

export const DarajaResult = z
  .object({
    ResultCode: z.union([z.string(), z.number()]).openapi({ example: '0' }),
    ResultDesc: z.string().openapi({ example: 'Accepted' }),
  })
  .openapi('DarajaResult');

export const MpesaTokenQuery = z.object({
  token: z.string().openapi({ description: 'The M-Pesa callback secret (MPESA_CALLBACK_SECRET), as registered with Safaricom.' }),
});

/** Any number or text: an amount that is not money is kept in suspense, not refused (docs/payments.md, "Amounts"). */
const Amount = z.union([z.string(), z.number()]).openapi({ example: '1500.50' });

/**
 * A bank's notice that money reached one of our accounts (instant transfer or RTGS). It is signed:
 * the bank says the money arrived, so it is kept whatever its other fields hold (docs/rails.md,
 * "Bank credit notifications"). Only `bankReference`, the credit's identity, must be readable;
 * every other field that is not what is documented is read as absent (and the credit is then held
 * in suspense when it was a money field), and long text is cut where it is stored (bank-credit.ts).
 */
export const BankCreditNotification = z
  .looseObject({
    bankReference: z
      .preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().trim().min(1).max(200))
      .openapi({ example: 'FT26325ABC1234', description: 'Unique per credit: a repeat is a duplicate, whatever else it says. The one field without which a notification is refused (422): nothing else identifies the credit.' }),
    accountNumber: Lenient(DarajaValue).openapi({ example: '1000000018', description: 'The beneficiary (virtual) account number. Missing or unreadable: the credit is held in suspense (UNKNOWN_ACCOUNT).' }),
    collectionAccountNumber: Lenient(DarajaValue).openapi({
      example: '1234567890123',
      description:
        'The account the bank credited: our collection account for the currency (GET /operator/collection-accounts); `accountNumber` is the virtual account the payer paid into under it. Another account (not ours, or ours for another currency): held in suspense (FOREIGN_COLLECTION_ACCOUNT), never credited. Absent: not checked (notifications from before 26 November 2026); send it.',
    }),
    amount: Lenient(Amount).openapi({ description: 'A string or a number. Not an amount of money in its currency (missing, unreadable, negative, zero, too many decimals, 10^12 or more): held in suspense, never credited.' }),
    currency: Lenient(z.string()).openapi({ example: 'KES', description: 'ISO 4217, in any letter case (`kes` is KES). Missing or not a three-letter code: held in suspense as `XXX` (WRONG_CURRENCY).' }),
    payerName: Lenient(DarajaValue),
    payerAccount: Lenient(DarajaValue),
    narration: Lenient(z.string()).openapi({ description: 'Free text; a bill\'s paymentReference here (alone or after the account number) settles that bill. Kept up to 500 characters.' }),
    channel: Lenient(z.string()).openapi({ example: 'RTGS', description: 'INSTANT_BANK or RTGS, in any letter case. Missing or another value: INSTANT_BANK for KES, RTGS for other currencies (logged).' }),
    transactionTime: Lenient(z.string()).openapi({
      example: '2026-11-21T10:02:53Z',
      description: 'ISO 8601 with Z or an offset. Missing, or not a real instant from 2000 to a day ahead of our clock (30 February, year 0000, not a date): the arrival time stands in; the credit is still kept.',
    }),
  })
  .openapi('BankCreditNotification');
export type BankCreditInput = z.infer<typeof BankCreditNotification>;

export const BankCreditResult = z
  .object({
    status: z.enum(['recorded', 'duplicate', 'suspense']),
    paymentId: Uuid.optional().openapi({ description: 'The payment, when the money reached an account.' }),
  })
  .openapi('BankCreditResult');

/** A merchant's own input is refused, not repaired, when it holds what no column can store. */
const PlainText = (schema: z.ZodString) => schema.refine(isStorableText, 'Must not contain control characters (such as U+0000) or unpaired surrogates.');

export const SandboxInboundPaymentRequest = z
  .object({
    accountNumber: PlainText(z.string().trim().min(1).max(64)).openapi({ example: '1000000018', description: 'What a payer types: an account number, optionally followed by `#` or a space and a bill\'s paymentReference (`1000000018#INV-42`). A reference alone names no account.' }),
    amount: z.number().openapi({ example: 1500 }),
    channel: z.enum(['MOBILE_MONEY', 'INSTANT_BANK', 'RTGS']),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'Must be a three-letter currency code.')
      .optional()
      .openapi({ description: 'KES for MOBILE_MONEY (M-Pesa moves only KES); for bank channels, defaults to the account\'s currency.' }),
    providerReference: PlainText(z.string().trim().min(1).max(64)).optional().openapi({ description: 'Defaults to a fresh M-Pesa-like receipt or bank reference; repeat one to test duplicates.' }),
    billReference: PlainText(z.string().trim().min(1).max(100)).optional().openapi({ description: 'A bill\'s paymentReference given beside the account number.' }),
    payerPhone: KenyanMobileInput().optional(),
    payerName: PlainText(z.string().trim().min(1).max(200)).optional(),
    callback: z
      .enum(['delivered', 'dropped'])
      .default('delivered')
      .openapi({ description: 'MOBILE_MONEY only. `dropped`: the simulated M-Pesa takes the payment and lists it (Pull Transactions) but its confirmation never arrives; missed-callback recovery (`rails:recover`) then records it.' }),
  })
  // The channel table (lib/money/channels.ts): M-Pesa and PesaLink move only KES, RTGS also USD, EUR, GBP.
  .superRefine((input, context) => {
    if (input.callback === 'dropped' && input.channel !== 'MOBILE_MONEY') {
      context.addIssue({ code: 'custom', path: ['callback'], message: 'Only MOBILE_MONEY payments can have their callback dropped (banks are not recovered by Pull Transactions).' });
    }
    if (input.currency === undefined || channelCarries(input.channel, input.currency)) return;
    const carried = channelCurrencies[input.channel].join(', ');
    context.addIssue({ code: 'custom', path: ['currency'], message: `${channelNames[input.channel]} carries only ${carried}.` });
  })
  .openapi('SandboxInboundPaymentRequest');
export type SandboxInboundPaymentInput = z.infer<typeof SandboxInboundPaymentRequest>;

/** A simulated M-Pesa payment whose confirmation was dropped: taken and listed by the provider, not yet recorded by us. */
export const SandboxDroppedPayment = z
  .object({
    providerReference: z.string().openapi({ example: 'SGR7ABC1XY', description: 'The M-Pesa receipt, as Pull Transactions will list it.' }),
    accountNumber: z.string(),
    amount: z.string().openapi({ example: '1500' }),
    currency: z.literal('KES'),
    callback: z.literal('dropped'),
    recorded: z.literal(false).openapi({ description: 'Nothing is recorded until recovery finds it (`npm run cli -- rails:recover`, or the scheduled job).' }),
  })
  .openapi('SandboxDroppedPayment');
