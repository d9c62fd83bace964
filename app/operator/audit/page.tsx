import type { Metadata } from 'next';
import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { servicePage } from '@/components/ui/service-page';
import { Table, Td, Th } from '@/components/ui/table';
import { operatorRoutes } from '@/lib/operator/routes';
import { operatorClient, requireOperatorSession } from '@/lib/portal/operator-session';

export const metadata: Metadata = { title: 'Audit' };

interface Props {
  searchParams: Promise<{ operatorId?: string; merchantId?: string; cursor?: string }>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every operator read and change; each merchant also sees its own in its audit log. */
async function PlatformAuditPage({ searchParams }: Props) {
  const session = await requireOperatorSession();
  const { operatorId, merchantId, cursor } = await searchParams;
  const filters = { operatorId: operatorId && UUID.test(operatorId) ? operatorId : undefined, merchantId: merchantId && UUID.test(merchantId) ? merchantId : undefined };
  const page = await operatorClient(session).call(operatorRoutes.listAuditEvents, { query: { ...filters, cursor, limit: '50' } });
  const keep = Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as Record<string, string>;
  const next = page.nextCursor ? `/operator/audit?${new URLSearchParams({ ...keep, cursor: page.nextCursor })}` : undefined;
  return (
    <>
      <PageHeader title="Audit" description="What operators read and changed, newest first. Append-only: nothing here can be changed or deleted." />
      {page.data.length === 0 ? (
        <EmptyState title="Nothing recorded yet" />
      ) : (
        <Table caption="Platform audit log">
          <thead><tr><Th>When</Th><Th>Operator</Th><Th>Kind</Th><Th>What</Th></tr></thead>
          <tbody>
            {page.data.map((event) => (
              <tr key={event.id}>
                <Td label="When"><DateTime value={event.createdAt} /></Td>
                <Td label="Operator">{event.operator.label}</Td>
                <Td label="Kind"><Badge tone={event.kind === 'change' ? 'warning' : 'neutral'}>{event.kind}</Badge></Td>
                <Td label="What">{event.summary}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pagination firstHref={cursor ? `/operator/audit?${new URLSearchParams(keep)}` : undefined} nextHref={next} label="Audit pages" />
    </>
  );
}

export default servicePage({ title: 'Audit', back: { href: '/operator/audit', label: 'The whole log' } }, PlatformAuditPage);
