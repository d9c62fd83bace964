import { randomUUID } from 'node:crypto';
import type { Payment } from '@/components/payments/types';
import { formatMoney } from '@/lib/portal/money';
import { PaymentStatusBadge, paymentStatusText } from './payment-status-badge';
import { ReversalList } from './reversal-list';
import { ReversePaymentForm } from './reverse-payment-form';
import type { Reversal } from './types';

/**
 * The payment's status, its reversals (with the rail's reason when one failed) and, for those
 * who may change things, the way to reverse it. SUPPORT sees the same, without the action.
 */
export function PaymentReversalSection({ payment, reversals, canReverse }: { payment: Payment; reversals: Reversal[]; canReverse: boolean }) {
  return (
    <section aria-labelledby="payment-reversal" className="space-y-3">
      <h2 id="payment-reversal" className="text-lg font-semibold text-slate-900">
        Status
      </h2>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="payment-status">
        <PaymentStatusBadge status={payment.status} />
        <span>{paymentStatusText[payment.status].meaning}</span>
      </p>
      {payment.status === 'RECEIVED' && canReverse && (
        <ReversePaymentForm paymentId={payment.id} amountText={formatMoney(payment.amount, payment.currency)} idempotencyKey={randomUUID()} />
      )}
      {reversals.length > 0 && <ReversalList reversals={reversals} />}
    </section>
  );
}
