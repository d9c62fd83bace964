import { DateTime } from '@/components/ui/date-time';
import { DetailList, type Detail } from '@/components/ui/detail-list';
import { formatMoney } from '@/lib/portal/money';
import { nairobiDate } from './dates';
import { SettlementStatusBadge } from './status-badge';
import type { Settlement } from './types';
import { railName } from '@/lib/portal/money';
import { originLabel, statusText } from './words';

/** A settlement's totals (collected − fees − reversals = paid out), where it went, and its story so far. */
export function SettlementDetails({ settlement, subMerchantName }: { settlement: Settlement; subMerchantName?: string }) {
  const money = (amount: number | string) => formatMoney(amount, settlement.currency);
  const items: Detail[] = [
    { term: 'Status', detail: <SettlementStatusBadge status={settlement.status} />, note: statusText[settlement.status].meaning },
    { term: 'Paid out', detail: <strong className="font-semibold">{money(settlement.amount)}</strong>, note: 'Collected, less fees and reversals.' },
    { term: 'Collected', detail: money(settlement.grossAmount) },
    { term: 'Fees', detail: money(settlement.feeAmount), note: 'Fees of the payments, less the fees refunded with reversals.' },
    { term: 'Reversals', detail: money(settlement.reversalAmount), note: 'Payments reversed after an earlier settlement had paid them out.' },
    ...carried(settlement, money),
    { term: 'Payments and reversals', detail: String(settlement.entryCount) },
    { term: 'To', detail: settlement.destination, note: railName(settlement.rail) },
    { term: 'How', detail: originLabel[settlement.origin] ?? settlement.origin, note: settlement.scheduledFor ? `For ${nairobiDate(settlement.scheduledFor)}.` : undefined },
    { term: 'Created', detail: <DateTime value={settlement.createdAt} /> },
  ];
  if (subMerchantName) items.splice(7, 0, { term: 'Sub-merchant', detail: subMerchantName });
  if (settlement.processingAt) items.push({ term: 'Sent', detail: <DateTime value={settlement.processingAt} /> });
  if (settlement.paidAt) items.push({ term: 'Paid', detail: <DateTime value={settlement.paidAt} /> });
  if (settlement.failedAt) items.push({ term: 'Failed', detail: <DateTime value={settlement.failedAt} />, note: settlement.failureReason ?? undefined });
  if (settlement.returnedAt) items.push({ term: 'Returned', detail: <DateTime value={settlement.returnedAt} />, note: settlement.failureReason ?? undefined });
  if (settlement.providerReference) items.push({ term: 'Bank or M-Pesa reference', detail: <span className="font-mono">{settlement.providerReference}</span> });
  items.push({ term: 'Settlement ID', detail: <span className="font-mono text-sm">{settlement.id}</span> });
  return <DetailList items={items} />;
}

/** Cents moved between settlements paid to M-Pesa, which pays whole shillings only (shown only when there are some). */
function carried(settlement: Settlement, money: (amount: number | string) => string): Detail[] {
  const details: Detail[] = [];
  if (Number(settlement.broughtForward) !== 0) {
    details.push({ term: 'Brought forward', detail: money(settlement.broughtForward), note: 'Cents an earlier payout to M-Pesa could not pay.' });
  }
  if (Number(settlement.carriedForward) !== 0) {
    details.push({ term: 'Carried forward', detail: money(settlement.carriedForward), note: 'M-Pesa pays whole shillings: these cents go with the next payout.' });
  }
  return details;
}
