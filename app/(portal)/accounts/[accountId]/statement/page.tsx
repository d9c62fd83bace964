import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { PrintButton } from '@/components/payer/print-button';
import { StatementSummary } from '@/components/statements/statement-summary';
import { StatementTable } from '@/components/statements/statement-table';
import '@/components/statements/statement.css';
import { buttonClassName } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { Field } from '@/components/ui/field';
import { merchantRoutes } from '@/lib/merchants/routes';
import { isServiceError } from '@/lib/portal/errors';
import { hrefWith, type SearchParams } from '@/lib/portal/pagination';
import { portalClient, requireSession } from '@/lib/portal/session';
import { statementRoutes } from '@/lib/statements/routes';
import { statementPeriod } from './period';
import { servicePage } from '@/components/ui/service-page';
import { recordId } from '@/lib/portal/refusals';

export const metadata: Metadata = { title: 'Account statement' };

type Params = Promise<{ accountId: string }>;

/** Field errors of a refused period, by field ("query.from" → from). */
const periodErrors = (errors: { path: string; message: string }[] = []) => ({
  from: errors.filter((error) => error.path === 'query.from').map((error) => error.message),
  to: errors.filter((error) => error.path === 'query.to').map((error) => error.message),
});

async function StatementPage({ params, searchParams }: { params: Params; searchParams: Promise<SearchParams> }) {
  const session = await requireSession();
  const [{ accountId }, query] = await Promise.all([params, searchParams]);
  recordId(accountId);
  const period = statementPeriod(query);
  const client = portalClient(session);
  const [merchant, answer] = await Promise.all([
    client.call(merchantRoutes.me),
    client.call(statementRoutes.accountStatement, { params: { virtualAccountId: accountId }, query: period }).catch((error: unknown) => {
      if (isServiceError(error) && error.status === 404) notFound();
      if (isServiceError(error) && error.status === 422) return error;
      throw error;
    }),
  ]);
  const refused = isServiceError(answer) ? answer : null;
  const statement = refused ? null : (answer as Exclude<typeof answer, Error>);
  const errors = periodErrors(refused?.errors);
  const base = `/accounts/${accountId}/statement`;

  return (
    <div className="statement-sheet space-y-6">
      <p className="text-sm" data-print="hide">
        <Link href={`/accounts/${accountId}`} className="text-brand-800 underline underline-offset-2">
          ← Back to the account
        </Link>
      </p>
      <header className="statement-keep flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm font-medium text-slate-600">{merchant.name}</p>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Account statement</h1>
          {statement && (
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-800">
              <dt className="text-slate-600">Account</dt>
              <dd>
                {statement.accountName} · <span className="tabular-nums">{statement.accountNumber}</span> · {statement.currency}
              </dd>
              <dt className="text-slate-600">Period</dt>
              <dd data-testid="statement-period">
                <DateTime value={statement.periodStart} style="date" /> to <DateTime value={`${statement.to}T12:00:00+03:00`} style="date" /> (Nairobi days, both included)
              </dd>
              <dt className="text-slate-600">Produced</dt>
              <dd>
                <DateTime value={statement.generatedAt} />
              </dd>
            </dl>
          )}
        </div>
        {statement && (
          <div className="flex gap-2" data-print="hide">
            <a href={hrefWith(`${base}/csv`, { from: statement.from, to: statement.to })} className={buttonClassName('secondary')} download>
              Download CSV
            </a>
            <PrintButton label="Print" />
          </div>
        )}
      </header>

      <form method="get" action={base} className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4" data-print="hide" aria-label="Statement period">
        <Field label="From" name="from" type="date" defaultValue={statement?.from ?? period.from} errors={errors.from} />
        <Field label="To (included)" name="to" type="date" defaultValue={statement?.to ?? period.to} errors={errors.to} />
        <button type="submit" className={buttonClassName('primary')}>
          Show statement
        </button>
      </form>

      {refused && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900">
          {refused.detail ?? refused.title}
        </p>
      )}
      {statement && (
        <>
          <StatementSummary statement={statement} />
          <StatementTable statement={statement} />
          <p className="text-sm text-slate-600">
            Fees are charged to the fee balance, not taken from the balance: the balance column is the account&apos;s balance. Each period opens on the closing
            balance of the one before.
          </p>
        </>
      )}
    </div>
  );
}

export default servicePage({ title: 'Account statement', back: { href: '/accounts', label: 'All accounts' } }, StatementPage);
