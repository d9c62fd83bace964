import type { Metadata } from 'next';
import { AdminOnly } from '@/components/team/admin-only';
import { ChangeRoleForm } from '@/components/team/change-role-form';
import { ConfirmAction } from '@/components/team/confirm-action';
import { InlineAction } from '@/components/team/inline-action';
import { InviteForm } from '@/components/team/invite-form';
import { PendingInvitationRow } from '@/components/team/pending-invitation-row';
import { CreateSubMerchantForm, RenameSubMerchantForm } from '@/components/team/sub-merchant-forms';
import { roleName } from '@/components/team/role-options';
import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import { PageHeader } from '@/components/ui/page-header';
import { Table, Td, Th } from '@/components/ui/table';
import { merchantRoutes } from '@/lib/merchants/routes';
import { isAdmin } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { teamRoutes } from '@/lib/team/routes';
import { disableUser, enableUser, issuePasswordReset, revokeInvitation, setRequireMfa } from './actions';
import { servicePage } from '@/components/ui/service-page';

export const metadata: Metadata = { title: 'Team' };

async function TeamPage() {
  const session = await requireSession();
  const header = <PageHeader title="Team" description="Who can sign in to your merchant, with which role, and how." />;
  if (!isAdmin(session.user)) return <>{header}<AdminOnly what="the team" /></>;
  const client = portalClient(session);
  const [users, invitations, policy, subMerchants] = await Promise.all([
    client.call(teamRoutes.list, { query: { limit: 200 } }),
    client.call(teamRoutes.listInvitations, { query: { limit: 50 } }),
    client.call(teamRoutes.getPolicy),
    client.call(merchantRoutes.listSubMerchants, { query: { limit: 200 } }),
  ]);
  const subMerchantOptions = subMerchants.map((sub) => ({ value: sub.id, label: sub.name }));
  const pending = invitations.filter((invitation) => invitation.status === 'PENDING');
  return (
    <>
      {header}
      <div className="space-y-8">
        <section aria-labelledby="people" className="space-y-3">
          <h2 id="people" className="text-lg font-semibold text-slate-900">People</h2>
          <Table caption="Users">
            <thead>
              <tr>
                <Th>User</Th>
                <Th>Role and access</Th>
                <Th>Two factors</Th>
                <Th>Status</Th>
                <Th>Actions</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {users.map((user) => (
                <tr key={user.id} data-email={user.email}>
                  <Td label="User">
                    <span className="font-medium">{`${user.firstName} ${user.lastName}`.trim() || user.email}</span>
                    <br />
                    <span className="break-all text-slate-600">{user.email}</span>
                  </Td>
                  <Td label="Role and access">
                    {user.id === session.user.id ? roleName(user.role) : <ChangeRoleForm userId={user.id} email={user.email} role={user.role} subMerchantId={user.subMerchantId} subMerchants={subMerchantOptions} />}
                  </Td>
                  <Td label="Two factors">{user.mfaEnabled ? <Badge tone="success">On</Badge> : <Badge tone={policy.requireMfa ? 'warning' : 'neutral'}>Off</Badge>}</Td>
                  <Td label="Status">{user.active ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Disabled</Badge>}</Td>
                  <Td label="Actions">
                    {user.id !== session.user.id && (
                      <div className="flex flex-wrap items-start gap-2">
                        {user.active ? (
                          <ConfirmAction
                            action={disableUser}
                            fields={{ userId: user.id }}
                            verb="Disable"
                            what={user.email}
                            question={<>{user.email} will be signed out everywhere and cannot sign in until enabled again.</>}
                            pendingLabel="Disabling…"
                          />
                        ) : (
                          <InlineAction action={enableUser} fields={{ userId: user.id }} label={<>Enable<span className="sr-only"> {user.email}</span></>} pendingLabel="Enabling…" />
                        )}
                        <InlineAction action={issuePasswordReset} fields={{ userId: user.id }} label={<>Password-reset link<span className="sr-only"> for {user.email}</span></>} pendingLabel="Making link…" />
                      </div>
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>

        <section aria-labelledby="invite" className="space-y-3">
          <h2 id="invite" className="text-lg font-semibold text-slate-900">Invite someone</h2>
          <InviteForm subMerchants={subMerchantOptions} />
          {pending.length > 0 && (
            <Table caption="Pending invitations" captionVisible>
              <thead>
                <tr>
                  <Th>Email</Th>
                  <Th>Role</Th>
                  <Th>Expires</Th>
                  <Th>Actions</Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {pending.map((invitation) => (
                  <PendingInvitationRow
                    key={invitation.id}
                    invitation={invitation}
                    roleLabel={roleName(invitation.role)}
                    withdraw={{ action: revokeInvitation, fields: { invitationId: invitation.id } }}
                  />
                ))}
              </tbody>
            </Table>
          )}
        </section>

        {!session.user.subMerchantId && (
          <section aria-labelledby="sub-merchants" className="space-y-3">
            <h2 id="sub-merchants" className="text-lg font-semibold text-slate-900">Sub-merchants</h2>
            <p className="max-w-2xl text-sm text-slate-700">
              Your shops, branches or brands. A person or API key limited to one sees only its customers, bills, accounts and payments. Renaming keeps all of that with it.
            </p>
            {subMerchants.length > 0 && (
              <Table caption="Sub-merchants, newest first">
                <thead>
                  <tr>
                    <Th>Name</Th>
                    <Th>Created</Th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {subMerchants.map((subMerchant) => (
                    <tr key={subMerchant.id} data-sub-merchant={subMerchant.name}>
                      <Td label="Name"><RenameSubMerchantForm id={subMerchant.id} name={subMerchant.name} /></Td>
                      <Td label="Created" className="whitespace-nowrap"><DateTime value={subMerchant.createdAt} style="date" /></Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            <CreateSubMerchantForm />
          </section>
        )}

        <section aria-labelledby="policy" className="max-w-2xl space-y-3">
          <h2 id="policy" className="text-lg font-semibold text-slate-900">Two-factor sign-in</h2>
          <p className="text-sm text-slate-700">
            {policy.requireMfa
              ? 'Required: everyone signs in with a code from an authenticator app. Anyone without one is sent to set it up first.'
              : 'Optional: each person can turn it on from their account page.'}
          </p>
          <InlineAction
            action={setRequireMfa}
            fields={{ requireMfa: String(!policy.requireMfa) }}
            label={policy.requireMfa ? 'Make two factors optional' : 'Require two factors for everyone'}
            pendingLabel="Saving…"
          />
        </section>
      </div>
    </>
  );
}

export default servicePage({ title: 'Team' }, TeamPage);
