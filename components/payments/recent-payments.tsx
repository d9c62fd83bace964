import Link from '@/components/ui/link';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { PaymentTable } from './payment-table';
import type { Payment } from './types';

/**
 * The latest payments of one record (a bill, a customer, an account), with a way to the full,
 * filterable list when there are more.
 */
export function RecentPayments({
  payments,
  more,
  allHref,
  of,
  children,
}: {
  payments: Payment[];
  more: boolean;
  allHref: string;
  /** Completes "Payments …" and "… appear here": "of this bill", "into this account". */
  of: string;
  /** Figures between the heading and the list. */
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="record-payments">
      <h2 id="record-payments" className="mb-3 text-lg font-semibold text-slate-900">
        Payments
      </h2>
      {children}
      {payments.length > 0 ? (
        <PaymentTable payments={payments} caption={`Payments ${of}, newest first`} />
      ) : (
        <EmptyState title="No payments yet">
          <p>Payments {of} appear here as they arrive.</p>
        </EmptyState>
      )}
      {more && (
        <p className="mt-3 text-sm">
          <Link href={allHref} className="font-medium text-brand-800 underline">
            See all payments {of}
          </Link>
        </p>
      )}
    </section>
  );
}
