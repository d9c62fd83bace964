import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { AccountDetails } from '@/components/accounts/account-details';
import { BalanceHistoryTable } from '@/components/accounts/balance-history-table';
import { PayerLinkPanel } from '@/components/payer/payer-link-panel';
import { balanceView } from '@/components/payments/balance-view';
import { LiveBalance } from '@/components/payments/live-balance';
import { RecentPayments } from '@/components/payments/recent-payments';
import { SimulatePaymentForm } from '@/components/payments/simulate-payment-form';
import { QueryProvider } from '@/components/providers/query-provider';
import { SendPromptForm } from '@/components/stk/send-prompt-form';
import { SimulatorNumbers } from '@/components/stk/simulator-numbers';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { accountRoutes } from '@/lib/accounts/routes';
import { merchantRoutes } from '@/lib/merchants/routes';
import { sandboxEnabled } from '@/lib/platform/config';
import { isServiceError } from '@/lib/portal/errors';
import { cursorParam, fetchPage, type SearchParams } from '@/lib/portal/pagination';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { payerLinkOf } from '@/app/pay/links';
import { latestPayments } from '@/app/(portal)/payments/totals';
import { servicePage } from '@/components/ui/service-page';
import { recordId } from '@/lib/portal/refusals';

export const metadata: Metadata = { title: 'Account' };

type Params = Promise<{ accountId: string }>;

async function AccountPage({ params, searchParams }: { params: Params; searchParams: Promise<SearchParams> }) {
  const session = await requireSession();
  const [{ accountId }, query] = await Promise.all([params, searchParams]);
  recordId(accountId);
  const client = portalClient(session);
  const path = `/accounts/${accountId}`;
  const [account, history] = await Promise.all([
    client.call(accountRoutes.get, { params: { virtualAccountId: accountId } }),
    fetchPage(client, accountRoutes.balanceHistory, { query: { virtualAccountId: accountId } }, { path, filters: {}, cursor: cursorParam(query.cursor) }),
  ]).catch((error: unknown) => {
    if (isServiceError(error) && error.status === 404) notFound();
    throw error;
  });

  const [link, subMerchants, recent] = await Promise.all([
    // A closed account takes no payments, so there is nothing to hand a payer.
    account.status === 'ACTIVE' ? payerLinkOf(session, 'VIRTUAL_ACCOUNT', account.id) : null,
    account.ownerType === 'SUB_MERCHANT' ? client.call(merchantRoutes.listSubMerchants, { query: { limit: 200 } }) : [],
    latestPayments(client, { virtualAccountId: account.id }),
  ]);
  const subMerchantName = subMerchants.find((subMerchant) => subMerchant.id === account.ownerId)?.name;
  const writer = canWrite(session.user);
  const open = account.status === 'ACTIVE';

  return (
    <>
      <p className="mb-2 text-sm" data-print="hide">
        <Link href="/accounts" className="text-brand-800 underline underline-offset-2">
          ← All accounts
        </Link>
      </p>
      <PageHeader
        title={account.accountName}
        description={account.purposeLabel}
        actions={
          <LinkButton href={`/accounts/${account.id}/statement`} variant="secondary">
            Statement
          </LinkButton>
        }
      />
      {account.viewerGuidance && (
        <p className="mb-6 max-w-prose rounded-md border border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-900">{account.viewerGuidance}</p>
      )}
      <QueryProvider>
        <div className="space-y-8">
          <LiveBalance accountId={account.id} initial={balanceView(account)} />
          <AccountDetails account={account} subMerchantName={subMerchantName} />
          {link && <PayerLinkPanel link={link} what="into this account" />}
          {writer && account.currency === 'KES' && (
            <SendPromptForm
              idempotencyKey={crypto.randomUUID()}
              target={{ type: 'account', id: account.accountNumber }}
              what="into this account"
              defaults={{}}
              open={open}
              help={sandboxEnabled() && <SimulatorNumbers />}
            />
          )}
          {writer && sandboxEnabled() && (
            <SimulatePaymentForm
              idempotencyKey={crypto.randomUUID()}
              defaults={{ accountNumber: account.accountNumber }}
              note={open ? 'It is credited to this account.' : 'This account is closed: a payment now shows what a payer would meet.'}
            />
          )}
          <RecentPayments payments={recent.payments} more={recent.more} allHref={`/payments?virtualAccountId=${account.id}`} of="into this account" />
          <section aria-labelledby="balance-history">
            <h2 id="balance-history" className="mb-3 text-lg font-semibold text-slate-900">
              Balance history
            </h2>
            {history.items.length > 0 ? (
              <BalanceHistoryTable entries={history.items} currency={account.currency} />
            ) : (
              <EmptyState title="No money has moved yet">
                <p>Payments into this account, and fees, appear here as they happen.</p>
              </EmptyState>
            )}
            <Pagination firstHref={history.firstHref} nextHref={history.nextHref} label="Pages of balance history" />
          </section>
        </div>
      </QueryProvider>
    </>
  );
}

export default servicePage({ title: 'Account', back: { href: '/accounts', label: 'All accounts' } }, AccountPage);
