import { z } from '@hono/zod-openapi';
import { Uuid } from '@/lib/api/schemas';
import { decimalText } from '@/lib/money/decimal';

/** Daraja writes most values as strings, some senders as numbers; both are read as text. */
const DarajaValue = z.union([z.string(), z.number()]);
const OptionalText = z.string().max(200).nullish();

/** Daraja's C2B request, the same body at validation and at confirmation (docs/rails.md). */
export const C2bPayment = z
  .looseObject({
    TransactionType: OptionalText.openapi({ example: 'Pay Bill' }),
    TransID: z.string().trim().min(1).max(64).openapi({ example: 'SGR7ABC1XY', description: 'The M-Pesa receipt: unique per payment.' }),
    TransTime: DarajaValue.nullish().openapi({ example: '20261121130253', description: 'YYYYMMDDHHmmss, Nairobi time.' }),
    TransAmount: DarajaValue.openapi({ example: '1500.00' }),
    BusinessShortCode: DarajaValue.openapi({ example: '4123456' }),
    BillRefNumber: z.string().max(100).nullish().openapi({ example: '1000000018', description: 'What the payer typed as the account number.' }),
    InvoiceNumber: OptionalText,
    OrgAccountBalance: DarajaValue.nullish(),
    ThirdPartyTransID: OptionalText,
    MSISDN: DarajaValue.nullish().openapi({ example: '254712345678', description: 'The payer\'s number; masked or hashed by newer Daraja versions, kept as sent.' }),
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

const Amount = z
  .union([z.string(), z.number()])
  .refine((value) => decimalText(value) !== undefined, 'Must be a plain decimal number such as "1500.50".')
  .openapi({ example: '1500.50' });

/** A bank's notice that money reached one of our accounts (instant transfer or RTGS). */
export const BankCreditNotification = z
  .object({
    bankReference: z.string().trim().min(1).max(64).openapi({ example: 'FT26325ABC1234', description: 'Unique per credit: a repeat is a duplicate.' }),
    accountNumber: z.string().trim().min(1).max(64).openapi({ example: '1000000018', description: 'The beneficiary (virtual) account number.' }),
    amount: Amount,
    currency: z.string().regex(/^[A-Z]{3}$/, 'Must be a three-letter currency code.').openapi({ example: 'KES' }),
    payerName: z.string().max(200).nullish(),
    payerAccount: z.string().max(64).nullish(),
    narration: z.string().max(500).nullish().openapi({ description: 'Free text; a bill\'s paymentReference here (alone or after the account number) settles that bill.' }),
    channel: z.enum(['INSTANT_BANK', 'RTGS']),
    transactionTime: z.iso.datetime({ offset: true }).openapi({ example: '2026-11-21T10:02:53Z' }),
  })
  .openapi('BankCreditNotification');
export type BankCreditInput = z.infer<typeof BankCreditNotification>;

export const BankCreditResult = z
  .object({
    status: z.enum(['recorded', 'duplicate', 'suspense']),
    paymentId: Uuid.optional().openapi({ description: 'The payment, when the money reached an account.' }),
  })
  .openapi('BankCreditResult');

export const SandboxInboundPaymentRequest = z
  .object({
    accountNumber: z.string().trim().min(1).max(64).openapi({ example: '1000000018', description: 'An account number, or a bill\'s paymentReference, as a payer would type it.' }),
    amount: z.number().openapi({ example: 1500 }),
    channel: z.enum(['MOBILE_MONEY', 'INSTANT_BANK', 'RTGS']),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'Must be a three-letter currency code.')
      .optional()
      .openapi({ description: 'KES for MOBILE_MONEY (M-Pesa moves only KES); for bank channels, defaults to the account\'s currency.' }),
    providerReference: z.string().trim().min(1).max(64).optional().openapi({ description: 'Defaults to a fresh M-Pesa-like receipt or bank reference; repeat one to test duplicates.' }),
    billReference: z.string().trim().min(1).max(100).optional().openapi({ description: 'A bill\'s paymentReference given beside the account number.' }),
    payerPhone: z.string().regex(/^[0-9]{9,15}$/, 'Use digits with the country prefix, e.g. 2547XXXXXXXX.').optional(),
    payerName: z.string().trim().min(1).max(200).optional(),
  })
  .refine((input) => input.channel !== 'MOBILE_MONEY' || !input.currency || input.currency === 'KES', {
    path: ['currency'],
    message: 'M-Pesa moves only KES.',
  })
  .openapi('SandboxInboundPaymentRequest');
export type SandboxInboundPaymentInput = z.infer<typeof SandboxInboundPaymentRequest>;
