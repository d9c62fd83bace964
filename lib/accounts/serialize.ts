import type { z } from '@hono/zod-openapi';
import { moneyJson, nullableMoneyJson, nullableTimestampJson, timestampJson } from '@/lib/api/serialize';
import { config } from '@/lib/platform/config';
import { accountTypeDescription, accountTypeLabel, purposeDescription, purposeLabel, viewerGuidance } from './labels';
import type { virtualAccounts } from './schema';
import type { VirtualAccount } from './schemas';

export type VirtualAccountRow = typeof virtualAccounts.$inferSelect;

/** The spec's Virtual account object, and nothing more (subMerchantId stays inside). */
export function toVirtualAccountJson(row: VirtualAccountRow): z.infer<typeof VirtualAccount> {
  return {
    id: row.id,
    merchantId: row.merchantId,
    ownerType: row.ownerType,
    ownerId: row.ownerId,
    purpose: row.purpose,
    purposeLabel: purposeLabel(row.purpose),
    purposeDescription: purposeDescription(row.purpose),
    accountNumber: row.accountNumber,
    accountName: row.accountName,
    bankDisplayName: config().BANK_NAME,
    accountType: row.accountType,
    accountTypeLabel: accountTypeLabel(row.accountType),
    accountTypeDescription: accountTypeDescription(row.accountType),
    viewerGuidance: viewerGuidance(row),
    status: row.status,
    balance: moneyJson(row.balance),
    feeBalance: moneyJson(row.feeBalance),
    currency: row.currency,
    collectionAccountId: row.collectionAccountId,
    singleDepositLimit: nullableMoneyJson(row.singleDepositLimit),
    expireAt: nullableTimestampJson(row.expireAt),
    createdAt: timestampJson(row.createdAt),
  };
}
