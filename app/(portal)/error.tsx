'use client';

import { Button } from '@/components/ui/button';

/** A failed page says so in a sentence and offers a retry; the details are in the server log. */
export default function PortalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" className="max-w-prose rounded-lg border border-red-200 bg-red-50 p-6">
      <h1 className="text-lg font-semibold text-red-900">This page could not be loaded</h1>
      <p className="mt-2 text-sm text-red-900">Something went wrong on our side. Please try again in a moment.</p>
      <Button variant="secondary" className="mt-4" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
