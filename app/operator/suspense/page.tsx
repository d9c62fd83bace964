import type { Metadata } from 'next';
import { AssignSuspenseForm } from '@/components/operator/desk/assign-suspense-form';
import { SuspenseTable } from '@/components/operator/desk/suspense-table';
import { EmptyState } from '@/components/ui/empty-state';
import { FormMessage } from '@/components/ui/form-message';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { servicePage } from '@/components/ui/service-page';
import { operatorSuspenseRoutes } from '@/lib/operator/suspense/routes';
import { cursorParam, firstParam, hrefWith, type SearchParams } from '@/lib/portal/pagination';
import { operatorClient, requireOperatorSession } from '@/lib/portal/operator-session';
import { isPlatformAdmin } from '@/lib/portal/roles';
import { assignSuspense } from './actions';

export const metadata: Metadata = { title: 'Money not yet credited' };

async function OperatorSuspensePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireOperatorSession();
  const query = await searchParams;
  const cursor = cursorParam(query.cursor);
  const list = await operatorClient(session).call(operatorSuspenseRoutes.list, { query: { scope: 'UNKNOWN_MERCHANT', limit: 25, cursor } });
  const canAssign = isPlatformAdmin(session.user);
  return (
    <>
      <PageHeader
        title="Money not yet credited, of no known merchant (suspense)"
        description="Money a rail confirmed for an account number no merchant has. Find whose it is (ask the payer, or the bank), then give it to that account: the merchant then credits it or asks for its return."
      />
      {firstParam(query.done) === 'assigned' && <FormMessage tone="success" message="Assigned. The merchant now sees it under Money not yet credited, with your reason." />}
      {list.data.length > 0 ? (
        <SuspenseTable
          rows={list.data}
          caption="Money not yet credited of no merchant, newest first"
          action={canAssign ? (row) => <AssignSuspenseForm action={assignSuspense} suspenseId={row.id} typed={row.accountNumber} /> : undefined}
        />
      ) : (
        <EmptyState title="Nothing waits for a merchant">
          <p>Every payment the rails confirmed reached an account, or was already assigned.</p>
        </EmptyState>
      )}
      <Pagination firstHref={cursor ? '/operator/suspense' : undefined} nextHref={list.nextCursor ? hrefWith('/operator/suspense', { cursor: list.nextCursor }) : undefined} label="Pages of money not yet credited" />
      {!canAssign && <p className="mt-4 text-sm text-slate-600">You have read-only access: a platform administrator gives this money to an account.</p>}
    </>
  );
}

export default servicePage({ title: 'Money not yet credited', back: { href: '/operator/suspense', label: 'Money not yet credited' } }, OperatorSuspensePage);
