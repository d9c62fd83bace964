import { and, eq } from 'drizzle-orm';
import type { ApiApp } from '@/lib/api/context';
import { forbidden, notFound } from '@/lib/api/errors';
import { afterCursor, newestFirst, pageOf } from '@/lib/api/pagination';
import { visibleTo } from '@/lib/api/scope';
import type { Principal } from '@/lib/auth/principal';
import { db } from '@/lib/platform/db';
import { createSubMerchant } from './operations';
import { renameSubMerchant } from './rename-sub-merchant';
import { merchantRoutes } from './routes';
import { merchants, subMerchants } from './schema';

const subMerchantJson = (row: typeof subMerchants.$inferSelect) => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
});

/** A sub-merchant's own id is its sub-merchant id, so a scoped user sees exactly itself. */
function listSubMerchants(principal: Principal, page: { limit: number; cursor?: string }) {
  return db()
    .select()
    .from(subMerchants)
    .where(
      and(
        visibleTo(principal, { merchantId: subMerchants.merchantId, subMerchantId: subMerchants.id }),
        afterCursor(page.cursor, subMerchants.createdAt, subMerchants.id),
      ),
    )
    .orderBy(...newestFirst(subMerchants.createdAt, subMerchants.id))
    .limit(page.limit + 1);
}

export function registerMerchantRoutes(app: ApiApp): void {
  app.openapi(merchantRoutes.me, async (c) => {
    const [merchant] = await db().select().from(merchants).where(eq(merchants.id, c.get('principal').merchantId));
    if (!merchant) throw notFound('The merchant');
    // Named fields only: the row also holds what only operators see (status, category code).
    return c.json({ id: merchant.id, name: merchant.name, defaultCurrency: merchant.defaultCurrency, createdAt: merchant.createdAt.toISOString() }, 200);
  });

  app.openapi(merchantRoutes.listSubMerchants, async (c) => {
    const { limit, cursor } = c.req.valid('query');
    const rows = await listSubMerchants(c.get('principal'), { limit, cursor });
    return c.json(pageOf(c, rows, limit).map(subMerchantJson), 200);
  });

  app.openapi(merchantRoutes.createSubMerchant, async (c) => {
    const principal = c.get('principal');
    if (principal.subMerchantId) throw forbidden('A user scoped to a sub-merchant cannot create sub-merchants.');
    const created = await createSubMerchant({ merchantId: principal.merchantId, name: c.req.valid('json').name });
    return c.json(subMerchantJson(created), 201);
  });

  app.openapi(merchantRoutes.renameSubMerchant, async (c) => {
    const principal = c.get('principal');
    if (principal.subMerchantId) throw forbidden('A user scoped to a sub-merchant cannot rename sub-merchants.');
    const renamed = await renameSubMerchant({ merchantId: principal.merchantId, subMerchantId: c.req.valid('param').subMerchantId, name: c.req.valid('json').name });
    return c.json(subMerchantJson(renamed), 200);
  });
}
