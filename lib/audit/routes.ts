import { createRoute } from '@hono/zod-openapi';
import { bearerSecurity, jsonResponse, problems } from '@/lib/api/schemas';
import { AuditEvent, AuditEventQuery } from './schemas';

export const auditRoutes = {
  list: createRoute({
    method: 'get',
    path: '/merchants/me/audit-events',
    tags: ['Audit log'],
    summary: 'Who did what, newest first (administrators)',
    description:
      'Append-only: no route changes or deletes an entry. Filters combine. Keyset pages: the next page is in the `Link: <…>; rel="next"` header.',
    security: bearerSecurity,
    request: { query: AuditEventQuery },
    responses: { 200: jsonResponse(AuditEvent.array(), 'One page of entries.'), ...problems(401, 403, 422) },
  }),
};
