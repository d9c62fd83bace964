import { DateTime } from '@/components/ui/date-time';
import type { PaymentStory } from './types';

type Delivery = PaymentStory['webhookDeliveries'][number];

/** Webhook deliveries, each with its attempts and the answer the merchant's endpoint gave. */
export function DeliveryList({ deliveries }: { deliveries: Delivery[] }) {
  if (deliveries.length === 0) return <p className="text-sm text-slate-600">No webhook was sent: the merchant has no endpoint for these events, or none then.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {deliveries.map((delivery) => (
        <li key={delivery.id} className="px-4 py-3 text-sm">
          <p>
            <span className="font-mono">{delivery.eventType}</span> · <span className="font-medium">{delivery.status}</span> · {delivery.attemptCount} attempt{delivery.attemptCount === 1 ? '' : 's'}
          </p>
          <ul className="mt-1 space-y-0.5 text-slate-600">
            {delivery.attempts.map((attempt) => (
              <li key={attempt.attemptedAt}>
                <DateTime value={attempt.attemptedAt} />: {attempt.responseStatus ?? 'no answer'}
                {attempt.error && ` (${attempt.error})`}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
