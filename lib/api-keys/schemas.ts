import { z } from '@hono/zod-openapi';
import { pageQuery } from '@/lib/api/pagination';
import { Timestamp, Uuid } from '@/lib/api/schemas';
import { apiKeyRoles } from './schema';

export const CreateApiKeyRequest = z
  .object({
    name: z.string().trim().min(1).max(100).openapi({ example: 'Shop checkout' }),
    role: z.enum(apiKeyRoles).openapi({ description: 'PLAIN_MERCHANT (read and write) or SUPPORT (read only). Keys are never administrators.' }),
    subMerchantId: Uuid.nullable().optional().openapi({ description: 'Limit the key to one sub-merchant.' }),
  })
  .openapi('CreateApiKeyRequest');

export const ApiKey = z
  .object({
    id: Uuid,
    name: z.string(),
    role: z.enum(apiKeyRoles),
    subMerchantId: Uuid.nullable(),
    prefix: z.string().openapi({ example: 'ck_live_Ab3x', description: 'The first characters of the secret, to recognise it.' }),
    createdAt: Timestamp,
    lastUsedAt: Timestamp.nullable().openapi({ description: 'The last exchange of the key for an access token.' }),
    revokedAt: Timestamp.nullable(),
  })
  .openapi('ApiKey');

export const CreatedApiKey = ApiKey.extend({
  secret: z.string().openapi({ description: 'Shown this once; only its hash is kept. Exchange it at POST /auth/token.' }),
}).openapi('CreatedApiKey');

export const ApiKeyListQuery = z.object({ ...pageQuery });
export const ApiKeyParams = z.object({ keyId: Uuid.openapi({ param: { name: 'keyId', in: 'path' } }) });

export const TokenRequest = z
  .object({ apiKey: z.string().min(1).max(200) })
  .openapi('TokenRequest');

export const AccessToken = z
  .object({
    accessToken: z.string().openapi({ description: 'PASETO v4.public token; send as `Authorization: Bearer …`.' }),
    tokenType: z.literal('Bearer'),
    expiresIn: z.number().int().openapi({ description: 'Lifetime in seconds; exchange the key again for a new one (no refresh token).' }),
  })
  .openapi('AccessToken');
