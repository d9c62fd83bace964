import { z } from '@hono/zod-openapi';
import { Timestamp, Uuid } from '@/lib/api/schemas';

export const Merchant = z
  .object({
    id: Uuid,
    name: z.string(),
    defaultCurrency: z.string().length(3),
    createdAt: Timestamp,
  })
  .openapi('Merchant', { description: 'The signed-in user\'s merchant (beyond the spec: the portal shows its name).' });

export const SubMerchant = z
  .object({
    id: Uuid,
    name: z.string(),
    createdAt: Timestamp,
  })
  .openapi('SubMerchant', { description: 'A brand, shop or branch of the merchant (the spec shows only its id; these fields are ours).' });

export const CreateSubMerchantRequest = z
  .object({ name: z.string().trim().min(1).max(100).openapi({ example: 'Westlands branch' }) })
  .openapi('CreateSubMerchantRequest');

export const RenameSubMerchantRequest = CreateSubMerchantRequest.openapi('RenameSubMerchantRequest');

export const SubMerchantParams = z.object({ subMerchantId: Uuid.openapi({ param: { name: 'subMerchantId', in: 'path' } }) });
