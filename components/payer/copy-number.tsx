'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/components/ui/use-hydrated';

type Outcome = 'idle' | 'copied' | 'failed';

/**
 * A Copy button beside a number the payer types (paybill, account), in the page's language. It
 * appears only once JavaScript runs: without it the number is still there, large, to read or
 * select. `labels` come from the server (messages/*.json).
 */
export function CopyNumber({ value, labels }: { value: string; labels: { copy: string; accessible: string; copied: string; failed: string } }) {
  const hydrated = useHydrated();
  const [outcome, setOutcome] = useState<Outcome>('idle');
  if (!hydrated) return null;

  async function copy() {
    try {
      // navigator.clipboard exists only in secure contexts (https, localhost).
      await navigator.clipboard.writeText(value);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  }

  return (
    <span className="ml-2 inline-flex items-center gap-2 align-middle" data-print="hide">
      <Button variant="secondary" className="min-h-8 px-2 py-1 text-xs" onClick={copy} aria-label={labels.accessible}>
        {labels.copy}
      </Button>
      <span role="status" className="text-xs font-normal tracking-normal text-slate-600">
        {outcome === 'copied' ? labels.copied : outcome === 'failed' ? labels.failed : ''}
      </span>
    </span>
  );
}
