'use client';

/** The service did not answer: a sentence and a retry, never details of the failure. */
export default function PayerPageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-10">
      <div role="alert" className="rounded-xl border border-red-200 bg-white p-6">
        <h1 className="text-xl font-semibold text-slate-900">These payment instructions could not be loaded</h1>
        <p className="mt-2 text-slate-700">Please try again in a moment.</p>
        <button type="button" onClick={reset} className="mt-4 rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100">
          Try again
        </button>
      </div>
    </main>
  );
}
