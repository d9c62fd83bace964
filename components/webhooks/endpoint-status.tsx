import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import type { WebhookEndpointDetails } from './types';
import { deactivationText } from './words';

/** What the status needs from an endpoint's details: why it stopped, or since when and how it fails. */
export type EndpointHealth = Pick<WebhookEndpointDetails, 'deactivationReason' | 'failingSince' | 'lastFailure'>;

/** The latest failure in words: the receiver's HTTP answer, or why no answer came. */
export function failureText(failure: NonNullable<EndpointHealth['lastFailure']>): string {
  // Errors are stored as sentences: their full stop is left to the sentence they are put in.
  const error = failure.error?.replace(/\.+$/, '');
  if (failure.responseStatus !== null) return `answered HTTP ${failure.responseStatus}${error ? `: ${error}` : ''}`;
  return error ?? 'no answer';
}

/**
 * Active; Failing (since when, and the last error) while deliveries fail and are retried; or
 * Deactivated with the reason. Green only when events really arrive.
 */
export function EndpointStatus({ active, health }: { active: boolean; health?: EndpointHealth | null }) {
  if (!active) {
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <Badge tone="danger">Deactivated</Badge>
        {health?.deactivationReason && <span className="text-sm text-slate-700">{deactivationText[health.deactivationReason]}</span>}
      </span>
    );
  }
  if (health?.failingSince) {
    return (
      <span className="inline-flex flex-col items-start gap-1">
        <Badge tone="warning">Failing</Badge>
        <span className="text-sm text-slate-700">
          Since <DateTime value={health.failingSince} />
          {health.lastFailure && (
            <>
              ; last error at <DateTime value={health.lastFailure.attemptedAt} />: {failureText(health.lastFailure)}
            </>
          )}
          . Deliveries are retried.
        </span>
      </span>
    );
  }
  return <Badge tone="success">Active</Badge>;
}
