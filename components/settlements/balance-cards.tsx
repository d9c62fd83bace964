import Link from '@/components/ui/link';
import { formatMoney } from '@/lib/portal/money';
import { toUnits } from '@/lib/money/decimal';
import { nairobiDate } from './dates';
import type { Balance } from './types';

const isNegative = (amount: number | string) => toUnits(String(amount)) < 0n;

function Figure({ term, amount, currency, note }: { term: string; amount: number | string; currency: string; note: string }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">{formatMoney(amount, currency)}</dd>
      <dd className="mt-1 text-xs text-slate-600">{note}</dd>
    </div>
  );
}

/** What the merchant will be paid next, in words. */
export function NextPayout({ balance, accountsHref }: { balance: Balance; accountsHref?: string }) {
  if (!balance.settlementAccountId) {
    return (
      <p className="text-sm text-slate-700">
        No settlement account in {balance.currency} yet, so nothing is paid out.
        {accountsHref && (
          <>
            {' '}
            <Link href={accountsHref} className="font-medium text-brand-800 underline">
              Add one
            </Link>
          </>
        )}
      </p>
    );
  }
  if (!balance.nextSettlement) return <p className="text-sm text-slate-700">No payout is scheduled: you are paid when you choose &quot;Pay out now&quot;.</p>;
  return (
    <p className="text-sm text-slate-800">
      Next payout: <strong className="font-semibold">{nairobiDate(balance.nextSettlement.date)}</strong>, about{' '}
      <strong className="font-semibold">{formatMoney(balance.nextSettlement.estimatedAmount, balance.currency)}</strong>
      {' '}(what is available by then, net of fees).
    </p>
  );
}

/**
 * The balances of each currency (and of each sub-merchant paid to its own account): what can be
 * paid out now, what is still within the settlement delay, what is held for reversals, and what
 * is on its way. A negative available balance is explained, not only shown in red.
 */
export function BalanceCards({ balances, bucketName, accountsHref }: { balances: Balance[]; bucketName: (subMerchantId: string | null) => string; accountsHref?: string }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {balances.map((balance) => {
        const heading = `${balance.currency} · ${bucketName(balance.subMerchantId)}`;
        const id = `balance-${balance.currency}-${balance.subMerchantId ?? 'merchant'}`;
        return (
          <section key={id} aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id={id} className="text-base font-semibold text-slate-900">
              {heading}
            </h2>
            <dl className="mt-3 grid grid-cols-[repeat(auto-fit,minmax(9rem,1fr))] gap-4">
              <Figure term="Available" amount={balance.available} currency={balance.currency} note="Can be paid out now." />
              <Figure term="Pending" amount={balance.pending} currency={balance.currency} note="Received within the settlement delay." />
              <Figure term="Reserved" amount={balance.reserved} currency={balance.currency} note="Held for reversals in progress." />
              <Figure term="In progress" amount={balance.settling} currency={balance.currency} note="In payouts not yet confirmed." />
            </dl>
            {isNegative(balance.available) && (
              <p role="note" className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                Your available balance is below zero because a payment was reversed after it had been paid out to you. The amount will be
                netted from your next settlement.
              </p>
            )}
            <div className="mt-4">
              <NextPayout balance={balance} accountsHref={accountsHref} />
            </div>
          </section>
        );
      })}
    </div>
  );
}
