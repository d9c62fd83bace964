'use client';

import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { PORTAL_TIME_ZONE } from '@/components/ui/date-time';
import { useHydrated } from '@/components/ui/use-hydrated';
import { accountBalance } from '@/app/(portal)/payments/balance-actions';
import type { BalanceView } from './balance-view';

/** Payments arrive at any moment; every few seconds is live enough for a balance. */
const POLL_MS = 4_000;

const timeOfDay = new Intl.DateTimeFormat('en-GB', { timeZone: PORTAL_TIME_ZONE, timeStyle: 'medium' });

/**
 * The account's balance, asked again every few seconds while the page is open. When it moves,
 * the page refreshes so that the payments and balance history below show why.
 */
export function LiveBalance({ accountId, initial }: { accountId: string; initial: BalanceView }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const { data, isError } = useQuery({
    queryKey: ['account-balance', accountId],
    queryFn: () => accountBalance(accountId),
    initialData: initial,
    refetchInterval: POLL_MS,
  });
  const view = data ?? initial;

  const shown = useRef(initial.balanceValue);
  useEffect(() => {
    if (view.balanceValue === shown.current) return;
    shown.current = view.balanceValue;
    router.refresh();
  }, [view.balanceValue, router]);

  return (
    <section aria-labelledby="live-balance" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="live-balance" className="text-sm font-medium text-slate-600">
        Balance now
      </h2>
      <p className="mt-1 text-3xl font-semibold tabular-nums text-slate-900" aria-live="polite" aria-atomic="true">
        {view.balance}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        Fees charged so far: <span className="tabular-nums">{view.feeBalance}</span>.{' '}
        Checked at <time dateTime={view.checkedAt}>{timeOfDay.format(new Date(view.checkedAt))}</time> (Nairobi time)
        {hydrated ? (isError ? '; we could not check again just now, and keep trying.' : '; it updates by itself.') : '.'}
      </p>
    </section>
  );
}
