import type { ApiApp } from '@/lib/api/context';
import { pageOf } from '@/lib/api/pagination';
import { handleStkCallback } from './callback';
import { initiateStk } from './initiate';
import { getInitiation, listInitiations } from './queries';
import { stkRoutes } from './routes';
import { toStkInitiationJson } from './serialize';

export function registerStkRoutes(app: ApiApp): void {
  app.openapi(stkRoutes.initiate, async (c) => {
    const row = await initiateStk(c.get('principal'), c.req.valid('json'));
    c.header('Location', `/api/v1/merchants/me/stk/${row.id}`);
    return c.json(toStkInitiationJson(row), 202);
  });

  app.openapi(stkRoutes.get, async (c) => {
    const row = await getInitiation(c.get('principal'), c.req.valid('param').initiationId);
    return c.json(toStkInitiationJson(row), 200);
  });

  app.openapi(stkRoutes.list, async (c) => {
    const filters = c.req.valid('query');
    const rows = await listInitiations(c.get('principal'), filters);
    return c.json(pageOf(c, rows, filters.limit).map(toStkInitiationJson), 200);
  });

  // Outside /merchants/*: Daraja is authenticated by the token in the URL we gave it.
  app.openapi(stkRoutes.callback, async (c) => {
    await handleStkCallback(c.req.valid('json'), await c.req.text());
    return c.json({ ResultCode: 0, ResultDesc: 'Accepted' }, 200);
  });
}
