import type { Metadata } from 'next';
import { AdminOnly } from '@/components/team/admin-only';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { FiltersFold } from '@/components/ui/filters-fold';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { Table, Td, Th } from '@/components/ui/table';
import { auditRoutes } from '@/lib/audit/routes';
import { auditFiltersOf, auditQueryOf } from '@/lib/portal/audit-filters';
import { isServiceError } from '@/lib/portal/errors';
import { cursorParam, fetchPage, hrefWith, type SearchParams } from '@/lib/portal/pagination';
import { isAdmin } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { servicePage } from '@/components/ui/service-page';

export const metadata: Metadata = { title: 'Audit log' };

const input = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm';

async function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireSession();
  const header = <PageHeader title="Audit log" description="Who changed what, when and from where: every change by a person or an API key, and every sign-in. Entries cannot be changed or deleted." />;
  if (!isAdmin(session.user)) return <>{header}<AdminOnly what="the audit log" /></>;
  const query = await searchParams;
  const filters = auditFiltersOf(query);
  const page = await fetchPage(portalClient(session), auditRoutes.list, { query: auditQueryOf(filters) }, { path: '/audit', filters: { ...filters }, cursor: cursorParam(query.cursor) }).catch((error: unknown) => {
    if (isServiceError(error) && error.status === 422) return null;
    throw error;
  });
  return (
    <>
      {header}
      <FiltersFold active={Object.values(filters).some(Boolean)}>
      <form method="get" action="/audit" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-6">
        <label className="text-sm font-medium text-slate-800">Who<input name="actor" defaultValue={filters.actor} placeholder="email, key name or id" className={input} /></label>
        <label className="text-sm font-medium text-slate-800">Action<input name="action" defaultValue={filters.action} placeholder="e.g. user.* or api_key.created" className={input} /></label>
        <label className="text-sm font-medium text-slate-800">Target id<input name="target" defaultValue={filters.target} className={input} /></label>
        <label className="text-sm font-medium text-slate-800">From<input type="date" name="from" defaultValue={filters.from} className={input} /></label>
        <label className="text-sm font-medium text-slate-800">To<input type="date" name="to" defaultValue={filters.to} className={input} /></label>
        <div className="flex items-end gap-2">
          <Button type="submit">Filter</Button>
          <LinkButton variant="secondary" href={hrefWith('/audit/export', { ...filters })} prefetch={false}>Export CSV</LinkButton>
        </div>
      </form>
      </FiltersFold>
      {!page ? (
        <EmptyState title="Those filters are not valid">
          <p>An action looks like user.role_changed or user.*.</p>
        </EmptyState>
      ) : page.items.length === 0 ? (
        <EmptyState title="No entries match" />
      ) : (
        <Table caption="Audit entries">
          <thead>
            <tr>
              <Th>When</Th>
              <Th>Who</Th>
              <Th>Action</Th>
              <Th>What happened</Th>
              <Th>From</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page.items.map((entry) => (
              <tr key={entry.id}>
                <Td label="When" className="whitespace-nowrap"><DateTime value={entry.createdAt} /></Td>
                <Td label="Who">{entry.actor.label}{entry.actor.type === 'api_key' && ' (API key)'}{entry.actor.type === 'anonymous' && ' (not signed in)'}</Td>
                <Td label="Action" className="font-mono text-xs">{entry.action}</Td>
                <Td label="What happened">{entry.summary}</Td>
                <Td label="From" className="font-mono text-xs">{entry.address ?? '—'}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {page && <Pagination firstHref={page.firstHref} nextHref={page.nextHref} label="Pages of audit entries" />}
    </>
  );
}

export default servicePage({ title: 'Audit log', back: { href: '/audit', label: 'Show the whole audit log' } }, AuditPage);
