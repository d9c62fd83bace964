import type { Metadata } from 'next';
import { OperatorForm } from '@/components/operator/operator-form';
import { DateTime } from '@/components/ui/date-time';
import { PageHeader } from '@/components/ui/page-header';
import { servicePage } from '@/components/ui/service-page';
import { Table, Td, Th } from '@/components/ui/table';
import { operatorRoutes } from '@/lib/operator/routes';
import { operatorClient, requireOperatorSession } from '@/lib/portal/operator-session';
import { isPlatformAdmin } from '@/lib/portal/roles';
import { inviteOperator } from './actions';

export const metadata: Metadata = { title: 'Operators' };

async function OperatorsPage() {
  const session = await requireOperatorSession();
  const { data } = await operatorClient(session).call(operatorRoutes.listOperators, { query: { limit: '200' } });
  return (
    <>
      <PageHeader title="Operators" description="Collect's own staff. Every operator signs in with two factors." />
      <Table caption="Operators">
        <thead><tr><Th>Name</Th><Th>Email</Th><Th>Role</Th><Th>Two factors</Th><Th>Since</Th></tr></thead>
        <tbody>
          {data.map((operator) => (
            <tr key={operator.id}>
              <Td label="Name">{`${operator.firstName} ${operator.lastName}`}</Td>
              <Td label="Email">{operator.email}</Td>
              <Td label="Role">{operator.role === 'PLATFORM_ADMIN' ? 'Platform administrator' : 'Platform support (read-only)'}</Td>
              <Td label="Two factors">{operator.mfaEnabled ? 'On' : 'Not yet enrolled'}</Td>
              <Td label="Since"><DateTime value={operator.createdAt} style="date" /></Td>
            </tr>
          ))}
        </tbody>
      </Table>
      {isPlatformAdmin(session.user) && (
        <section aria-labelledby="invite" className="mt-10 space-y-3">
          <h2 id="invite" className="text-lg font-semibold text-slate-900">Invite an operator</h2>
          <OperatorForm
            action={inviteOperator}
            label="Invite an operator"
            submitLabel="Invite"
            pendingLabel="Inviting…"
            fields={[
              { name: 'email', label: 'Email', type: 'email' },
              { name: 'role', label: 'Role', options: [{ value: 'PLATFORM_SUPPORT', label: 'Platform support (read-only)' }, { value: 'PLATFORM_ADMIN', label: 'Platform administrator' }] },
              { name: 'firstName', label: 'First name' },
              { name: 'lastName', label: 'Last name' },
            ]}
          />
        </section>
      )}
    </>
  );
}

export default servicePage({ title: 'Operators' }, OperatorsPage);
