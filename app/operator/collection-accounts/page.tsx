import type { Metadata } from 'next';
import { OperatorForm } from '@/components/operator/operator-form';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { servicePage } from '@/components/ui/service-page';
import { operatorRoutes } from '@/lib/operator/routes';
import { operatorClient, requireOperatorSession } from '@/lib/portal/operator-session';
import { isPlatformAdmin } from '@/lib/portal/roles';
import { setCollectionAccount } from './actions';

export const metadata: Metadata = { title: 'Collection accounts' };

/** The bank's real accounts behind the virtual accounts; statement imports match statements to them. */
async function CollectionAccountsPage() {
  const session = await requireOperatorSession();
  const { data } = await operatorClient(session).call(operatorRoutes.listCollectionAccounts);
  const admin = isPlatformAdmin(session.user);
  return (
    <>
      <PageHeader title="Collection accounts" description="One bank account per currency pools the virtual accounts. Changing one that already received money needs a second platform administrator." />
      <div className="space-y-8">
        {data.length === 0 && <p className="text-sm text-slate-600">No currency has been used yet.</p>}
        {data.map((account) => (
          <section key={account.currency} aria-labelledby={`account-${account.currency}`} className="space-y-3">
            <h2 id={`account-${account.currency}`} className="text-lg font-semibold text-slate-900">
              {account.currency} {account.isSandboxDefault && <Badge tone="warning">Sandbox default</Badge>} {account.pendingChange && <Badge tone="info">Change pending</Badge>}
            </h2>
            <p className="text-sm text-slate-700">{`${account.accountNumber} · ${account.bankName ?? 'no bank set'} · ${account.branch ?? 'no branch set'}${account.receivedCredits ? ' · has received money' : ''}`}</p>
            {admin && !account.pendingChange && (
              <OperatorForm
                action={setCollectionAccount}
                label={`Set the ${account.currency} collection account`}
                submitLabel="Save"
                pendingLabel="Saving…"
                hidden={{ currency: account.currency }}
                fields={[
                  { name: 'accountNumber', label: 'Account number', hint: 'The bank account number: 6 to 20 digits, no spaces.', defaultValue: account.isSandboxDefault ? '' : account.accountNumber },
                  { name: 'bankName', label: 'Bank', defaultValue: account.bankName ?? '' },
                  { name: 'branch', label: 'Branch', defaultValue: account.branch ?? '' },
                  { name: 'reason', label: 'Reason' },
                ]}
              />
            )}
          </section>
        ))}
      </div>
    </>
  );
}

export default servicePage({ title: 'Collection accounts' }, CollectionAccountsPage);
