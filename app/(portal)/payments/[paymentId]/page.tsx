import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { BalanceHistoryTable } from '@/components/accounts/balance-history-table';
import { PaymentDetails } from '@/components/payments/payment-details';
import { PaymentReversalSection } from '@/components/reversals/payment-reversal-section';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { accountRoutes } from '@/lib/accounts/routes';
import { billRoutes } from '@/lib/bills/routes';
import { customerRoutes } from '@/lib/customers/routes';
import { merchantRoutes } from '@/lib/merchants/routes';
import { isServiceError } from '@/lib/portal/errors';
import { formatMoney } from '@/lib/portal/money';
import { paymentRoutes } from '@/lib/payments/routes';
import { canWrite } from '@/lib/portal/roles';
import { reversalRoutes } from '@/lib/reversals/routes';
import { portalClient, requireSession } from '@/lib/portal/session';
import { paymentLedger } from './ledger';
import { PaymentDeliveryLog } from '@/components/webhooks/payment-delivery-log';
import { servicePage } from '@/components/ui/service-page';
import { recordId } from '@/lib/portal/refusals';

export const metadata: Metadata = { title: 'Payment' };

const when404 = <T,>(value: T) => (error: unknown): T => {
  if (isServiceError(error) && error.status === 404) return value;
  throw error;
};

async function PaymentPage({ params }: { params: Promise<{ paymentId: string }> }) {
  const session = await requireSession();
  const { paymentId } = await params;
  recordId(paymentId);
  const client = portalClient(session);
  const payment = await client.call(paymentRoutes.get, { params: { paymentId } }).catch(when404(null));
  if (!payment) notFound();

  // Records deleted or out of sight since the payment arrived: the payment still shows.
  const [account, customer, bill, subMerchants, ledger, reversals] = await Promise.all([
    client.call(accountRoutes.get, { params: { virtualAccountId: payment.virtualAccountId } }).catch(when404(undefined)),
    payment.customerId ? client.call(customerRoutes.get, { params: { customerId: payment.customerId } }).catch(when404(undefined)) : undefined,
    payment.expectedPaymentId
      ? client.call(billRoutes.get, { params: { expectedPaymentId: payment.expectedPaymentId } }).catch(when404(undefined))
      : undefined,
    payment.subMerchantId ? client.call(merchantRoutes.listSubMerchants, { query: { limit: 200 } }) : [],
    paymentLedger(client, payment).catch(when404(null)),
    client.call(reversalRoutes.list, { params: { paymentId } }).catch(when404([])),
  ]);

  return (
    <>
      <p className="mb-2 text-sm" data-print="hide">
        <Link href="/payments" className="text-brand-800 underline underline-offset-2">
          ← All payments
        </Link>
      </p>
      <PageHeader
        title={`Payment ${payment.providerReference}`}
        description={`${formatMoney(payment.amount, payment.currency)}${payment.payerName ? ` from ${payment.payerName}` : ''}`}
      />
      <div className="space-y-8">
        <PaymentDetails
          payment={payment}
          related={{
            account,
            customerName: customer?.displayName,
            bill,
            subMerchantName: subMerchants.find((subMerchant) => subMerchant.id === payment.subMerchantId)?.name,
          }}
        />
        <PaymentReversalSection payment={payment} reversals={reversals} canReverse={canWrite(session.user)} />
        <section aria-labelledby="payment-ledger">
          <h2 id="payment-ledger" className="mb-1 text-lg font-semibold text-slate-900">
            Balance entries
          </h2>
          <p className="mb-3 max-w-prose text-sm text-slate-600">What this payment did to the account: the amount credited, and the fee charged on it.</p>
          {ledger && ledger.length > 0 ? (
            <BalanceHistoryTable entries={ledger} currency={payment.currency} />
          ) : (
            <EmptyState title="No balance entries to show">
              <p>
                <Link href={`/accounts/${payment.virtualAccountId}`} className="font-medium text-brand-800 underline">
                  See the account&apos;s balance history
                </Link>
              </p>
            </EmptyState>
          )}
        </section>
        <PaymentDeliveryLog paymentId={payment.id} />
      </div>
    </>
  );
}

export default servicePage({ title: 'Payment', back: { href: '/payments', label: 'All payments' } }, PaymentPage);
