import type { ApiApp } from '@/lib/api/context';
import { adminOnly } from '@/lib/auth/require-admin';
import { pageOf } from '@/lib/api/pagination';
import { listAuditEvents } from './queries';
import { auditRoutes } from './routes';
import { toAuditEventJson } from './serialize';

export function registerAuditRoutes(app: ApiApp): void {
  app.use(auditRoutes.list.path, adminOnly);
  app.openapi(auditRoutes.list, async (c) => {
    const query = c.req.valid('query');
    return c.json(pageOf(c, await listAuditEvents(c.get('principal'), query), query.limit).map(toAuditEventJson), 200);
  });
}
