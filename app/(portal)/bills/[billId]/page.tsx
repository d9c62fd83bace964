import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { BillDetails } from '@/components/bills/bill-details';
import { isAwaitingPayment } from '@/components/bills/bill-status';
import { CancelBillForm } from '@/components/bills/cancel-bill-form';
import { LinkButton } from '@/components/ui/link-button';
import { PayerLinkPanel } from '@/components/payer/payer-link-panel';
import { SendBillForm } from '@/components/messages/send-bill-form';
import { BillProgress } from '@/components/payments/bill-progress';
import { RecentPayments } from '@/components/payments/recent-payments';
import { SimulatePaymentForm } from '@/components/payments/simulate-payment-form';
import { QueryProvider } from '@/components/providers/query-provider';
import { SendPromptForm } from '@/components/stk/send-prompt-form';
import { SimulatorNumbers } from '@/components/stk/simulator-numbers';
import { PageHeader } from '@/components/ui/page-header';
import { accountRoutes } from '@/lib/accounts/routes';
import { billRoutes } from '@/lib/bills/routes';
import { customerRoutes } from '@/lib/customers/routes';
import { sandboxEnabled } from '@/lib/platform/config';
import { isServiceError } from '@/lib/portal/errors';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { payerLinkOf } from '@/app/pay/links';
import { billProgress, latestPayments } from '@/app/(portal)/payments/totals';
import { promptPhone, wholeShillings } from '@/app/(portal)/stk/defaults';
import { channelCarries } from '@/lib/money/channels';
import { servicePage } from '@/components/ui/service-page';
import { recordId } from '@/lib/portal/refusals';
import { displayPhone } from '@/lib/platform/phone';

export const metadata: Metadata = { title: 'Bill' };

const orNotFound = (error: unknown): never => {
  if (isServiceError(error) && error.status === 404) notFound();
  throw error;
};

// A customer deleted or moved out of sight since the bill was raised: the bill still shows.
const orNoCustomer = (error: unknown): undefined => {
  if (isServiceError(error) && error.status === 404) return undefined;
  throw error;
};

// A user scoped to a sub-merchant has no main account: the simulation form then starts empty.
const orNoAccount = (error: unknown): undefined => {
  if (isServiceError(error) && error.status === 404) return undefined;
  throw error;
};

async function BillPage({ params }: { params: Promise<{ billId: string }> }) {
  const session = await requireSession();
  const { billId } = await params;
  recordId(billId);
  const client = portalClient(session);
  const bill = await client.call(billRoutes.get, { params: { expectedPaymentId: billId } }).catch(orNotFound);
  const payable = isAwaitingPayment(bill.status);
  const writer = canWrite(session.user);
  const simulate = writer && sandboxEnabled();
  const [link, customer, progress, recent, mainAccount] = await Promise.all([
    // A paid, expired or cancelled bill has nothing left to pay: no instructions to hand out.
    payable ? payerLinkOf(session, 'EXPECTED_PAYMENT', bill.id) : null,
    bill.customerId ? client.call(customerRoutes.get, { params: { customerId: bill.customerId } }).catch(orNoCustomer) : undefined,
    billProgress(client, bill),
    latestPayments(client, { expectedPaymentId: bill.id }),
    // Without an invoice account a bill is paid into the main account, quoting its reference.
    simulate && !bill.virtualAccountNumber ? client.call(accountRoutes.legacy).catch(orNoAccount) : undefined,
  ]);

  return (
    <>
      <p className="mb-2 text-sm" data-print="hide">
        <Link href="/bills" className="text-brand-800 underline underline-offset-2">
          ← All bills
        </Link>
      </p>
      <PageHeader
        title={`Bill ${bill.paymentReference}`}
        description={customer ? `For ${customer.displayName}` : undefined}
        actions={
          writer && (
            <LinkButton href={`/bills/${bill.id}/edit`} variant="secondary">
              {bill.status === 'OPEN' && bill.amountPaid === 0 ? 'Change bill' : 'Change description'}
            </LinkButton>
          )
        }
      />
      <QueryProvider>
        <div className="space-y-8">
          <BillDetails bill={bill} customerName={customer?.displayName} />
          {link && <PayerLinkPanel link={link} what="this bill" />}
          {writer && payable && customer && <SendBillForm billId={bill.id} customerName={customer.displayName} phone={displayPhone(customer.phone)} email={customer.email} idempotencyKey={crypto.randomUUID()} />}
          {/* Only in a currency M-Pesa carries; kept mounted once the bill is paid, so that the prompt that paid it stays on screen. */}
          {writer && channelCarries('MOBILE_MONEY', bill.currency) && (
            <SendPromptForm
              idempotencyKey={crypto.randomUUID()}
              target={{ type: 'bill', id: bill.id }}
              what="this bill"
              defaults={{ phone: promptPhone(customer?.phone), amount: wholeShillings(progress.due) }}
              open={payable}
              help={sandboxEnabled() && <SimulatorNumbers />}
              promptsHref={`/stk?expectedPaymentId=${bill.id}`}
            />
          )}
          {simulate && (
            <SimulatePaymentForm
              idempotencyKey={crypto.randomUUID()}
              defaults={{
                accountNumber: bill.virtualAccountNumber ?? mainAccount?.accountNumber,
                amount: progress.due !== '0' ? progress.due : undefined,
                billReference: bill.virtualAccountNumber ? undefined : bill.paymentReference,
              }}
              note={
                payable
                  ? 'It pays this bill, as a payer would.'
                  : 'This bill can no longer be paid: a payment now shows what a late payer would meet.'
              }
            />
          )}
          <RecentPayments payments={recent.payments} more={recent.more} allHref={`/payments?expectedPaymentId=${bill.id}`} of="of this bill">
            {/* Before any payment, what is due is the bill's amount, already shown above. */}
            {progress.paid !== '0' && <BillProgress progress={progress} currency={bill.currency} />}
          </RecentPayments>
          {writer && payable && (
            <section aria-label="Cancel this bill" className="max-w-xl">
              <CancelBillForm billId={bill.id} reference={bill.paymentReference} />
            </section>
          )}
        </div>
      </QueryProvider>
    </>
  );
}

export default servicePage({ title: 'Bill', back: { href: '/bills', label: 'All bills' } }, BillPage);
