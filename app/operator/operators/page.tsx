import type { Metadata } from 'next';
import { OperatorForm } from '@/components/operator/operator-form';
import { ConfirmAction } from '@/components/team/confirm-action';
import { InlineAction } from '@/components/team/inline-action';
import { PendingInvitationRow } from '@/components/team/pending-invitation-row';
import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import { PageHeader } from '@/components/ui/page-header';
import { servicePage } from '@/components/ui/service-page';
import { Table, Td, Th } from '@/components/ui/table';
import { operatorRoutes } from '@/lib/operator/routes';
import { operatorClient, requireOperatorSession } from '@/lib/portal/operator-session';
import { isPlatformAdmin } from '@/lib/portal/roles';
import { disableOperator, enableOperator, inviteOperator, withdrawOperatorInvitation } from './actions';

export const metadata: Metadata = { title: 'Operators' };

const roleName = (role: string) => (role === 'PLATFORM_ADMIN' ? 'Platform administrator' : 'Platform support (read-only)');

/**
 * Collect's own staff. An administrator disables or enables another operator and withdraws an
 * invitation with a confirmed button (a <details>, so it works without JavaScript), as on a
 * merchant's Team page; nobody disables themselves, and the service keeps one active administrator.
 */
async function OperatorsPage() {
  const session = await requireOperatorSession();
  const client = operatorClient(session);
  const admin = isPlatformAdmin(session.user);
  const [{ data }, invitations] = await Promise.all([
    client.call(operatorRoutes.listOperators, { query: { limit: '200' } }),
    client.call(operatorRoutes.listOperatorInvitations, { query: { limit: '100' } }),
  ]);
  const pending = invitations.data.filter((invitation) => invitation.status === 'PENDING');
  return (
    <>
      <PageHeader title="Operators" description="Collect's own staff. Every operator signs in with two factors." />
      <Table caption="Operators">
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>Email</Th>
            <Th>Role</Th>
            <Th>Two factors</Th>
            <Th>Status</Th>
            <Th>Since</Th>
            {admin && <Th>Actions</Th>}
          </tr>
        </thead>
        <tbody>
          {data.map((operator) => (
            <tr key={operator.id} data-email={operator.email}>
              <Td label="Name">{`${operator.firstName} ${operator.lastName}`}</Td>
              <Td label="Email" className="break-all">{operator.email}</Td>
              <Td label="Role">{roleName(operator.role)}</Td>
              <Td label="Two factors">{operator.mfaEnabled ? 'On' : 'Not yet enrolled'}</Td>
              <Td label="Status">{operator.active ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Disabled</Badge>}</Td>
              <Td label="Since"><DateTime value={operator.createdAt} style="date" /></Td>
              {admin && (
                <Td label="Actions">
                  {operator.id === session.user.id ? (
                    <span className="text-sm text-slate-600">You</span>
                  ) : operator.active ? (
                    <ConfirmAction
                      action={disableOperator}
                      fields={{ id: operator.id }}
                      verb="Disable"
                      what={operator.email}
                      question={<>{operator.email} will be signed out everywhere and cannot sign in until another administrator enables them again.</>}
                      pendingLabel="Disabling…"
                    />
                  ) : (
                    <InlineAction action={enableOperator} fields={{ id: operator.id }} label={<>Enable<span className="sr-only"> {operator.email}</span></>} pendingLabel="Enabling…" />
                  )}
                </Td>
              )}
            </tr>
          ))}
        </tbody>
      </Table>
      {admin && (
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
      {pending.length > 0 && (
        <section aria-labelledby="pending-invitations" className="mt-10 space-y-3">
          <h2 id="pending-invitations" className="text-lg font-semibold text-slate-900">Pending invitations</h2>
          <Table caption="Pending operator invitations">
            <thead>
              <tr>
                <Th>Email</Th>
                <Th>Role</Th>
                <Th>Expires</Th>
                {admin && <Th>Actions</Th>}
              </tr>
            </thead>
            <tbody>
              {pending.map((invitation) => (
                <PendingInvitationRow
                  key={invitation.id}
                  invitation={invitation}
                  roleLabel={roleName(invitation.role)}
                  withdraw={admin ? { action: withdrawOperatorInvitation, fields: { id: invitation.id } } : undefined}
                />
              ))}
            </tbody>
          </Table>
        </section>
      )}
    </>
  );
}

export default servicePage({ title: 'Operators' }, OperatorsPage);
