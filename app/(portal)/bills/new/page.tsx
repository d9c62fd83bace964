import type { Metadata } from 'next';
import Link from 'next/link';
import { CreateBillForm } from '@/components/bills/create-bill-form';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { customerRoutes } from '@/lib/customers/routes';
import { BILL_CURRENCY_HINT, billCurrencyOptions } from '@/components/bills/currency-options';
import { DEFAULT_CURRENCY } from '@/lib/portal/money';
import { firstParam, type SearchParams } from '@/lib/portal/pagination';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { toNairobiLocal } from '../nairobi-time';
import { servicePage } from '@/components/ui/service-page';

export const metadata: Metadata = { title: 'New bill' };

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

async function NewBillPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireSession();
  const query = await searchParams;
  const header = <PageHeader title="Raise a bill" description="A bill for an amount, payable until it expires, by default with its own account number." />;
  if (!canWrite(session.user)) {
    return (
      <>
        {header}
        <EmptyState title="You cannot raise bills">
          <p>
            Your access is read-only. <Link href="/bills" className="font-medium text-brand-800 underline">See the bills</Link>
          </p>
        </EmptyState>
      </>
    );
  }
  const customers = await portalClient(session).call(customerRoutes.list, { query: { limit: 200 } });
  const now = new Date();
  return (
    <>
      {header}
      <CreateBillForm
        idempotencyKey={crypto.randomUUID()}
        customers={customers.map((customer) => ({ value: customer.id, label: `${customer.displayName} (${customer.externalRef})` }))}
        currencies={billCurrencyOptions()}
        currencyHint={BILL_CURRENCY_HINT}
        defaults={{
          currency: DEFAULT_CURRENCY,
          // A week is a common payment term; the merchant changes it as needed.
          expiresAt: toNairobiLocal(new Date(now.getTime() + WEEK_MS)),
          customerId: firstParam(query.customerId),
        }}
        earliestExpiry={toNairobiLocal(now)}
      />
    </>
  );
}

export default servicePage({ title: 'New bill', back: { href: '/bills', label: 'All bills' } }, NewBillPage);
