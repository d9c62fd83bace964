import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { DeliveryStatus } from './types';

export const deliveryStatusText: Record<DeliveryStatus, { label: string; tone: BadgeTone }> = {
  PENDING: { label: 'Pending', tone: 'info' },
  SUCCEEDED: { label: 'Delivered', tone: 'success' },
  FAILED: { label: 'Failed', tone: 'danger' },
  CANCELLED: { label: 'Cancelled', tone: 'neutral' },
};

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { label, tone } = deliveryStatusText[status];
  return <Badge tone={tone}>{label}</Badge>;
}
