import { toVirtualAccountJson } from '@/lib/accounts/serialize';
import { listVisibleAccounts } from '@/lib/accounts/queries';
import type { TenantScope } from '@/lib/api/scope';
import { merchantById } from '@/lib/merchants/directory';
import { listPayments } from '@/lib/payments/queries';
import { toPaymentJson } from '@/lib/payments/serialize';
import { pricingOfMerchant } from '@/lib/pricing/current';
import { db } from '@/lib/platform/db';
import { toSettlementAccountJson } from '@/lib/settlement/account-json';
import { listSettlementAccounts } from '@/lib/settlement/accounts';
import { listBalances } from '@/lib/settlement/balances';
import { listMerchantUsers } from '@/lib/team/queries';
import { toTeamUserJson } from '@/lib/team/serialize';
import { pendingApprovalsOf } from '../approvals/queries';
import { recordOperatorRead } from '../audit';
import type { OperatorPrincipal } from '../principal';
import { toApprovalJson, toOperatorMerchantJson } from '../serialize';

const RECENT_PAYMENTS = 20;

/**
 * A merchant's page for an operator: each part read through its own domain's query, scoped
 * explicitly to this merchant (never the operator's own scope: it has none). The read is recorded
 * before the answer leaves, in the platform log and the merchant's own.
 */
export async function merchantOverview(operator: OperatorPrincipal, merchantId: string) {
  const merchant = await merchantById(merchantId);
  const scope: TenantScope = { merchantId: merchant.id, subMerchantId: null };
  const [users, accounts, balances, pricing, pending, settlementAccounts, payments] = await Promise.all([
    listMerchantUsers(scope),
    listVisibleAccounts(scope, {}, { limit: 100 }),
    listBalances(scope),
    pricingOfMerchant(merchant.id),
    pendingApprovalsOf(merchant.id),
    listSettlementAccounts(scope),
    listPayments(scope, { limit: RECENT_PAYMENTS } as Parameters<typeof listPayments>[1]),
  ]);
  await recordOperatorRead(db(), operator, {
    merchantIds: [merchant.id],
    action: 'operator.merchant_viewed',
    targetType: 'merchant',
    targetId: merchant.id,
    summary: `viewed the merchant page of ${merchant.name}.`,
  });
  return {
    merchant: toOperatorMerchantJson(merchant),
    users: users.map(toTeamUserJson),
    accounts: accounts.slice(0, 100).map(toVirtualAccountJson),
    balances,
    pricing: {
      versions: pricing.versions.map((version) => ({ id: version.id, effectiveFrom: new Date(version.effectiveFrom).toISOString(), schedule: version.schedule })),
      pending: pending.map((row) => toApprovalJson(row, merchant.name)),
    },
    settlementAccounts: settlementAccounts.map(toSettlementAccountJson),
    recentPayments: payments.slice(0, RECENT_PAYMENTS).map(toPaymentJson),
  };
}
