import { z } from '@hono/zod-openapi';
import { Timestamp, Uuid } from '@/lib/api/schemas';
import { pageQuery } from '@/lib/api/pagination';
import { balanceEntryTypes } from '@/lib/ledger/schema';
import { CURRENCY_NOT_COLLECTABLE, currencyCodes, whatEachChannelCarries } from '@/lib/money/currencies';
import { accountOwnerTypes, accountPurposes, accountStatuses, accountTypes } from './schema';

/** Only currencies some payment channel carries: money in any other could never arrive. */
export const Currency = z
  .enum(currencyCodes, { error: CURRENCY_NOT_COLLECTABLE })
  .openapi({ description: `ISO 4217 code of a currency some payment channel carries (${whatEachChannelCarries}).`, example: 'KES' });

export const VirtualAccount = z
  .object({
    id: Uuid,
    merchantId: Uuid,
    ownerType: z.enum(accountOwnerTypes),
    ownerId: Uuid,
    purpose: z.enum(accountPurposes),
    purposeLabel: z.string().openapi({ example: 'Brand collection account' }),
    purposeDescription: z.string(),
    accountNumber: z.string().regex(/^[0-9]+$/).openapi({ example: '1000000018' }),
    accountName: z.string(),
    bankDisplayName: z.string(),
    accountType: z.enum(accountTypes),
    accountTypeLabel: z.string(),
    accountTypeDescription: z.string(),
    viewerGuidance: z.string().nullable().openapi({ description: 'What to do with this account; null when there is nothing to do.' }),
    status: z.enum(accountStatuses),
    balance: z.number(),
    feeBalance: z.number(),
    currency: z.string().length(3),
    collectionAccountId: Uuid,
    singleDepositLimit: z.number().nullable().openapi({ description: 'Largest single deposit accepted; null when no cap is set.' }),
    expireAt: Timestamp.nullable(),
    createdAt: Timestamp,
  })
  .openapi('VirtualAccount');

/** Purposes this operation provisions; the others come with the records they belong to. */
export const provisionablePurposes = ['BRAND', 'SUBSCRIBER', 'CURRENCY'] as const;

const purposeRefusal: Record<string, string> = {
  INVOICE: 'Invoice accounts are not provisioned here: they come with a bill (POST /merchants/me/expected-payments).',
  CUSTOMER: 'Customer accounts are not provisioned here: use POST /merchants/me/customers/{customerId}/virtual-account.',
  LEGACY: 'The LEGACY account is made with the merchant; there is only one.',
};

export const ProvisionAccountRequest = z
  .object({
    purpose: z.enum(provisionablePurposes, {
      error: (issue) =>
        purposeRefusal[String(issue.input)] ?? 'Must be BRAND, SUBSCRIBER or CURRENCY.',
    }),
    subMerchantId: Uuid.optional().openapi({ description: 'The sub-merchant the account is for; a scoped user always provisions for its own.' }),
    currency: Currency.optional().openapi({ description: 'Required for CURRENCY; defaults to the merchant\'s default currency.' }),
    accountName: z.string().trim().min(1).max(100).optional().openapi({ description: 'Defaults to the merchant\'s or sub-merchant\'s name.' }),
    singleDepositLimit: z.number().positive().nullable().optional().openapi({ description: 'Largest single deposit to accept; null or absent for no cap.' }),
  })
  .openapi('ProvisionAccountRequest');

export const VirtualAccountParams = z.object({
  virtualAccountId: Uuid.openapi({ param: { name: 'virtualAccountId', in: 'path' } }),
});

const Purpose = z.enum(accountPurposes);
export const VirtualAccountListQuery = z.object({
  // Repeated (`?purpose=BRAND&purpose=CURRENCY`) for accounts of any of them: one call where a page lists several kinds.
  purpose: z
    .union([Purpose, z.array(Purpose).min(1).max(accountPurposes.length)])
    .optional()
    .openapi({ description: 'Only accounts of this purpose; repeat the parameter for any of several.' }),
  status: z.enum(accountStatuses).optional(),
  currency: Currency.optional(),
  ...pageQuery,
});

export const BalanceEntry = z
  .object({
    id: Uuid,
    virtualAccountId: Uuid,
    type: z.enum(balanceEntryTypes).openapi({ description: 'CREDIT, DEBIT and SETTLEMENT (paid out; given back when a settlement fails or returns) move balance; FEE moves feeBalance.' }),
    amount: z.number().openapi({ description: 'Signed: credits positive, debits negative.' }),
    balanceAfter: z.number(),
    paymentId: Uuid.nullable(),
    settlementId: Uuid.nullable().openapi({ description: 'The settlement of a SETTLEMENT entry.' }),
    description: z.string(),
    createdAt: Timestamp,
  })
  .openapi('BalanceEntry', { description: 'One change to a virtual account\'s balance or fee balance (beyond the spec, which does not show these fields).' });

export const BalanceHistoryQuery = z.object({
  virtualAccountId: Uuid.optional().openapi({ description: 'Any account you can see; the LEGACY account when absent.' }),
  paymentId: Uuid.optional().openapi({ description: "Only the entries of this payment: its credit and fee, and its reversal's entries if it was reversed." }),
  ...pageQuery,
});
