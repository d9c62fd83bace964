import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { CreateBillForm } from '@/components/bills/create-bill-form';
import { CustomerSearch } from '@/components/bills/customer-search';
import { isServiceError } from '@/lib/portal/errors';
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
/** Enough to pick from by eye; the search finds any other among thousands. */
const CUSTOMER_CHOICES = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// A customer deleted or out of sight since the link was made: the form starts without one.
const orNoCustomer = (error: unknown): undefined => {
  if (isServiceError(error) && error.status === 404) return undefined;
  throw error;
};

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
  const client = portalClient(session);
  const customerQ = firstParam(query.customerQ)?.trim().slice(0, 100) || undefined;
  const chosenId = firstParam(query.customerId);
  const [found, chosen] = await Promise.all([
    client.call(customerRoutes.list, { query: { limit: CUSTOMER_CHOICES, q: customerQ } }),
    // The customer a link or an earlier search chose stays on offer whatever the search finds.
    chosenId && UUID.test(chosenId) ? client.call(customerRoutes.get, { params: { customerId: chosenId } }).catch(orNoCustomer) : undefined,
  ]);
  const customers = chosen ? [chosen, ...found.filter((customer) => customer.id !== chosen.id)] : found;
  const customerHint = customerQ
    ? found.length === 0
      ? `No customer matches “${customerQ}”. Search again above, or raise the bill without a customer.`
      : `Customers matching “${customerQ}”${found.length === CUSTOMER_CHOICES ? ` (the first ${CUSTOMER_CHOICES}: search more precisely for others)` : ''}.`
    : `Your ${CUSTOMER_CHOICES} newest customers; search above for any other.`;
  const now = new Date();
  return (
    <>
      {header}
      <CustomerSearch query={customerQ} chosen={chosen?.id} />
      <CreateBillForm
        idempotencyKey={crypto.randomUUID()}
        customers={customers.map((customer) => ({ value: customer.id, label: `${customer.displayName} (${customer.externalRef})` }))}
        customerHint={customerHint}
        currencies={billCurrencyOptions()}
        currencyHint={BILL_CURRENCY_HINT}
        defaults={{
          currency: DEFAULT_CURRENCY,
          // A week is a common payment term; the merchant changes it as needed.
          expiresAt: toNairobiLocal(new Date(now.getTime() + WEEK_MS)),
          customerId: chosen?.id,
        }}
        earliestExpiry={toNairobiLocal(now)}
      />
    </>
  );
}

export default servicePage({ title: 'New bill', back: { href: '/bills', label: 'All bills' } }, NewBillPage);
