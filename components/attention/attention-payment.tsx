import Link from '@/components/ui/link';
import { DateTime } from '@/components/ui/date-time';
import type { SelectOption } from '@/components/ui/select-field';
import type { Payment } from '@/components/payments/types';
import { formatMoney } from '@/lib/portal/money';
import { movePayment, notePayment } from '@/app/(portal)/attention/actions';
import { AttentionForm } from './attention-form';
import { displayPhone } from '@/lib/platform/phone';

/** A payment credited for a bill that was already paid, cancelled or expired, and what to do with it. */
/** `billName`: the closed bill as the merchant knows it ("bill INV-2041"), when the page could name it. */
export function AttentionPayment({ payment, bills, billName = 'a bill' }: { payment: Payment; bills?: SelectOption[]; billName?: string }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-lg font-semibold tabular-nums text-slate-900">{formatMoney(payment.amount, payment.currency)}</p>
        <Link href={`/payments/${payment.id}`} className="font-mono text-sm font-medium text-brand-800 underline underline-offset-2">
          {payment.providerReference}
        </Link>
      </div>
      <p className="mt-2 text-sm text-slate-800">
        Received <DateTime value={payment.receivedAt} /> from {payment.payerName ?? (payment.payerPhone ? displayPhone(payment.payerPhone) : 'a payer')} into account{' '}
        <span className="font-mono">{payment.accountNumber}</span>
        {payment.expectedPaymentId ? (
          <>
            {' '}for{' '}
            <Link href={`/bills/${payment.expectedPaymentId}`} className="text-brand-800 underline underline-offset-2">
              {billName}
            </Link>{' '}
            that could no longer be paid.
          </>
        ) : (
          '.'
        )}{' '}
        The money is in the account; the bill did not count it.
      </p>
      {bills && (
        <div className="mt-3 grid gap-2 md:grid-cols-2">
          <AttentionForm
            action={movePayment}
            summary="Count it toward another bill…"
            hidden={{ paymentId: payment.id }}
            targets={bills}
            targetLabel="The open bill it was meant for"
            noteLabel="Note (optional)"
            submitLabel="Count it toward this bill"
            pendingLabel="Moving…"
            noTargets={
              <p>
                No other open bill in {payment.currency} could take it.{' '}
                <Link href="/bills/new" className="font-medium text-brand-800 underline">
                  Raise a bill
                </Link>{' '}
                for it, then come back here; or mark it dealt with.
              </p>
            }
          />
          <AttentionForm
            action={notePayment}
            summary="Mark it dealt with…"
            hidden={{ paymentId: payment.id }}
            noteLabel="What was done about it"
            noteRequired
            submitLabel="Mark dealt with"
            pendingLabel="Saving…"
          />
        </div>
      )}
    </li>
  );
}
