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
