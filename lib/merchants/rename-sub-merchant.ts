import { and, eq } from 'drizzle-orm';
import { conflict, notFound } from '@/lib/api/errors';
import { recordAudit } from '@/lib/audit/record';
import { db } from '@/lib/platform/db';
import { violatedUniqueConstraint } from '@/lib/platform/db/errors';
import { subMerchants } from './schema';

/**
 * A new name for one of the merchant's sub-merchants. Only the name changes: its id, and so its
 * users, keys, accounts, bills and payments, stay with it. Renaming to the same name is a no-op
 * that writes no audit entry; another merchant's id is simply not found.
 */
export async function renameSubMerchant(input: { merchantId: string; subMerchantId: string; name: string }) {
  try {
    return await db().transaction(async (tx) => {
      const ours = and(eq(subMerchants.id, input.subMerchantId), eq(subMerchants.merchantId, input.merchantId));
      const [current] = await tx.select().from(subMerchants).where(ours).for('update');
      if (!current) throw notFound('The sub-merchant');
      if (current.name === input.name) return current;
      const [renamed] = await tx.update(subMerchants).set({ name: input.name }).where(ours).returning();
      await recordAudit(tx, {
        merchantId: input.merchantId,
        action: 'sub_merchant.renamed',
        target: { type: 'sub_merchant', id: current.id },
        summary: `Sub-merchant "${current.name}" renamed "${renamed!.name}".`,
      });
      return renamed!;
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'sub_merchants_merchant_name_key') throw conflict(`A sub-merchant named "${input.name}" already exists.`);
    throw error;
  }
}
