import type { Metadata } from 'next';
import { OperatorForm } from '@/components/operator/operator-form';
import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import { DetailList } from '@/components/ui/detail-list';
import { PageHeader } from '@/components/ui/page-header';
import { servicePage } from '@/components/ui/service-page';
import { Table, Td, Th } from '@/components/ui/table';
import { operatorRoutes } from '@/lib/operator/routes';
import { operatorClient, requireOperatorSession } from '@/lib/portal/operator-session';
import { isPlatformAdmin } from '@/lib/portal/roles';
import { changeMerchantStatus, requestPricingChange, setCategoryCode } from '../actions';

export const metadata: Metadata = { title: 'Merchant' };

type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? '—' : String(value));

/** A merchant as support sees it; opening it is recorded in the merchant's own audit log. */
async function MerchantPage({ params }: { params: Promise<{ id: string }> }) {
  const session = await requireOperatorSession();
  const { id } = await params;
  const page = await operatorClient(session).call(operatorRoutes.getMerchant, { params: { id } });
  const { merchant } = page;
  const admin = isPlatformAdmin(session.user);
  return (
    <>
      <PageHeader title={merchant.name} description="The merchant sees in its audit log that Collect support opened this page." />
      <div className="space-y-10">
        <DetailList
          items={[
            { term: 'Status', detail: merchant.status === 'ACTIVE' ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Disabled</Badge>, note: merchant.disabledReason ?? undefined },
            { term: 'Id', detail: <code>{merchant.id}</code> },
            { term: 'Created', detail: <DateTime value={merchant.createdAt} /> },
            { term: 'KE-QR category code', detail: <code>{merchant.merchantCategoryCode}</code>, note: merchant.merchantCategoryCode === '0000' ? 'Not set yet (ISO 18245; the acquirer assigns it).' : 'ISO 18245, carried by its KE-QR codes.' },
          ]}
        />
        {admin && (
          <section aria-labelledby="category-code" className="space-y-3">
            <h2 id="category-code" className="text-lg font-semibold text-slate-900">KE-QR category code</h2>
            <p className="max-w-prose text-sm text-slate-600">The four-digit merchant category code (ISO 18245) the acquirer gave this merchant. Its KE-QR codes carry it from the next one drawn; the change is in its audit log.</p>
            <OperatorForm
              action={setCategoryCode}
              label="Set the KE-QR category code"
              submitLabel="Save code"
              pendingLabel="Saving…"
              hidden={{ merchantId: merchant.id }}
              fields={[
                { name: 'code', label: 'Category code', hint: 'Four digits, such as 5411 for a grocery.', defaultValue: merchant.merchantCategoryCode },
                { name: 'categoryReason', label: 'Reason (optional)', hint: 'Kept in both audit logs.' },
              ]}
            />
          </section>
        )}
        <section aria-labelledby="users" className="space-y-3">
          <h2 id="users" className="text-lg font-semibold text-slate-900">Users</h2>
          <Table caption="Users">
            <thead><tr><Th>Email</Th><Th>Name</Th><Th>Role</Th><Th>Two factors</Th><Th>Active</Th></tr></thead>
            <tbody>
              {page.users.map((user: Row) => (
                <tr key={text(user.id)}>
                  <Td label="Email">{text(user.email)}</Td>
                  <Td label="Name">{`${text(user.firstName)} ${text(user.lastName)}`}</Td>
                  <Td label="Role">{text(user.role)}</Td>
                  <Td label="Two factors">{user.mfaEnabled ? 'On' : 'Off'}</Td>
                  <Td label="Active">{user.active ? 'Yes' : 'No'}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
        <section aria-labelledby="accounts" className="space-y-3">
          <h2 id="accounts" className="text-lg font-semibold text-slate-900">Accounts</h2>
          <Table caption="Virtual accounts">
            <thead><tr><Th>Number</Th><Th>Purpose</Th><Th>Currency</Th><Th>Balance</Th><Th>Status</Th></tr></thead>
            <tbody>
              {page.accounts.map((account: Row) => (
                <tr key={text(account.id)}>
                  <Td label="Number">{text(account.accountNumber)}</Td>
                  <Td label="Purpose">{text(account.purpose)}</Td>
                  <Td label="Currency">{text(account.currency)}</Td>
                  <Td label="Balance">{text(account.balance)}</Td>
                  <Td label="Status">{text(account.status)}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
        <section aria-labelledby="balances" className="space-y-3">
          <h2 id="balances" className="text-lg font-semibold text-slate-900">Balances</h2>
          <ul className="space-y-1 text-sm">
            {page.balances.map((balance: Row, index: number) => (
              <li key={index}>{`${text(balance.currency)}: available ${text(balance.available)}, pending ${text(balance.pending)}, settling ${text(balance.settling)}`}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="pricing" className="space-y-3">
          <h2 id="pricing" className="text-lg font-semibold text-slate-900">Pricing</h2>
          {page.pricing.versions.length === 0 ? <p className="text-sm text-slate-600">The default schedule (docs/pricing.md).</p> : <pre className="overflow-x-auto rounded-md bg-slate-50 p-3 text-sm">{JSON.stringify(page.pricing.versions[0]!.schedule, null, 2)}</pre>}
          {page.pricing.pending.map((change) => (
            <p key={change.id} className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {`Pending ${change.currency} change asked by ${change.requestedBy.label}: ${change.reason}`}
            </p>
          ))}
          {admin && (
            <OperatorForm
              action={requestPricingChange}
              label="Ask for a pricing change"
              submitLabel="Ask for approval"
              pendingLabel="Asking…"
              hidden={{ merchantId: merchant.id }}
              fields={[
                { name: 'currency', label: 'Currency', options: ['KES', 'USD', 'EUR', 'GBP'].map((code) => ({ value: code, label: code })), defaultValue: 'KES' },
                { name: 'channel', label: 'Channel', options: [{ value: 'MOBILE_MONEY', label: 'M-Pesa' }, { value: 'INSTANT_BANK', label: 'Instant bank transfer' }, { value: 'RTGS', label: 'RTGS' }] },
                { name: 'percent', label: 'Percent', hint: 'A decimal such as 1.5', defaultValue: '1' },
                { name: 'fixed', label: 'Fixed fee', defaultValue: '0' },
                { name: 'min', label: 'Minimum fee (optional)' },
                { name: 'max', label: 'Maximum fee (optional)' },
                { name: 'reason', label: 'Reason', hint: 'Shown to the approver and kept in both audit logs.' },
              ]}
            />
          )}
        </section>
        <section aria-labelledby="settlement-accounts" className="space-y-3">
          <h2 id="settlement-accounts" className="text-lg font-semibold text-slate-900">Settlement accounts</h2>
          <ul className="space-y-1 text-sm">
            {page.settlementAccounts.length === 0 && <li>None yet.</li>}
            {page.settlementAccounts.map((account: Row) => (
              <li key={text(account.id)}>{`${text(account.kind)} ${text(account.currency)} · ${text(account.destination ?? account.accountNumber)} · ${text(account.status)}`}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="payments" className="space-y-3">
          <h2 id="payments" className="text-lg font-semibold text-slate-900">Recent payments</h2>
          <Table caption="Recent payments">
            <thead><tr><Th>Received</Th><Th>Reference</Th><Th>Channel</Th><Th>Amount</Th></tr></thead>
            <tbody>
              {page.recentPayments.map((payment: Row) => (
                <tr key={text(payment.id)}>
                  <Td label="Received">{typeof payment.receivedAt === 'string' ? <DateTime value={payment.receivedAt} /> : '—'}</Td>
                  <Td label="Reference">{text(payment.providerReference)}</Td>
                  <Td label="Channel">{text(payment.channel)}</Td>
                  <Td label="Amount">{`${text(payment.currency)} ${text(payment.amount)}`}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
        {admin && (
          <section aria-labelledby="status-change" className="space-y-3">
            <h2 id="status-change" className="text-lg font-semibold text-slate-900">{merchant.status === 'ACTIVE' ? 'Disable this merchant' : 'Enable this merchant'}</h2>
            <p className="max-w-prose text-sm text-slate-600">
              {merchant.status === 'ACTIVE'
                ? 'Its users are signed out and cannot sign in; its accounts refuse new M-Pesa payments and bank credits are held as money not yet credited (suspense). Nothing is deleted.'
                : 'Its users can sign in again and its accounts take payments again.'}
            </p>
            <OperatorForm
              action={changeMerchantStatus}
              label={merchant.status === 'ACTIVE' ? 'Disable merchant' : 'Enable merchant'}
              submitLabel={merchant.status === 'ACTIVE' ? 'Disable' : 'Enable'}
              pendingLabel="Saving…"
              hidden={{ merchantId: merchant.id, to: merchant.status === 'ACTIVE' ? 'DISABLED' : 'ACTIVE' }}
              fields={[{ name: 'statusReason', label: 'Reason', hint: 'Kept in both audit logs.' }]}
            />
          </section>
        )}
      </div>
    </>
  );
}

export default servicePage({ title: 'Merchant', back: { href: '/operator/merchants', label: 'All merchants' } }, MerchantPage);
