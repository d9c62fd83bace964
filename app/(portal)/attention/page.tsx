import type { Metadata } from 'next';
import { AttentionPayment } from '@/components/attention/attention-payment';
import { DealtWithPayment } from '@/components/attention/dealt-with-payment';
import { SuspenseItem } from '@/components/attention/suspense-item';
import type { SuspensePayment } from '@/components/attention/types';
import type { Payment } from '@/components/payments/types';
import { EmptyState } from '@/components/ui/empty-state';
import { FormMessage } from '@/components/ui/form-message';
import { PageHeader } from '@/components/ui/page-header';
import type { SelectOption } from '@/components/ui/select-field';
import { accountRoutes } from '@/lib/accounts/routes';
import { billRoutes } from '@/lib/bills/routes';
import type { ServiceClient } from '@/lib/client';
import { billReference, namesOf } from '../record-labels';
import type { RouteOutput } from '@/lib/client/types';
import { paymentRoutes } from '@/lib/payments/routes';
import { formatMoney } from '@/lib/portal/money';
import type { SearchParams } from '@/lib/portal/pagination';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { suspenseRoutes } from '@/lib/suspense/routes';
import { servicePage } from '@/components/ui/service-page';

export const metadata: Metadata = { title: 'Needs attention' };

/** Enough to work through a day's backlog; the API pages beyond it. */
const SHOWN = 100;

const doneWords: Record<string, string> = {
  credited: 'Credited: the money is now in the account, and counted as a payment.',
  returned: 'Marked for return to the payer.',
  moved: 'The payment now counts toward the bill you chose.',
  noted: 'Marked as dealt with.',
};

type Account = RouteOutput<typeof accountRoutes.list>[number];
type Bill = RouteOutput<typeof billRoutes.list>[number];

/** Where a writer may put money: active accounts and open bills, read once for the page. */
async function choices(client: ServiceClient) {
  const [accounts, open, partial] = await Promise.all([
    client.call(accountRoutes.list, { query: { status: 'ACTIVE', limit: 200 } }),
    client.call(billRoutes.list, { query: { status: 'OPEN', limit: 200 } }),
    client.call(billRoutes.list, { query: { status: 'PARTIALLY_PAID', limit: 200 } }),
  ]);
  return { accounts, bills: [...open, ...partial] };
}

const billOption = (bill: Bill): SelectOption => ({
  value: `bill:${bill.id}`,
  label: `Bill ${bill.paymentReference} (${formatMoney(bill.amount, bill.currency)}${bill.status === 'PARTIALLY_PAID' ? ', part paid' : ''})`,
});

function suspenseTargets(item: SuspensePayment, accounts: Account[], bills: Bill[]): SelectOption[] {
  return [
    ...accounts
      .filter((account) => account.currency === item.currency)
      .map((account) => ({ value: `account:${account.id}`, label: `Account ${account.accountNumber} (${account.accountName})` })),
    ...bills.filter((bill) => bill.currency === item.currency).map(billOption),
  ];
}

async function AttentionPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireSession();
  const client = portalClient(session);
  const writer = canWrite(session.user);
  const { done } = await searchParams;
  const [suspense, waiting, recent, recentPayments, targets] = await Promise.all([
    client.call(suspenseRoutes.list, { query: { status: 'OPEN', limit: SHOWN } }),
    client.call(paymentRoutes.list, { query: { needsAttention: 'true', limit: SHOWN } }),
    client.call(suspenseRoutes.list, { query: { limit: 20 } }),
    // Payments leave the waiting list once dealt with; they stay in sight below, with what was done.
    client.call(paymentRoutes.list, { query: { attentionDealtWith: 'true', limit: 20 } }),
    writer ? choices(client) : undefined,
  ]);
  const dealtWith = recent.filter((item) => item.status !== 'OPEN');
  // Each closed bill by its reference, fetched once however many payments named it.
  const billReferences = await namesOf([...waiting, ...recentPayments].map((payment) => payment.expectedPaymentId), (id) => billReference(client, id));
  const billName = (payment: { expectedPaymentId: string | null }) => {
    const reference = payment.expectedPaymentId ? billReferences.get(payment.expectedPaymentId) : undefined;
    return reference ? `bill ${reference}` : undefined;
  };

  return (
    <>
      <PageHeader
        title="Needs attention"
        description="Money that reached your accounts but could not be credited as it came, and payments for bills that could no longer be paid. Each waits here until someone deals with it."
      />
      <FormMessage message={typeof done === 'string' ? doneWords[done] : undefined} tone="success" />
      <section aria-labelledby="suspense-heading" className="mt-6">
        <h2 id="suspense-heading" className="text-lg font-semibold text-slate-900">
          Money not yet credited ({suspense.length}
          {suspense.length === SHOWN ? '+' : ''})
        </h2>
        <p className="mt-1 max-w-prose text-sm text-slate-600">In another currency than its account takes, or with an amount that is not one. Credit it to an account or an open bill, or return it to the payer.</p>
        {suspense.length > 0 ? (
          <ul className="mt-3 space-y-3">
            {suspense.map((item) => (
              <SuspenseItem key={item.id} item={item} targets={targets && suspenseTargets(item, targets.accounts, targets.bills)} />
            ))}
          </ul>
        ) : (
          <EmptyState title="Nothing waiting">Every payment your accounts received has been credited.</EmptyState>
        )}
      </section>
      <section aria-labelledby="payments-heading" className="mt-10">
        <h2 id="payments-heading" className="text-lg font-semibold text-slate-900">
          Payments for closed bills ({waiting.length}
          {waiting.length === SHOWN ? '+' : ''})
        </h2>
        <p className="mt-1 max-w-prose text-sm text-slate-600">Credited to the account, but the bill they named was already paid, cancelled or expired. Count one toward another open bill, or mark it dealt with.</p>
        {waiting.length > 0 ? (
          <ul className="mt-3 space-y-3">
            {(waiting as Payment[]).map((payment) => (
              <AttentionPayment
                key={payment.id}
                payment={payment}
                billName={billName(payment)}
                bills={targets?.bills.filter((bill) => bill.currency === payment.currency && bill.subMerchantId === payment.subMerchantId).map(billOption)}
              />
            ))}
          </ul>
        ) : (
          <EmptyState title="Nothing waiting">No payment is waiting for a decision.</EmptyState>
        )}
      </section>
      {(dealtWith.length > 0 || recentPayments.length > 0) && (
        <section aria-labelledby="recent-heading" className="mt-10">
          <h2 id="recent-heading" className="text-lg font-semibold text-slate-900">
            Recently dealt with
          </h2>
          <ul className="mt-3 space-y-3">
            {dealtWith.map((item) => (
              <SuspenseItem key={item.id} item={item} />
            ))}
            {(recentPayments as Payment[]).map((payment) => (
              <DealtWithPayment key={payment.id} payment={payment} billName={billName(payment)} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

export default servicePage({ title: 'Needs attention', back: { href: '/attention', label: 'Show what needs attention' } }, AttentionPage);
