'use client';

import { Button } from '@/components/ui/button';
import { useHydrated } from '@/components/ui/use-hydrated';

/** Opens the browser's print dialog. Only shown with JavaScript; the browser's own Print command needs none. */
export function PrintButton({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Button variant={variant} onClick={() => window.print()} data-print="hide">
      Print
    </Button>
  );
}
