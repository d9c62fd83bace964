import { Badge } from '@/components/ui/badge';
import type { Account } from './types';

const statuses: Record<Account['status'], { label: string; tone: 'success' | 'neutral' }> = {
  ACTIVE: { label: 'Active', tone: 'success' },
  CLOSED: { label: 'Closed', tone: 'neutral' },
};

export function AccountStatusBadge({ status }: { status: Account['status'] }) {
  const { label, tone } = statuses[status];
  return <Badge tone={tone}>{label}</Badge>;
}
