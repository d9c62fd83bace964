import { Badge } from '@/components/ui/badge';
import { matchStatusText } from './payment-words';
import type { MatchStatus } from './types';

export function MatchStatusBadge({ status }: { status: MatchStatus }) {
  const { label, tone } = matchStatusText[status];
  return <Badge tone={tone}>{label}</Badge>;
}
