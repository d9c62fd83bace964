import type { ApiApp } from '@/lib/api/context';
import { pageOf } from '@/lib/api/pagination';
import { getEvent, listEvents } from './queries';
import { eventRoutes } from './routes';
import { toEventJson } from './serialize';

export function registerEventRoutes(app: ApiApp): void {
  app.openapi(eventRoutes.list, async (c) => {
    const filters = c.req.valid('query');
    const rows = await listEvents(c.get('principal'), filters);
    return c.json(pageOf(c, rows, filters.limit).map(toEventJson), 200);
  });

  app.openapi(eventRoutes.get, async (c) => {
    return c.json(toEventJson(await getEvent(c.get('principal'), c.req.valid('param').eventId)), 200);
  });
}
