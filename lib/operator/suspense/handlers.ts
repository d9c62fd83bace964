import type { ApiApp } from '@/lib/api/context';
import { encodeCursor, pageOf } from '@/lib/api/pagination';
import { merchantNames } from '@/lib/merchants/names';
import { listSuspenseAcrossMerchants } from '@/lib/suspense/search-across-merchants';
import { db } from '@/lib/platform/db';
import { recordOperatorRead } from '../audit';
import { requirePlatformAdmin } from '../guard';
import { operatorOf } from '../principal';
import { assignUnknownSuspense } from './assign';
import { operatorSuspenseRoutes } from './routes';
import { toOperatorSuspenseJson } from './serialize';

/** GET /operator/suspense (every operator) and POST /operator/suspense/{id}/assign (PLATFORM_ADMIN). */
export function registerOperatorSuspenseRoutes(app: ApiApp): void {
  app.openapi(operatorSuspenseRoutes.list, async (c) => {
    const filters = c.req.valid('query');
    const rows = await listSuspenseAcrossMerchants(filters);
    const page = pageOf(c, rows, filters.limit);
    const names = await merchantNames(page.map((row) => row.merchantId).filter((id): id is string => id !== null));
    const last = page.at(-1);
    // Unknown-merchant money is no merchant's record; a page of ALL_OPEN shows merchants' rows, and they see it.
    if (names.size > 0) {
      await recordOperatorRead(db(), operatorOf(c), { merchantIds: [...names.keys()], action: 'suspense.listed', targetType: 'suspense', summary: 'listed open suspense' });
    }
    return c.json(
      {
        data: page.map((row) => toOperatorSuspenseJson(row, names)),
        nextCursor: rows.length > filters.limit && last ? encodeCursor({ createdAt: last.createdAt.toISOString(), id: last.id }) : null,
      },
      200,
    );
  });
  app.openapi(operatorSuspenseRoutes.assign, async (c) => {
    const operator = operatorOf(c);
    requirePlatformAdmin(operator);
    return c.json(await assignUnknownSuspense(operator, c.req.valid('param').suspenseId, c.req.valid('json')), 200);
  });
}
