import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '@/lib/auth/principal';
import { seenBy, targetOfAccount, targetOfBill, targetOfCustomer, type Visibility } from '@/lib/payment-options/targets';
import { db } from '@/lib/platform/db';
import { payerLinks, type PayerLinkTarget } from './schema';
import { recordAudit } from '@/lib/audit/record';

export type PayerLinkRow = typeof payerLinks.$inferSelect;

export function targetOfLink(visible: Visibility, targetType: PayerLinkTarget, targetId: string) {
  switch (targetType) {
    case 'VIRTUAL_ACCOUNT':
      return targetOfAccount(visible, targetId);
    case 'EXPECTED_PAYMENT':
      return targetOfBill(visible, targetId);
    case 'CUSTOMER':
      return targetOfCustomer(visible, targetId);
  }
}

/** One link per target: the first call makes it, later calls get the same one back. */
export async function payerLinkFor(principal: Principal, targetType: PayerLinkTarget, targetId: string) {
  // Answers 404 for a target the caller cannot see (or a customer without an account yet).
  await targetOfLink(seenBy(principal), targetType, targetId);
  const created = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(payerLinks)
      .values({ token: randomBytes(16).toString('base64url'), merchantId: principal.merchantId, targetType, targetId })
      .onConflictDoNothing({ target: [payerLinks.merchantId, payerLinks.targetType, payerLinks.targetId] })
      .returning();
    // The token is the link itself, so it stays out of the entry: the target is enough.
    if (row) await recordAudit(tx, { merchantId: principal.merchantId, action: 'payer_link.created', target: { type: targetType.toLowerCase(), id: targetId }, summary: `Payer-instruction link made for ${targetType.toLowerCase().replace('_', ' ')} ${targetId}.` });
    return row;
  });
  if (created) return { link: created, created: true };
  const [existing] = await db()
    .select()
    .from(payerLinks)
    .where(and(eq(payerLinks.targetType, targetType), eq(payerLinks.targetId, targetId), eq(payerLinks.merchantId, principal.merchantId)));
  return { link: existing!, created: false };
}

export const payerLinkJson = (link: PayerLinkRow) => ({
  token: link.token,
  path: `/pay/${link.token}`,
  targetType: link.targetType,
  targetId: link.targetId,
  createdAt: link.createdAt.toISOString(),
});
