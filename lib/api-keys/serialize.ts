import type { apiKeys } from './schema';

type ApiKeyRow = typeof apiKeys.$inferSelect;

export const toApiKeyJson = (key: ApiKeyRow) => ({
  id: key.id,
  name: key.name,
  role: key.role,
  subMerchantId: key.subMerchantId,
  prefix: key.prefix,
  createdAt: key.createdAt.toISOString(),
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  revokedAt: key.revokedAt?.toISOString() ?? null,
});
