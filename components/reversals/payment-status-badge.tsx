import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { Payment } from '@/components/payments/types';

type PaymentStatus = Payment['status'];

export const paymentStatusText: Record<PaymentStatus, { label: string; tone: BadgeTone; meaning: string }> = {
  RECEIVED: { label: 'Received', tone: 'success', meaning: 'The money is in the account.' },
  REVERSAL_PENDING: { label: 'Reversal pending', tone: 'warning', meaning: 'A reversal was asked of the rail; its answer usually comes within seconds.' },
  REVERSED: { label: 'Reversed', tone: 'danger', meaning: 'The money went back to the payer: the account was debited and the fee refunded.' },
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { label, tone } = paymentStatusText[status];
  return <Badge tone={tone}>{label}</Badge>;
}
