import { Badge } from '@/components/ui/badge';
import type { DeactivationReason } from './types';
import { deactivationText } from './words';

/** Active, or Deactivated with the reason when it is known (the list route does not carry it: the page reads it from the details). */
export function EndpointStatus({ active, reason }: { active: boolean; reason?: DeactivationReason | null }) {
  if (active) return <Badge tone="success">Active</Badge>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Badge tone="danger">Deactivated</Badge>
      {reason && <span className="text-sm text-slate-700">{deactivationText[reason]}</span>}
    </span>
  );
}
