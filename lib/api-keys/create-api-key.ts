import type { z } from '@hono/zod-openapi';
import type { Principal } from '@/lib/api/principal';
import { recordAudit } from '@/lib/audit/record';
import { requireAdmin } from '@/lib/auth/require-admin';
import { db } from '@/lib/platform/db';
import { assertSubMerchantOf } from '@/lib/team/sub-merchant';
import { apiKeys } from './schema';
import type { CreateApiKeyRequest } from './schemas';
import { newApiKeySecret } from './secret';

/** A new key and its secret, which exists only in this answer. */
export async function createApiKey(principal: Principal, input: z.infer<typeof CreateApiKeyRequest>) {
  requireAdmin(principal);
  const { secret, prefix, hash } = newApiKeySecret();
  return db().transaction(async (tx) => {
    const subMerchantId = await assertSubMerchantOf(tx, principal.merchantId, input.subMerchantId);
    const [key] = await tx
      .insert(apiKeys)
      .values({ merchantId: principal.merchantId, subMerchantId, name: input.name, role: input.role, prefix, secretHash: hash, createdBy: principal.userId })
      .returning();
    await recordAudit(tx, {
      action: 'api_key.created',
      target: { type: 'api_key', id: key!.id },
      summary: `API key "${key!.name}" (${prefix}…) created with role ${key!.role}${subMerchantId ? ' for one sub-merchant' : ''}.`,
      details: { name: key!.name, role: key!.role, prefix, subMerchantId },
    });
    return { key: key!, secret };
  });
}
