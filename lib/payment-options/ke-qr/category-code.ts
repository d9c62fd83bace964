import { eq } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import { merchants } from '@/lib/merchants/schema';
import { db, type Queryable } from '@/lib/platform/db';

/** ISO 18245 merchant category codes are four digits; "0000" means none chosen yet. */
export const CATEGORY_CODE = /^[0-9]{4}$/;

/**
 * Sets the merchant category code its KE-QR codes carry (tag 52), from the operator CLI: the
 * acquirer assigns it when it onboards the merchant, so it is not the merchant's to choose.
 */
export async function setMerchantCategoryCode(merchantId: string, code: string) {
  if (!CATEGORY_CODE.test(code)) throw new Error('The merchant category code must be four digits (ISO 18245), e.g. 5411.');
  return db().transaction(async (tx) => {
    const merchant = await writeMerchantCategoryCode(tx, merchantId, code);
    if (!merchant) throw new Error(`No merchant has the id ${merchantId}.`);
    await recordAudit(tx, {
      merchantId,
      actor: { type: 'system', id: null, label: 'operator CLI' },
      action: 'merchant.category_code_set',
      target: { type: 'merchant', id: merchantId },
      summary: `KE-QR merchant category code set to ${code}.`,
    });
    return merchant;
  });
}

/**
 * The write itself, in the caller's transaction (the CLI above, the operator console's
 * `PUT /operator/merchants/{id}/category-code`), which records it in its own audit log. The code
 * it replaced is answered too; undefined when no merchant has the id.
 */
export async function writeMerchantCategoryCode(tx: Queryable, merchantId: string, code: string) {
  const [before] = await tx.select({ code: merchants.merchantCategoryCode }).from(merchants).where(eq(merchants.id, merchantId)).for('update');
  if (!before) return undefined;
  const [merchant] = await tx
    .update(merchants)
    .set({ merchantCategoryCode: code })
    .where(eq(merchants.id, merchantId))
    .returning({ id: merchants.id, name: merchants.name, merchantCategoryCode: merchants.merchantCategoryCode });
  return { ...merchant!, previousCode: before.code };
}
