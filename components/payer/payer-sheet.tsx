import type { ReactNode } from 'react';
import './print.css';

/**
 * The frame of every public payer page: no portal chrome, readable on a phone, and on paper a
 * single black-on-white A4 sheet (see print.css).
 */
export function PayerSheet({ children, toolbar }: { children: ReactNode; toolbar?: ReactNode }) {
  return (
    <main id="main" className="payer-sheet mx-auto max-w-2xl px-4 py-6 sm:py-10 print:max-w-none print:p-0">
      {toolbar}
      <article className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 print:rounded-none print:border-0 print:p-0 print:shadow-none">
        {children}
      </article>
      <p className="mt-6 text-center text-xs text-slate-500 print:mt-3">Payment instructions provided through Collect.</p>
    </main>
  );
}
