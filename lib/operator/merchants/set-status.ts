import { endSessionsOfMerchant } from '@/lib/auth/sessions';
import { conflict } from '@/lib/api/errors';
import { forgetDisabledMerchants } from '@/lib/merchants/disabled';
import { setMerchantStatus } from '@/lib/merchants/directory';
import type { MerchantStatus } from '@/lib/merchants/schema';
import { db } from '@/lib/platform/db';
import { recordOperatorChange } from '../audit';
import type { OperatorPrincipal } from '../principal';

/**
 * Disable: the merchant's sessions end in the same transaction (its users' and API keys' tokens
 * are refused from the next request), sign-in is refused, its accounts refuse new payments at
 * validation (C2B00012) and money that moved anyway goes to suspense. Nothing is deleted: enable
 * gives it all back.
 */
export async function changeMerchantStatus(operator: OperatorPrincipal, merchantId: string, status: MerchantStatus, reason: string) {
  const merchant = await db().transaction(async (tx) => {
    const { before, after } = await setMerchantStatus(tx, merchantId, status, reason);
    if (before.status === status) throw conflict(`The merchant is already ${status === 'DISABLED' ? 'disabled' : 'enabled'}.`);
    const sessionsEnded = status === 'DISABLED' ? await endSessionsOfMerchant(tx, merchantId, 'merchant_disabled') : 0;
    await recordOperatorChange(tx, operator, {
      merchantId,
      action: status === 'DISABLED' ? 'merchant.disabled' : 'merchant.enabled',
      targetType: 'merchant',
      targetId: merchantId,
      summary: `${status === 'DISABLED' ? 'disabled' : 'enabled'} the merchant ${after.name}: ${reason}`,
      details: { reason, sessionsEnded },
    });
    return after;
  });
  forgetDisabledMerchants();
  return merchant;
}
