import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { chartRanges, DailyChart, type ChartRange } from '@/components/payments/daily-chart';
import { PaymentFilterForm } from '@/components/payments/payment-filters';
import { PaymentSummaryFigures } from '@/components/payments/payment-summary';
import { PaymentTable } from '@/components/payments/payment-table';
import { SimulatePaymentForm } from '@/components/payments/simulate-payment-form';
import { buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { paymentRoutes } from '@/lib/payments/routes';
import { sandboxEnabled } from '@/lib/platform/config';
import { cursorParam, fetchPage, firstParam, hrefWith, type SearchParams } from '@/lib/portal/pagination';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { accountOption, chosenAccount, filterAccounts } from './accounts';
import { isFiltered, readPaymentFilters } from './filters';
import { dailyTotalsByCurrency, paymentSummary } from './totals';
import { servicePage } from '@/components/ui/service-page';
import { billLabel, customerLabel } from '../record-labels';

export const metadata: Metadata = { title: 'Payments' };

/** The chart's range from the address: 7, 30 (the default) or 90 days. */
const chartRange = (text: string | undefined): ChartRange => chartRanges.find((range) => String(range) === text) ?? 30;

async function PaymentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireSession();
  const query = await searchParams;
  const client = portalClient(session);
  const filters = readPaymentFilters(query);
  const range = chartRange(firstParam(query.range));
  // A search looks for a payment; a chart of it would say nothing.
  const charted = !filters.service.q;
  // A summary is in one currency: the chosen account's, else the merchant's. Without a chosen
  // account the service's default (the merchant's currency) answers, so every call goes at once.
  const chosen = await chosenAccount(client, filters.service.virtualAccountId);
  const { expectedPaymentId, customerId } = filters.values;
  const [accounts, page, summary, daysByCurrency, scopeLabel] = await Promise.all([
    filterAccounts(client, chosen),
    fetchPage(client, paymentRoutes.list, { query: filters.service }, { path: '/payments', filters: filters.values, cursor: cursorParam(query.cursor) }),
    paymentSummary(client, filters.service, chosen?.currency),
    charted ? dailyTotalsByCurrency(client, filters.service, chosen?.currency, range) : null,
    expectedPaymentId ? billLabel(client, expectedPaymentId) : customerId ? customerLabel(client, customerId) : undefined,
  ]);
  const currency = summary.currency;
  const days = daysByCurrency?.get(currency) ?? null;
  const filtered = isFiltered(filters);
  const simulate = canWrite(session.user) && sandboxEnabled();
  const legacy = accounts.find((account) => account.purpose === 'LEGACY');

  return (
    <>
      <PageHeader
        title="Payments"
        description="Money received by M-Pesa Pay Bill, phone prompts and bank transfer, newest first."
        actions={
          // A plain link: a download, never prefetched.
          <a href={hrefWith('/payments/export', filters.values)} className={buttonClassName('secondary')} download>
            Download CSV
          </a>
        }
      />
      {(filters.values.expectedPaymentId || filters.values.customerId) && (
        <p className="mb-4 text-sm text-slate-700">
          Showing the payments of{' '}
          {filters.values.expectedPaymentId ? (
            <Link href={`/bills/${filters.values.expectedPaymentId}`} className="font-medium text-brand-800 underline">
              {scopeLabel}
            </Link>
          ) : (
            <Link href={`/customers/${filters.values.customerId}`} className="font-medium text-brand-800 underline">
              {scopeLabel}
            </Link>
          )}
          .{' '}
          <Link href="/payments" className="font-medium text-brand-800 underline">
            Show every payment
          </Link>
        </p>
      )}
      {/* Keyed by the filters, so that "Clear all" (a link to the bare page) empties every field, selects included. */}
      <PaymentFilterForm key={JSON.stringify(filters.typed)} typed={filters.typed} errors={filters.errors} accounts={accounts.map(accountOption)} />
      <PaymentSummaryFigures summary={summary} filtered={filtered} />
      {days && (
        <DailyChart
          days={days}
          currency={currency}
          range={range}
          rangeHref={(option) => hrefWith('/payments', { ...filters.values, range: option === 30 ? undefined : String(option) })}
          note={filtered ? 'It follows the filters above, except the dates.' : undefined}
        />
      )}
      {page.items.length > 0 ? (
        <PaymentTable payments={page.items} caption={filtered ? 'Payments matching the filters, newest first' : 'Payments, newest first'} />
      ) : (
        <EmptyState title={filtered ? 'No payments match' : 'No payments yet'}>
          <p>{filtered ? 'Check the receipt or phone number, or widen the filters.' : 'Payments into your accounts appear here as they arrive.'}</p>
        </EmptyState>
      )}
      <Pagination firstHref={page.firstHref} nextHref={page.nextHref} label="Pages of payments" />
      {simulate && (
        <div className="mt-10">
          <SimulatePaymentForm idempotencyKey={crypto.randomUUID()} defaults={{ accountNumber: legacy?.accountNumber }} />
        </div>
      )}
    </>
  );
}

export default servicePage({ title: 'Payments', back: { href: '/payments', label: 'Show every payment' } }, PaymentsPage);
