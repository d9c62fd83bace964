import type { Metadata } from 'next';
import { PaymentSearchForm } from '@/components/operator/desk/payment-search-form';
import { SuspenseTable } from '@/components/operator/desk/suspense-table';
import { PaymentTable } from '@/components/payments/payment-table';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { servicePage } from '@/components/ui/service-page';
import { operatorPaymentRoutes } from '@/lib/operator/payments/routes';
import { firstParam, type SearchParams } from '@/lib/portal/pagination';
import { operatorClient, requireOperatorSession } from '@/lib/portal/operator-session';

export const metadata: Metadata = { title: 'Find a payment' };

async function PaymentSearchPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireOperatorSession();
  const q = firstParam((await searchParams).q)?.trim().slice(0, 100) ?? '';
  const found = q ? await operatorClient(session).call(operatorPaymentRoutes.search, { query: { q } }) : null;
  return (
    <>
      <PageHeader title="Find a payment" description="Any merchant's: by M-Pesa receipt, bank reference, account number, the reference the payer typed, the payer's phone in any form, or a phone prompt's CheckoutRequestID." />
      <PaymentSearchForm q={q} />
      {found && (
        <div className="mt-6 space-y-6">
          {found.data.length > 0 ? (
            <PaymentTable payments={found.data} caption="Payments found, newest first" linkBase="/operator/payments" merchantColumn />
          ) : (
            <EmptyState title={`No payment matches "${q}"`}>
              <p>A phone must be whole (0712 345 678, +254 712 345 678 or 254712345678); a receipt or reference exactly as sent.</p>
            </EmptyState>
          )}
          {found.suspense.length > 0 && (
            <section aria-labelledby="suspense-found">
              <h2 id="suspense-found" className="mb-2 text-lg font-semibold text-slate-900">
                Money not yet credited (suspense)
              </h2>
              <SuspenseTable rows={found.suspense} caption="Money not yet credited with this reference or account number" />
              <p className="mt-2 text-sm text-slate-600">
                Money of no merchant is given to an account on the <a href="/operator/suspense" className="font-medium text-brand-800 underline">Money not yet credited</a> page.
              </p>
            </section>
          )}
          <p className="text-sm text-slate-600">Each merchant whose records this search showed sees it in their audit log.</p>
        </div>
      )}
    </>
  );
}

export default servicePage({ title: 'Find a payment', back: { href: '/operator/payments', label: 'Search again' } }, PaymentSearchPage);
