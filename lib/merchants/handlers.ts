import { eq } from 'drizzle-orm';
import type { ApiApp } from '@/lib/api/context';
import { notFound } from '@/lib/api/errors';
import { db } from '@/lib/platform/db';
import { merchantRoutes } from './routes';
import { merchants } from './schema';

export function registerMerchantRoutes(app: ApiApp): void {
  app.openapi(merchantRoutes.me, async (c) => {
    const [merchant] = await db().select().from(merchants).where(eq(merchants.id, c.get('principal').merchantId));
    if (!merchant) throw notFound('The merchant');
    return c.json({ ...merchant, createdAt: merchant.createdAt.toISOString() }, 200);
  });
}
