import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { BillDetails } from '@/components/bills/bill-details';
import { isAwaitingPayment } from '@/components/bills/bill-status';
import { CancelBillForm } from '@/components/bills/cancel-bill-form';
import { PayerLinkPanel } from '@/components/payer/payer-link-panel';
import { PageHeader } from '@/components/ui/page-header';
import { billRoutes } from '@/lib/bills/routes';
import { customerRoutes } from '@/lib/customers/routes';
import { isServiceError } from '@/lib/portal/errors';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { payerLinkOf } from '@/app/pay/links';

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

export default async function BillPage({ params }: { params: Promise<{ billId: string }> }) {
  const session = await requireSession();
  const { billId } = await params;
  const client = portalClient(session);
  const bill = await client.call(billRoutes.get, { params: { expectedPaymentId: billId } }).catch(orNotFound);
  const payable = isAwaitingPayment(bill.status);
  const [link, customer] = await Promise.all([
    // A paid, expired or cancelled bill has nothing left to pay: no instructions to hand out.
    payable ? payerLinkOf(session, 'EXPECTED_PAYMENT', bill.id) : null,
    bill.customerId ? client.call(customerRoutes.get, { params: { customerId: bill.customerId } }).catch(orNoCustomer) : undefined,
  ]);

  return (
    <>
      <p className="mb-2 text-sm" data-print="hide">
        <Link href="/bills" className="text-brand-800 underline underline-offset-2">
          ← All bills
        </Link>
      </p>
      <PageHeader title={`Bill ${bill.paymentReference}`} description={customer ? `For ${customer.displayName}` : undefined} />
      <div className="space-y-8">
        <BillDetails bill={bill} customerName={customer?.displayName} />
        {link && <PayerLinkPanel link={link} what="this bill" />}
        {canWrite(session.user) && payable && (
          <section aria-label="Cancel this bill" className="max-w-xl">
            <CancelBillForm billId={bill.id} reference={bill.paymentReference} />
          </section>
        )}
      </div>
    </>
  );
}
