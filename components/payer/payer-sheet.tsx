import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import './print.css';

/**
 * The frame of every public payer page: no portal chrome, readable on a phone, and on paper a
 * single black-on-white A4 sheet (see print.css). `top` goes above the sheet (the language
 * switch, the print toolbar); neither prints.
 */
export async function PayerSheet({ children, top }: { children: ReactNode; top?: ReactNode }) {
  const t = await getTranslations('payer');
  return (
    <main id="main" className="payer-sheet mx-auto max-w-2xl px-4 py-6 sm:py-10 print:max-w-none print:p-0">
      {top}
      <article className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 print:rounded-none print:border-0 print:p-0 print:shadow-none">
        {children}
      </article>
      <p className="mt-6 text-center text-xs text-slate-500 print:mt-3">{t('footer')}</p>
    </main>
  );
}
