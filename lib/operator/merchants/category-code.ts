import { notFound } from '@/lib/api/errors';
import { merchantById } from '@/lib/merchants/directory';
import { writeMerchantCategoryCode } from '@/lib/payment-options/ke-qr/category-code';
import { db } from '@/lib/platform/db';
import { recordOperatorChange } from '../audit';
import type { OperatorPrincipal } from '../principal';
import { toOperatorMerchantJson } from '../serialize';

/**
 * What `merchant:set-category-code` does, from the console: the code its KE-QR codes carry from
 * the next code drawn (docs/payers.md). The schema has checked the four digits (the CLI's rule);
 * the change is in both audit logs in its transaction. Setting the code it already has changes
 * nothing and records nothing.
 */
export async function setCategoryCodeForOperator(operator: OperatorPrincipal, merchantId: string, code: string, reason: string | undefined) {
  return db().transaction(async (tx) => {
    const written = await writeMerchantCategoryCode(tx, merchantId, code);
    if (!written) throw notFound('The merchant');
    if (written.previousCode !== code) {
      await recordOperatorChange(tx, operator, {
        merchantId,
        action: 'merchant.category_code_set',
        targetType: 'merchant',
        targetId: merchantId,
        summary: `set the KE-QR merchant category code of ${written.name} to ${code} (was ${written.previousCode})${reason ? `: ${reason}` : '.'}`,
        details: { from: written.previousCode, to: code, ...(reason ? { reason } : {}) },
      });
    }
    return toOperatorMerchantJson(await merchantById(merchantId, tx));
  });
}
