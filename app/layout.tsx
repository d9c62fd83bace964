import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Collect', template: '%s · Collect' },
  description: 'Collect payments by M-Pesa paybill, STK push and bank transfer into virtual accounts.',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: Next can only put this request's CSP nonce on its scripts then.
  await connection();
  // English, except a payer page in another language (lib/i18n/request.ts).
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body className="min-h-dvh bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
