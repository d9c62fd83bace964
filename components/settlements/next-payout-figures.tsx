import Link from '@/components/ui/link';
import { FigureLink } from '@/components/overview/figure-link';
import { formatMoney } from '@/lib/portal/money';
import { nairobiDate } from './dates';
import type { Balance } from './types';

/**
 * The overview's answer to "what will reach my bank, and when?": per balance with a settlement
 * account, the next scheduled payout's date and estimated amount.
 */
export function NextPayoutFigures({ balances }: { balances: Balance[] }) {
  const paid = balances.filter((balance) => balance.settlementAccountId);
  return (
    <section aria-labelledby="next-payout">
      <h2 id="next-payout" className="mb-3 text-lg font-semibold text-slate-900">
        Next payout
      </h2>
      {paid.length > 0 ? (
        <dl className="grid gap-3 sm:grid-cols-2">
          {paid.map((balance) => (
            <FigureLink
              key={`${balance.currency}-${balance.subMerchantId ?? ''}`}
              label={balance.nextSettlement ? `${balance.currency} on ${nairobiDate(balance.nextSettlement.date)}` : `${balance.currency}, no payout scheduled`}
              href="/settlements"
              value={formatMoney(balance.nextSettlement?.estimatedAmount ?? balance.available, balance.currency)}
              note={balance.nextSettlement ? 'Estimated: what is due by then, net of fees.' : 'Available now: paid out when you choose "Pay out now".'}
              testId="next-payout"
            />
          ))}
        </dl>
      ) : (
        <p className="text-sm text-slate-600">
          Nothing is paid out until a settlement account is added.{' '}
          <Link href="/settlements/accounts" className="font-medium text-brand-800 underline">
            Settlement accounts
          </Link>
        </p>
      )}
    </section>
  );
}
