import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { BillStatus } from './types';

/** Every bill status in the order a bill moves through them, with its words. */
export const billStatusText: Record<BillStatus, { label: string; tone: BadgeTone }> = {
  OPEN: { label: 'Open', tone: 'info' },
  PARTIALLY_PAID: { label: 'Partially paid', tone: 'warning' },
  PAID: { label: 'Paid', tone: 'success' },
  EXPIRED: { label: 'Expired', tone: 'neutral' },
  CANCELLED: { label: 'Cancelled', tone: 'danger' },
};

export const billStatuses = Object.keys(billStatusText) as BillStatus[];

export const isBillStatus = (value: string | undefined): value is BillStatus => billStatuses.includes(value as BillStatus);

/** Bills that can still be paid, and so still be cancelled. */
export const isAwaitingPayment = (status: BillStatus) => status === 'OPEN' || status === 'PARTIALLY_PAID';

export function BillStatusBadge({ status }: { status: BillStatus }) {
  const { label, tone } = billStatusText[status];
  return <Badge tone={tone}>{label}</Badge>;
}
