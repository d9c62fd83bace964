import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { AttentionFigures } from '@/components/overview/attention-figures';
import { BalanceFigures } from '@/components/overview/balance-figures';
import { BillFigures } from '@/components/overview/bill-figures';
import { LiveRefresh } from '@/components/overview/live-refresh';
import { PeriodCards } from '@/components/overview/period-cards';
import { PaymentTable } from '@/components/payments/payment-table';
import { QueryProvider } from '@/components/providers/query-provider';
import { NextPayoutFigures } from '@/components/settlements/next-payout-figures';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { merchantRoutes } from '@/lib/merchants/routes';
import { portalClient, requireSession } from '@/lib/portal/session';
import { loadOverview } from './overview-data';
import { servicePage } from '@/components/ui/service-page';

export const metadata: Metadata = { title: 'Overview' };

/**
 * The state of the business at a glance: what came in today, this week and this month against
 * the period before, where the money is, which bills wait, and what needs someone. Every figure
 * links to the list it counts, with that list's filters in the address.
 */
async function OverviewPage() {
  const session = await requireSession();
  const { user } = session;
  const client = portalClient(session);
  // A user scoped to a sub-merchant sees only its figures: the page says whose they are (the list shows a scoped user only its own).
  const [overview, subMerchants] = await Promise.all([loadOverview(client), user.subMerchantId ? client.call(merchantRoutes.listSubMerchants, { query: { limit: 1 } }) : []]);
  const subMerchantName = subMerchants.find((subMerchant) => subMerchant.id === user.subMerchantId)?.name;
  return (
    <>
      <PageHeader
        title={`Welcome, ${user.firstName}`}
        description={
          <>
            The state of{' '}
            {subMerchantName && (
              <>
                <strong className="font-semibold text-slate-900" data-testid="overview-sub-merchant">{subMerchantName}</strong>, part of{' '}
              </>
            )}
            <strong className="font-semibold text-slate-900">{user.merchantName}</strong> now. Amounts in {overview.currency}; days in Nairobi time.
          </>
        }
      />
      <div className="space-y-8">
        <PeriodCards periods={overview.periods} currency={overview.currency} />
        <AttentionFigures needsAttention={overview.needsAttention} suspense={overview.suspense} webhooks={overview.webhooks} />
        <NextPayoutFigures balances={overview.balances} />
        <div className="grid gap-8 lg:grid-cols-2">
          <BalanceFigures accounts={overview.accounts} />
          <BillFigures bills={overview.bills} />
        </div>
        <section aria-labelledby="latest-payments">
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="latest-payments" className="text-lg font-semibold text-slate-900">
              Latest payments
            </h2>
            <QueryProvider>
              <LiveRefresh newest={overview.latest[0]?.id ?? null} />
            </QueryProvider>
          </div>
          {overview.latest.length > 0 ? (
            <PaymentTable payments={overview.latest} caption="The latest payments, newest first" />
          ) : (
            <EmptyState title="No payments yet">
              <p>Payments into your accounts appear here as they arrive.</p>
            </EmptyState>
          )}
          <p className="mt-3 text-sm">
            <Link href="/payments" className="font-medium text-brand-800 underline">
              See every payment
            </Link>
          </p>
        </section>
      </div>
    </>
  );
}

export default servicePage({ title: 'Overview' }, OverviewPage);
