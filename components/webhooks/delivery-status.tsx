import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { DeliveryStatus } from './types';

export const deliveryStatusText: Record<DeliveryStatus, { label: string; tone: BadgeTone }> = {
  PENDING: { label: 'Pending', tone: 'info' },
  SUCCEEDED: { label: 'Delivered', tone: 'success' },
  FAILED: { label: 'Failed', tone: 'danger' },
  CANCELLED: { label: 'Cancelled', tone: 'neutral' },
};

/**
 * A pending delivery that has been tried and failed is not merely waiting: it says "Failing,
 * retrying" in the warning colour, so a broken receiver does not look like a queue.
 */
export function DeliveryStatusBadge({ status, attemptCount = 0 }: { status: DeliveryStatus; attemptCount?: number }) {
  if (status === 'PENDING' && attemptCount > 0) return <Badge tone="warning">Failing, retrying</Badge>;
  const { label, tone } = deliveryStatusText[status];
  return <Badge tone={tone}>{label}</Badge>;
}
