'use client';

import { useQuery } from '@tanstack/react-query';
import Link from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import { promptStatus } from '@/app/(portal)/stk/actions';
import { isSettled, type PromptStatus, type PromptView } from './types';

/** Often enough to feel live while the payer types their PIN; the simulator answers in about 2.5 s. */
const POLL_MS = 1_500;
/** The service settles every prompt within about three minutes; past this, stop asking. */
const GIVE_UP_MS = 5 * 60 * 1000;

const tones: Record<PromptStatus, string> = {
  PENDING: 'border-sky-200 bg-sky-50 text-sky-950',
  COMPLETED: 'border-green-200 bg-green-50 text-green-900',
  FAILED: 'border-red-200 bg-red-50 text-red-900',
  TIMED_OUT: 'border-amber-200 bg-amber-50 text-amber-950',
};

/**
 * A prompt's status, asked again every 1.5 s until it is paid, declined or lapsed. When it is
 * paid the page around it refreshes, so a bill or balance shows the payment. Without
 * JavaScript it links to the prompt's page, which refreshes itself.
 */
export function PromptStatusPanel({ initial, followLink = true }: { initial: PromptView; followLink?: boolean }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [startedAt] = useState(() => Date.now());
  const { data, isError } = useQuery({
    queryKey: ['stk-prompt', initial.id],
    queryFn: () => promptStatus(initial.id),
    initialData: initial,
    refetchInterval: (query) => {
      const view = query.state.data;
      if (!view || isSettled(view.status)) return false;
      return Date.now() - startedAt < GIVE_UP_MS ? POLL_MS : false;
    },
  });
  const view = data ?? initial;
  const settled = isSettled(view.status);

  // Ended while being followed here: paid, the bill, balance and payments around it have changed;
  // unpaid, the page offers to send it again.
  const endedHere = initial.status === 'PENDING' && settled;
  useEffect(() => {
    if (endedHere) router.refresh();
  }, [endedHere, router]);

  return (
    <div className={`mt-4 rounded-lg border p-4 ${tones[view.status]}`}>
      <p role="status" className="flex items-center gap-2 font-medium">
        {!settled && (
          <span aria-hidden="true" className="inline-block size-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none" />
        )}
        {data === null ? 'This prompt can no longer be found.' : view.headline}
      </p>
      <p className="mt-1 text-sm">Prompt for {view.sentTo}.</p>
      {isError && !settled && <p className="mt-1 text-sm">We could not check just now; trying again…</p>}
      {view.status === 'COMPLETED' && view.paymentId && (
        <p className="mt-2 text-sm">
          <Link href={`/payments/${view.paymentId}`} className="font-medium underline underline-offset-2">
            Open the payment
          </Link>
        </p>
      )}
      {followLink && !settled && !hydrated && (
        <p className="mt-2 text-sm">
          <Link href={`/stk/${view.id}`} className="font-medium underline underline-offset-2">
            Follow this prompt
          </Link>
        </p>
      )}
    </div>
  );
}
