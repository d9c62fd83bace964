'use client';

import { Button } from '@/components/ui/button';
import { useHydrated } from '@/components/ui/use-hydrated';

/**
 * Opens the browser's print dialog. Only shown with JavaScript; the browser's own Print command
 * needs none. `label` comes from the server in the page's language.
 */
export function PrintButton({ label, variant = 'primary' }: { label: string; variant?: 'primary' | 'secondary' }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Button variant={variant} onClick={() => window.print()} data-print="hide">
      {label}
    </Button>
  );
}
