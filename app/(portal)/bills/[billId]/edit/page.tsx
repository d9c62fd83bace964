import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { EditBillForm } from '@/components/bills/edit-bill-form';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { servicePage } from '@/components/ui/service-page';
import { billRoutes } from '@/lib/bills/routes';
import { decimalText } from '@/lib/money/decimal';
import { isServiceError } from '@/lib/portal/errors';
import { recordId } from '@/lib/portal/refusals';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { toNairobiLocal } from '../../nairobi-time';

export const metadata: Metadata = { title: 'Change a bill' };

/** Its own page, so that its inputs never share a label with the bill page's other forms. */
async function EditBillPage({ params }: { params: Promise<{ billId: string }> }) {
  const session = await requireSession();
  const { billId } = await params;
  recordId(billId);
  const bill = await portalClient(session)
    .call(billRoutes.get, { params: { expectedPaymentId: billId } })
    .catch((error: unknown) => {
      if (isServiceError(error) && error.status === 404) notFound();
      throw error;
    });
  const back = (
    <p className="mb-2 text-sm">
      <Link href={`/bills/${bill.id}`} className="text-brand-800 underline underline-offset-2">
        ← Bill {bill.paymentReference}
      </Link>
    </p>
  );
  if (!canWrite(session.user)) {
    return (
      <>
        {back}
        <EmptyState title="You cannot change bills">
          <p>Your access is read-only.</p>
        </EmptyState>
      </>
    );
  }
  const termsEditable = bill.status === 'OPEN' && bill.amountPaid === 0;
  return (
    <>
      {back}
      <PageHeader
        title={`Change bill ${bill.paymentReference}`}
        description={
          termsEditable
            ? 'Nothing is paid yet, so the amount and expiry may still change.'
            : 'Something is paid or the bill is closed, so only its description may change.'
        }
      />
      <EditBillForm
        billId={bill.id}
        currency={bill.currency}
        current={{ description: bill.description ?? '', amount: decimalText(bill.amount) ?? '', expiresAt: toNairobiLocal(new Date(bill.expiresAt)) }}
        termsEditable={termsEditable}
        earliestExpiry={toNairobiLocal(new Date())}
      />
    </>
  );
}

export default servicePage({ title: 'Change a bill', back: { href: '/bills', label: 'All bills' } }, EditBillPage);
