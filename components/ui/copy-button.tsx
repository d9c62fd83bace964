'use client';

import { useState } from 'react';
import { Button } from './button';
import { useHydrated } from './use-hydrated';

type Outcome = 'idle' | 'copied' | 'failed';

/**
 * Copies `text` to the clipboard. It appears only once JavaScript runs; the text it copies is
 * always on the page as well, so it can be selected and copied by hand without it.
 * `label` is the visible text; `what` completes the accessible name when the label is just "Copy".
 */
export function CopyButton({ text, label, what }: { text: string; label?: string; what: string }) {
  const hydrated = useHydrated();
  const [outcome, setOutcome] = useState<Outcome>('idle');
  if (!hydrated) return null;

  async function copy() {
    try {
      // navigator.clipboard exists only in secure contexts (https, localhost).
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  }

  return (
    <span className="inline-flex items-center gap-2" data-print="hide">
      <Button variant="secondary" className="min-h-8 px-2 py-1 text-xs" onClick={copy} aria-label={label ? undefined : `Copy ${what}`}>
        {label ?? 'Copy'}
      </Button>
      <span role="status" className="text-xs text-slate-600">
        {outcome === 'copied' ? 'Copied' : outcome === 'failed' ? 'Select it and copy by hand' : ''}
      </span>
    </span>
  );
}
