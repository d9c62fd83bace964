import type { ReactNode } from 'react';

/**
 * A confirmation step that needs no JavaScript: the first click only opens the question, and
 * the form inside it (the real action) asks for a second, deliberate click.
 */
export function ConfirmDetails({ summary, question, children }: { summary: string; question: ReactNode; children: ReactNode }) {
  return (
    <details className="group rounded-lg border border-red-200 bg-white" data-print="hide">
      <summary className="cursor-pointer list-none rounded-lg px-4 py-3 font-medium text-red-800 hover:bg-red-50 [&::-webkit-details-marker]:hidden">
        {summary}
      </summary>
      <div className="border-t border-red-200 px-4 py-4">
        <div className="text-sm text-slate-800">{question}</div>
        <div className="mt-4">{children}</div>
      </div>
    </details>
  );
}
