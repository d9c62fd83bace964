import type { ApiApp } from '@/lib/api/context';
import { pageOf } from '@/lib/api/pagination';
import { balanceHistory, toBalanceEntryJson } from './balance-history';
import { provisionStaticAccount } from './provision-static';
import { findVisibleAccount, legacyAccountFor, listVisibleAccounts } from './queries';
import { accountRoutes } from './routes';
import { toVirtualAccountJson } from './serialize';

export function registerAccountRoutes(app: ApiApp): void {
  app.openapi(accountRoutes.legacy, async (c) => c.json(toVirtualAccountJson(await legacyAccountFor(c.get('principal'))), 200));

  app.openapi(accountRoutes.list, async (c) => {
    const { limit, cursor, ...filters } = c.req.valid('query');
    const rows = await listVisibleAccounts(c.get('principal'), filters, { limit, cursor });
    return c.json(pageOf(c, rows, limit).map(toVirtualAccountJson), 200);
  });

  app.openapi(accountRoutes.get, async (c) => {
    const account = await findVisibleAccount(c.get('principal'), c.req.valid('param').virtualAccountId);
    return c.json(toVirtualAccountJson(account), 200);
  });

  app.openapi(accountRoutes.provision, async (c) => {
    const account = await provisionStaticAccount(c.get('principal'), c.req.valid('json'));
    return c.json(toVirtualAccountJson(account), 201);
  });

  app.openapi(accountRoutes.balanceHistory, async (c) => {
    const { virtualAccountId, paymentId, limit, cursor } = c.req.valid('query');
    const rows = await balanceHistory(c.get('principal'), virtualAccountId, { limit, cursor }, paymentId);
    return c.json(pageOf(c, rows, limit).map(toBalanceEntryJson), 200);
  });
}
