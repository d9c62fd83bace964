import type { Metadata } from 'next';
import { AccountFilters } from '@/components/accounts/account-filters';
import { AccountTable } from '@/components/accounts/account-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { purposeLabel } from '@/lib/accounts/labels';
import { accountRoutes } from '@/lib/accounts/routes';
import { accountPurposes, type AccountPurpose } from '@/lib/accounts/schema';
import { cursorParam, fetchPage, firstParam, type SearchParams } from '@/lib/portal/pagination';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { servicePage } from '@/components/ui/service-page';

export const metadata: Metadata = { title: 'Accounts' };

const isPurpose = (value: string | undefined): value is AccountPurpose => accountPurposes.includes(value as AccountPurpose);

async function AccountsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireSession();
  const query = await searchParams;
  const requested = firstParam(query.purpose);
  const purpose = isPurpose(requested) ? requested : undefined;
  const page = await fetchPage(
    portalClient(session),
    accountRoutes.list,
    { query: { purpose } },
    { path: '/accounts', filters: { purpose }, cursor: cursorParam(query.cursor) },
  );
  return (
    <>
      <PageHeader
        title="Accounts"
        description="Your virtual accounts: the numbers payers pay into, and what each holds."
        actions={canWrite(session.user) && <LinkButton href="/accounts/new">New account</LinkButton>}
      />
      <AccountFilters purpose={purpose} purposes={accountPurposes.map((value) => ({ value, label: purposeLabel(value) }))} />
      {page.items.length > 0 ? (
        <AccountTable accounts={page.items} />
      ) : (
        <EmptyState title={purpose ? 'No accounts of this kind' : 'No accounts yet'}>
          <p>{purpose ? 'Choose "All kinds" to see every account.' : 'Accounts you open appear here with their balances.'}</p>
        </EmptyState>
      )}
      <Pagination firstHref={page.firstHref} nextHref={page.nextHref} label="Pages of accounts" />
    </>
  );
}

export default servicePage({ title: 'Accounts', back: { href: '/accounts', label: 'Show every account' } }, AccountsPage);
