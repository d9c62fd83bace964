import { FigureLink, countText } from './figure-link';

/**
 * What waits for someone: payments for bills that could no longer take them, money not yet
 * credited (suspense, in the service's words), and webhook endpoints that are failing or were turned off. Each links to where it
 * is dealt with.
 */
export function AttentionFigures({
  needsAttention,
  suspense,
  webhooks,
}: {
  needsAttention: { count: number; more: boolean };
  suspense: { count: number; more: boolean };
  webhooks: { failing: number; deactivated: number };
}) {
  const nothing = needsAttention.count === 0 && suspense.count === 0 && webhooks.failing === 0 && webhooks.deactivated === 0;
  return (
    <section aria-labelledby="needs-attention">
      <h2 id="needs-attention" className="mb-3 text-lg font-semibold text-slate-900">
        Needs attention
      </h2>
      {nothing && <p className="mb-3 text-sm text-slate-700">Nothing waits for you.</p>}
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FigureLink
          label="Payments for closed bills"
          href="/attention#payments-heading"
          value={countText(needsAttention.count, needsAttention.more)}
          note="Arrived after the bill was paid, cancelled or expired."
          testId="attention-payments"
        />
        <FigureLink label="Money not yet credited" href="/attention#suspense-heading" value={countText(suspense.count, suspense.more)} note="In a currency or an amount no account could take as it came." testId="attention-suspense" />
        <FigureLink label="Failing webhook endpoints" href="/webhooks" value={webhooks.failing} note="Deliveries are being retried." testId="attention-webhooks-failing" />
        <FigureLink label="Turned-off webhook endpoints" href="/webhooks" value={webhooks.deactivated} note="They receive nothing." testId="attention-webhooks-off" />
      </dl>
    </section>
  );
}
