import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { BillTable } from '@/components/bills/bill-table';
import { CustomerDetails } from '@/components/customers/customer-details';
import { CustomerAccount } from '@/components/customers/customer-account';
import { PayerLinkPanel } from '@/components/payer/payer-link-panel';
import { RecentPayments } from '@/components/payments/recent-payments';
import { QueryProvider } from '@/components/providers/query-provider';
import { SendPromptForm } from '@/components/stk/send-prompt-form';
import { SimulatorNumbers } from '@/components/stk/simulator-numbers';
import { sandboxEnabled } from '@/lib/platform/config';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { billRoutes } from '@/lib/bills/routes';
import { customerRoutes } from '@/lib/customers/routes';
import { merchantRoutes } from '@/lib/merchants/routes';
import { paymentOptionRoutes } from '@/lib/payment-options/routes';
import { isServiceError } from '@/lib/portal/errors';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { payerLinkOf } from '@/app/pay/links';
import { latestPayments } from '@/app/(portal)/payments/totals';
import { promptPhone } from '@/app/(portal)/stk/defaults';
import { servicePage } from '@/components/ui/service-page';
import { recordId } from '@/lib/portal/refusals';

export const metadata: Metadata = { title: 'Customer' };

const RECENT_BILLS = 10;

const when404 = <T,>(value: T) => (error: unknown): T => {
  if (isServiceError(error) && error.status === 404) return value;
  throw error;
};

async function CustomerPage({ params }: { params: Promise<{ customerId: string }> }) {
  const session = await requireSession();
  const { customerId } = await params;
  recordId(customerId);
  const client = portalClient(session);
  const [customer, options, bills] = await Promise.all([
    client.call(customerRoutes.get, { params: { customerId } }).catch(when404(null)),
    // The customer's payment options exist exactly when its account does: they carry its number (404 until then).
    client.call(paymentOptionRoutes.get, { query: { customerId } }).catch(when404(null)),
    client.request(billRoutes.list, { query: { customerId, limit: RECENT_BILLS } }).catch(when404(null)),
  ]);
  if (!customer) notFound();

  const [link, subMerchants, recent] = await Promise.all([
    options ? payerLinkOf(session, 'CUSTOMER', customer.id) : null,
    customer.subMerchantId ? client.call(merchantRoutes.listSubMerchants, { query: { limit: 200 } }) : [],
    latestPayments(client, { customerId: customer.id }),
  ]);
  const subMerchantName = subMerchants.find((subMerchant) => subMerchant.id === customer.subMerchantId)?.name;
  const writer = canWrite(session.user);
  const moreBills = Boolean(bills?.headers.get('link'));

  return (
    <>
      <p className="mb-2 text-sm" data-print="hide">
        <Link href="/customers" className="text-brand-800 underline underline-offset-2">
          ← All customers
        </Link>
      </p>
      <PageHeader title={customer.displayName} description="Customer" />
      <QueryProvider>
        <div className="space-y-8">
          <CustomerDetails customer={customer} subMerchantName={subMerchantName} />
          <CustomerAccount
            customerId={customer.id}
            accountNumber={options?.virtualAccountNumber}
            canProvision={writer}
            idempotencyKey={crypto.randomUUID()}
          />
          {link && <PayerLinkPanel link={link} what={`to ${customer.displayName}'s account`} />}
          {/* A prompt pays into the customer's own account, so there must be one, in a currency M-Pesa carries. */}
          {writer && options?.options.some((option) => option.channel === 'MOBILE_MONEY') && (
            <SendPromptForm
              idempotencyKey={crypto.randomUUID()}
              target={{ type: 'customer', id: customer.id }}
              what={`into ${customer.displayName}'s account`}
              defaults={{ phone: promptPhone(customer.phone) }}
              open
              help={sandboxEnabled() && <SimulatorNumbers />}
              promptsHref={`/stk?customerId=${customer.id}`}
            />
          )}
          <section aria-labelledby="customer-bills">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h2 id="customer-bills" className="text-lg font-semibold text-slate-900">
                Bills
              </h2>
              {writer && (
                <LinkButton href={`/bills/new?customerId=${customer.id}`} variant="secondary">
                  New bill for this customer
                </LinkButton>
              )}
            </div>
            {bills && bills.data.length > 0 ? (
              <BillTable bills={bills.data} caption={`Bills of ${customer.displayName}, newest first`} />
            ) : (
              <EmptyState title="No bills yet">
                <p>Bills raised for this customer appear here.</p>
              </EmptyState>
            )}
            {moreBills && (
              <p className="mt-3 text-sm">
                <Link href={`/bills?customerId=${customer.id}`} className="font-medium text-brand-800 underline">
                  See all bills of this customer
                </Link>
              </p>
            )}
          </section>
          <RecentPayments payments={recent.payments} more={recent.more} allHref={`/payments?customerId=${customer.id}`} of="of this customer" />
        </div>
      </QueryProvider>
    </>
  );
}

export default servicePage({ title: 'Customer', back: { href: '/customers', label: 'All customers' } }, CustomerPage);
