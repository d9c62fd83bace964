import { displayPhone } from '@/lib/platform/phone';
import { BalanceHistoryTable } from '@/components/accounts/balance-history-table';
import { MatchStatusBadge } from '@/components/payments/match-status-badge';
import { channelLabel, referenceLabel } from '@/components/payments/payment-words';
import { PaymentStatusBadge } from '@/components/reversals/payment-status-badge';
import { DateTime } from '@/components/ui/date-time';
import { DetailList } from '@/components/ui/detail-list';
import { EmptyState } from '@/components/ui/empty-state';
import { formatMoney } from '@/lib/portal/money';
import { DeliveryList } from './delivery-list';
import { RailNotifications } from './rail-notifications';
import type { PaymentStory as Story } from './types';

const none = <span className="text-slate-500">None</span>;

function Section({ id, title, note, children }: { id: string; title: string; note?: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-1 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {note && <p className="mb-3 max-w-prose text-sm text-slate-600">{note}</p>}
      {children}
    </section>
  );
}

/** One payment's whole story, as support needs it to answer a payer or a merchant. */
export function PaymentStory({ story }: { story: Story }) {
  const { payment, merchant, account, bill, settlement } = story;
  return (
    <div className="space-y-8">
      <DetailList
        items={[
          { term: 'Merchant', detail: <span className="font-medium">{merchant.name}</span>, note: <span className="font-mono text-xs">{merchant.id}</span> },
          { term: referenceLabel(payment.channel), detail: <span className="font-mono">{payment.providerReference}</span> },
          { term: 'Amount', detail: formatMoney(payment.amount, payment.currency), note: `Fee ${formatMoney(payment.feeAmount, payment.currency)}, net ${formatMoney(payment.netAmount, payment.currency)}` },
          { term: 'Received', detail: <DateTime value={payment.receivedAt} />, note: <>Recorded <DateTime value={payment.createdAt} /></> },
          { term: 'Payer', detail: payment.payerName ?? 'Name not given', note: [payment.payerPhone && displayPhone(payment.payerPhone), payment.payerAccount].filter(Boolean).join(' · ') || undefined },
          { term: 'How', detail: channelLabel[payment.channel] },
          { term: 'Account', detail: <span className="font-mono">{account.accountNumber}</span>, note: `${account.accountName} (${account.purposeLabel})` },
          { term: 'Typed by the payer', detail: payment.billReference ? <span className="font-mono">{payment.billReference}</span> : none },
          {
            term: 'Bill',
            detail: bill ? <span className="font-mono">{bill.paymentReference}</span> : none,
            note: bill ? `${formatMoney(bill.amount, bill.currency)}, ${bill.status.toLowerCase()}` : undefined,
          },
          {
            term: 'Status',
            detail: (
              <span className="flex flex-wrap gap-2">
                <MatchStatusBadge status={payment.matchStatus} />
                <PaymentStatusBadge status={payment.status} />
              </span>
            ),
          },
          {
            term: 'Settlement',
            detail: settlement ? `${formatMoney(settlement.amount, settlement.currency)} to ${settlement.destination}` : 'Not paid out yet',
            note: settlement ? <>{settlement.status.toLowerCase()}, made <DateTime value={settlement.createdAt} /></> : undefined,
          },
        ]}
      />

      <Section id="raw-callbacks" title="What the rails sent" note="Every notification and callback received for this payment, exactly as sent (secrets hidden). A repeated one is the rail retrying: it was recorded once.">
        <RailNotifications notifications={story.railNotifications} />
      </Section>

      <Section id="ledger" title="Balance entries" note="What this payment did to the account: the amount credited, the fee, and any reversal.">
        {story.ledgerEntries.length > 0 ? <BalanceHistoryTable entries={story.ledgerEntries} currency={payment.currency} /> : <EmptyState title="No balance entries" />}
      </Section>

      <Section id="webhooks" title="What the merchant's systems were told" note="Webhook deliveries of this payment's events, with each attempt.">
        <DeliveryList deliveries={story.webhookDeliveries} />
      </Section>

      <Section id="reversals" title="Reversals">
        {story.reversals.length > 0 ? (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {story.reversals.map((reversal) => (
              <li key={reversal.id} className="px-4 py-3 text-sm">
                <span className="font-medium">{reversal.status}</span> · asked <DateTime value={reversal.createdAt} />
                {reversal.reason && <p className="text-slate-600">{reversal.reason}</p>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">Never reversed.</p>
        )}
      </Section>

      {story.prompts.length > 0 && (
        <Section id="prompts" title="Phone prompt">
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {story.prompts.map((prompt) => (
              <li key={prompt.id} className="px-4 py-3 text-sm">
                <span className="font-mono">{prompt.checkoutRequestId ?? prompt.id}</span> · {prompt.status} · to <span className="font-mono">{displayPhone(prompt.phone)}</span>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}
