import type { ReactNode } from 'react';

/** The frame of the public one-time-link pages, like the sign-in page's. */
export function LinkPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <p className="text-center text-lg font-semibold tracking-tight text-brand-800">Collect</p>
        <div className="mt-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="mb-6 text-xl font-semibold text-slate-900">{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}

export function UnusableLink() {
  return <p className="text-sm text-slate-700">This link cannot be used: it was already used, withdrawn or has expired. Ask an administrator of your merchant for a new one.</p>;
}
