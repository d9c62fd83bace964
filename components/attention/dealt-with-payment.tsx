import Link from '@/components/ui/link';
import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import type { Payment } from '@/components/payments/types';
import { formatMoney } from '@/lib/portal/money';

const resolutionWords = { MOVED: 'Counted toward another bill', NOTED: 'Marked dealt with' } as const;

/** A payment for a closed bill that someone dealt with: what it was, what was done and when, with the note left. */
export function DealtWithPayment({ payment, billName = 'this bill' }: { payment: Payment; billName?: string }) {
  const attention = payment.attention;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-lg font-semibold tabular-nums text-slate-900">{formatMoney(payment.amount, payment.currency)}</p>
        {attention && <Badge tone="success">{resolutionWords[attention.resolution]}</Badge>}
      </div>
      <p className="mt-2 text-sm text-slate-800">
        Payment{' '}
        <Link href={`/payments/${payment.id}`} className="font-mono font-medium text-brand-800 underline underline-offset-2">
          {payment.providerReference}
        </Link>
        {attention && (
          <>
            , dealt with <DateTime value={attention.resolvedAt} />
          </>
        )}
        {attention?.resolution === 'MOVED' && payment.expectedPaymentId && (
          <>
            {' '}onto{' '}
            <Link href={`/bills/${payment.expectedPaymentId}`} className="text-brand-800 underline underline-offset-2">
              {billName}
            </Link>
          </>
        )}
        .
      </p>
      {attention?.note && <p className="mt-1 text-sm text-slate-700">Note: {attention.note}</p>}
    </li>
  );
}
