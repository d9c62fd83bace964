'use client';

import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { newestPaymentId } from '@/app/(portal)/overview-actions';
import { useHydrated } from '@/components/ui/use-hydrated';

/** Payments arrive at any moment; every few seconds is live enough for an overview. */
const POLL_MS = 4_000;

/**
 * Asks every few seconds for the newest payment; when another has arrived, the page is rendered
 * again on the server, so every figure (totals, balances, the list) moves together.
 */
export function LiveRefresh({ newest }: { newest: string | null }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const { data, isError } = useQuery({ queryKey: ['newest-payment'], queryFn: () => newestPaymentId(), initialData: newest, refetchInterval: POLL_MS });
  const shown = useRef(newest);
  useEffect(() => {
    if (data === undefined || data === shown.current) return;
    shown.current = data;
    router.refresh();
  }, [data, router]);
  if (!hydrated) return null;
  return (
    <p className="text-sm text-slate-600" aria-live="polite">
      {isError ? 'We could not check for new payments just now, and keep trying.' : 'New payments appear here by themselves.'}
    </p>
  );
}
