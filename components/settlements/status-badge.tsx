import { Badge } from '@/components/ui/badge';
import type { SettlementStatus } from './types';
import { statusText } from './words';

export function SettlementStatusBadge({ status }: { status: SettlementStatus }) {
  const text = statusText[status];
  return <Badge tone={text.tone}>{text.label}</Badge>;
}
