import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import type { RailNotification } from './types';

const kindLabel: Record<RailNotification['kind'], string> = {
  C2B_CONFIRMATION: 'M-Pesa paybill confirmation',
  BANK_CREDIT: 'Bank credit notification',
  STK_CALLBACK: 'M-Pesa phone prompt callback',
  TRANSACTION_STATUS: 'M-Pesa Transaction Status result (recovered)',
  PULL_TRANSACTION: 'M-Pesa Pull Transactions entry (recovered)',
};

/**
 * What the rails sent about the payment, each as received (secrets redacted by the service),
 * oldest first. The body sits behind a disclosure so the page stays short; it scrolls inside its
 * own box, never the page, on a 360 px screen.
 */
export function RailNotifications({ notifications }: { notifications: RailNotification[] }) {
  if (notifications.length === 0) {
    return (
      <EmptyState title="No raw notification kept for this payment">
        <p>Payments recorded before raw notifications were kept (migration 0030), and simulated sandbox payments made in the portal, have none.</p>
      </EmptyState>
    );
  }
  return (
    <ol className="space-y-3">
      {notifications.map((notification, index) => (
        <li key={notification.id} className="rounded-lg border border-slate-200 bg-white">
          <details open={index === 0}>
            <summary className="cursor-pointer px-4 py-3 text-sm font-medium text-brand-800 hover:bg-slate-50">
              {kindLabel[notification.kind]}, received <DateTime value={notification.receivedAt} />
              {index > 0 && ' (sent again)'}
            </summary>
            <pre className="max-h-96 overflow-auto border-t border-slate-200 bg-slate-50 px-4 py-3 font-mono text-xs leading-relaxed text-slate-900" tabIndex={0} aria-label={`${kindLabel[notification.kind]} body`}>
              {notification.body}
            </pre>
          </details>
        </li>
      ))}
    </ol>
  );
}
