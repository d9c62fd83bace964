import type { Metadata } from 'next';
import { BalanceCards } from '@/components/settlements/balance-cards';
import { balanceKey } from '@/components/settlements/balance-key';
import { PayoutForm } from '@/components/settlements/payout-form';
import { SettlementFilterForm } from '@/components/settlements/settlement-filters';
import { SettlementTable } from '@/components/settlements/settlement-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { servicePage } from '@/components/ui/service-page';
import { cursorParam, fetchPage, type SearchParams } from '@/lib/portal/pagination';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { settlementRoutes } from '@/lib/settlement/routes';
import { bucketNamer } from './buckets';
import { readSettlementFilters } from './filters';

export const metadata: Metadata = { title: 'Settlements' };

/**
 * What the merchant is owed and when it reaches them: balances per currency with the next
 * payout, "Pay out now", and every settlement with its status.
 */
async function SettlementsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireSession();
  const query = await searchParams;
  const client = portalClient(session);
  const filters = readSettlementFilters(query);
  const [balances, page] = await Promise.all([
    client.call(settlementRoutes.balances),
    fetchPage(client, settlementRoutes.list, { query: filters.service }, { path: '/settlements', filters: filters.values, cursor: cursorParam(query.cursor) }),
  ]);
  const nameOf = await bucketNamer(client, session.user.merchantName, balances.data.map((balance) => balance.subMerchantId));
  const payable = balances.data.filter((balance) => balance.settlementAccountId);
  const currencies = [...new Set(balances.data.map((balance) => balance.currency))];

  return (
    <>
      <PageHeader
        title="Settlements"
        description="What you are owed, net of fees, and when it reaches your bank or M-Pesa. Days in Nairobi time."
        actions={
          <LinkButton href="/settlements/accounts" variant="secondary">
            Settlement accounts and schedule
          </LinkButton>
        }
      />
      <div className="space-y-8">
        {balances.data.length > 0 ? (
          <BalanceCards balances={balances.data} bucketName={nameOf} accountsHref="/settlements/accounts" />
        ) : (
          <EmptyState title="Nothing collected yet">
            <p>Balances appear here once payments arrive.</p>
          </EmptyState>
        )}
        {canWrite(session.user) && payable.length > 0 && (
          <PayoutForm
            idempotencyKey={crypto.randomUUID()}
            balances={payable.map((balance) => ({ value: balanceKey(balance), label: `${balance.currency} · ${nameOf(balance.subMerchantId)}` }))}
          />
        )}
        <section aria-labelledby="settlement-list">
          <h2 id="settlement-list" className="mb-3 text-lg font-semibold text-slate-900">
            Settlements
          </h2>
          <SettlementFilterForm key={JSON.stringify(filters.values)} values={filters.values} currencies={currencies} />
          {page.items.length > 0 ? (
            <SettlementTable settlements={page.items} caption={filters.filtered ? 'Settlements matching the filters, newest first' : 'Settlements, newest first'} />
          ) : (
            <EmptyState title={filters.filtered ? 'No settlements match' : 'No settlements yet'}>
              <p>{filters.filtered ? 'Widen the filters.' : 'Each payout to your settlement account appears here, with the payments it covers.'}</p>
            </EmptyState>
          )}
          <Pagination firstHref={page.firstHref} nextHref={page.nextHref} label="Pages of settlements" />
        </section>
      </div>
    </>
  );
}

export default servicePage({ title: 'Settlements', back: { href: '/settlements', label: 'Show every settlement' } }, SettlementsPage);
