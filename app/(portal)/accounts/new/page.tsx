import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { ProvisionAccountForm } from '@/components/accounts/provision-account-form';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { purposeDescription, purposeLabel } from '@/lib/accounts/labels';
import { provisionablePurposes } from '@/lib/accounts/schemas';
import { merchantRoutes } from '@/lib/merchants/routes';
import { currencyCodes } from '@/lib/portal/money';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { servicePage } from '@/components/ui/service-page';

export const metadata: Metadata = { title: 'New account' };

async function NewAccountPage() {
  const session = await requireSession();
  const header = (
    <PageHeader title="Open an account" description="A static account number for a brand, for subscribers, or for one currency." />
  );
  if (!canWrite(session.user)) {
    return (
      <>
        {header}
        <EmptyState title="You cannot open accounts">
          <p>
            Your access is read-only. <Link href="/accounts" className="font-medium text-brand-800 underline">See the accounts</Link>
          </p>
        </EmptyState>
      </>
    );
  }
  const subMerchants = await portalClient(session).call(merchantRoutes.listSubMerchants, { query: { limit: 200 } });
  const subMerchantOptions = subMerchants.map((subMerchant) => ({ value: subMerchant.id, label: subMerchant.name }));
  return (
    <>
      {header}
      <ProvisionAccountForm
        idempotencyKey={crypto.randomUUID()}
        purposes={provisionablePurposes.map((value) => ({ value, label: purposeLabel(value), description: purposeDescription(value) }))}
        // A user scoped to one sub-merchant always opens accounts for it.
        subMerchants={session.user.subMerchantId ? subMerchantOptions : [{ value: '', label: 'None: for your whole business' }, ...subMerchantOptions]}
        currencies={currencyCodes.map((code) => ({ value: code, label: code }))}
      />
    </>
  );
}

export default servicePage({ title: 'New account', back: { href: '/accounts', label: 'All accounts' } }, NewAccountPage);
