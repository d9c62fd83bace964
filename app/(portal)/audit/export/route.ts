import { unstable_rethrow } from 'next/navigation';
import { auditRoutes } from '@/lib/audit/routes';
import { auditFiltersOf, auditQueryOf } from '@/lib/portal/audit-filters';
import { nextCursor } from '@/lib/portal/pagination';
import { isAdmin } from '@/lib/portal/roles';
import { refusalResponse } from '@/lib/portal/refusals';
import { portalClient, readSession } from '@/lib/portal/session';

/** Enough for an investigation; a larger window is narrowed with the filters. */
const MAX_ROWS = 10_000;
const COLUMNS = ['createdAt', 'actorType', 'actorId', 'actor', 'action', 'targetType', 'targetId', 'summary', 'address', 'requestId'] as const;

/** RFC 4180 quoting, and a leading ' for cells a spreadsheet would run as a formula (=, +, -, @). */
function cell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export async function GET(request: Request) {
  const session = await readSession();
  if (!session) return new Response('Sign in first.', { status: 401 });
  if (!isAdmin(session.user)) return new Response('Only an administrator can export the audit log.', { status: 403 });
  const filters = auditFiltersOf(Object.fromEntries(new URL(request.url).searchParams));
  const client = portalClient(session);
  const lines = [COLUMNS.join(',')];
  let cursor: string | undefined;
  do {
    let page;
    try {
      page = await client.request(auditRoutes.list, { query: { ...auditQueryOf(filters), limit: 200, cursor } });
    } catch (error) {
      // A filter the service refuses (422) is answered with its sentence, never a 500.
      unstable_rethrow(error);
      return refusalResponse(error);
    }
    for (const entry of page.data) {
      lines.push(
        [entry.createdAt, entry.actor.type, entry.actor.id, entry.actor.label, entry.action, entry.target?.type, entry.target?.id, entry.summary, entry.address, entry.requestId].map(cell).join(','),
      );
    }
    cursor = nextCursor(page.headers);
  } while (cursor && lines.length <= MAX_ROWS);
  return new Response(`${lines.join('\r\n')}\r\n`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
