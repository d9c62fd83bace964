import { and, eq, sql } from 'drizzle-orm';
import { notFound } from '@/lib/api/errors';
import type { Principal } from '@/lib/api/principal';
import { recordAudit } from '@/lib/audit/record';
import { requireAdmin } from '@/lib/auth/require-admin';
import { db } from '@/lib/platform/db';
import { apiKeys } from './schema';

/**
 * The live-session query checks the key on every request, so its tokens stop at once; revoking a
 * revoked key answers it unchanged (and records nothing new).
 */
export async function revokeApiKey(principal: Principal, keyId: string) {
  requireAdmin(principal);
  return db().transaction(async (tx) => {
    const [key] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.merchantId, principal.merchantId)))
      .for('update');
    if (!key) throw notFound('The API key');
    if (key.revokedAt) return key;
    const [revoked] = await tx.update(apiKeys).set({ revokedAt: sql`now()` }).where(eq(apiKeys.id, keyId)).returning();
    await recordAudit(tx, {
      action: 'api_key.revoked',
      target: { type: 'api_key', id: key.id },
      summary: `API key "${key.name}" (${key.prefix}…) revoked.`,
      details: { name: key.name, prefix: key.prefix },
    });
    return revoked!;
  });
}
