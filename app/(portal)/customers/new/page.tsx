import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { CreateCustomerForm } from '@/components/customers/create-customer-form';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { merchantRoutes } from '@/lib/merchants/routes';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { servicePage } from '@/components/ui/service-page';

export const metadata: Metadata = { title: 'New customer' };

async function NewCustomerPage() {
  const session = await requireSession();
  const header = <PageHeader title="Register a customer" description="Once registered, a customer can have an account number of their own." />;
  if (!canWrite(session.user)) {
    return (
      <>
        {header}
        <EmptyState title="You cannot register customers">
          <p>
            Your access is read-only. <Link href="/customers" className="font-medium text-brand-800 underline">See the customers</Link>
          </p>
        </EmptyState>
      </>
    );
  }
  // A user scoped to one sub-merchant always registers customers for it: no choice to offer.
  const subMerchants = session.user.subMerchantId
    ? []
    : await portalClient(session).call(merchantRoutes.listSubMerchants, { query: { limit: 200 } });
  return (
    <>
      {header}
      <CreateCustomerForm
        idempotencyKey={crypto.randomUUID()}
        subMerchants={
          subMerchants.length > 0
            ? [{ value: '', label: 'None: your business as a whole' }, ...subMerchants.map((subMerchant) => ({ value: subMerchant.id, label: subMerchant.name }))]
            : []
        }
      />
    </>
  );
}

export default servicePage({ title: 'New customer', back: { href: '/customers', label: 'All customers' } }, NewCustomerPage);
