'use client';

import { Button } from '@/components/ui/button';

/**
 * The service did not answer: a sentence and a retry, never details of the failure. Said in both
 * of the payer page's languages, since a client error page cannot ask the server which was chosen.
 */
export default function PayerPageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-10">
      <div role="alert" className="rounded-xl border border-red-200 bg-white p-6">
        <h1 className="text-xl font-semibold text-slate-900">These payment instructions could not be loaded</h1>
        <p className="mt-2 text-slate-700">Please try again in a moment.</p>
        <p lang="sw" className="mt-4 text-slate-700">
          Maelekezo haya ya malipo hayakuweza kupakiwa. Tafadhali jaribu tena baada ya muda mfupi.
        </p>
        <Button variant="secondary" className="mt-4" onClick={reset}>
          Try again · Jaribu tena
        </Button>
      </div>
    </main>
  );
}
