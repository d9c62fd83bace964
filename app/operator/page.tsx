import type { Metadata } from 'next';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { redirect } from 'next/navigation';
import { mfaRoutes } from '@/lib/auth/mfa/routes';
import { operatorClient, requireOperatorSession } from '@/lib/portal/operator-session';

export const metadata: Metadata = { title: 'Search' };

/** The console's first page: one search box for what a payer calls with. */
export default async function OperatorHome() {
  const session = await requireOperatorSession();
  const { user } = session;
  // Where sign-in lands: an operator without two factors enrols first (docs/operator.md).
  if (!(await operatorClient(session).call(mfaRoutes.status)).enabled) redirect('/operator/account');
  return (
    <>
      <PageHeader title={`Hello, ${user.firstName}`} description="Find a payment anywhere: every merchant's records are searched, and each merchant sees in its audit log that you looked." />
      <form action="/operator/payments" method="get" role="search" aria-label="Payments of every merchant" className="flex max-w-2xl flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="q" className="block text-sm font-medium text-slate-800">
            Receipt, phone, reference or account number
          </label>
          <p id="q-hint" className="mt-1 text-sm text-slate-600">
            An M-Pesa receipt (QJK3H8…), a payer phone in any form (0712…, +254…, 254…), a bank or bill reference, a virtual account number, or an STK CheckoutRequestID.
          </p>
          <input
            id="q"
            name="q"
            type="search"
            required
            maxLength={100}
            autoFocus
            aria-describedby="q-hint"
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
          />
        </div>
        <Button type="submit">Search</Button>
      </form>
    </>
  );
}
