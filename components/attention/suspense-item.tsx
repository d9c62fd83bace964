import Link from '@/components/ui/link';
import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import type { SelectOption } from '@/components/ui/select-field';
import { formatMoney } from '@/lib/portal/money';
import { resolveSuspense, returnSuspense } from '@/app/(portal)/attention/actions';
import { AttentionForm } from './attention-form';
import type { SuspensePayment } from './types';
import { displayPhone } from '@/lib/platform/phone';

const statusWords = { OPEN: 'Waiting', RESOLVED: 'Credited', RETURN_REQUESTED: 'To be returned' } as const;
const statusTone = { OPEN: 'warning', RESOLVED: 'success', RETURN_REQUESTED: 'neutral' } as const;

/** What the rail sent as the amount, in money when it is money. */
export const suspenseAmount = (item: SuspensePayment) => (item.amount === null ? `${item.amountText} (not an amount)` : formatMoney(item.amount, item.currency));

/** One sum of money that could not be credited: what came, why it is here, and (for a writer) what to do. */
export function SuspenseItem({ item, targets }: { item: SuspensePayment; targets?: SelectOption[] }) {
  const creditable = item.amount !== null;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-lg font-semibold tabular-nums text-slate-900">{suspenseAmount(item)}</p>
        <Badge tone={statusTone[item.status]}>{statusWords[item.status]}</Badge>
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-600">Received </dt>
          <dd className="inline">
            <DateTime value={item.receivedAt} />
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-600">{item.rail === 'MPESA' ? 'M-Pesa receipt ' : 'Bank reference '}</dt>
          <dd className="inline font-mono">{item.providerReference}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">Account entered </dt>
          <dd className="inline font-mono">{item.accountNumber ?? '—'}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">Payer </dt>
          <dd className="inline">{[item.payerName, item.payerPhone && displayPhone(item.payerPhone)].filter(Boolean).join(', ') || 'Not given'}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="inline text-slate-600">Why it is here </dt>
          <dd className="inline">{item.detail ?? item.reason}</dd>
        </div>
        {item.resolutionNote && (
          <div className="sm:col-span-2">
            <dt className="inline text-slate-600">Note </dt>
            <dd className="inline">{item.resolutionNote}</dd>
          </div>
        )}
      </dl>
      {targets && item.status === 'OPEN' && (
        <div className="mt-3 grid gap-2 md:grid-cols-2">
          {creditable ? (
            <AttentionForm
              action={resolveSuspense}
              summary="Credit it…"
              hidden={{ suspenseId: item.id }}
              targets={targets}
              targetLabel={`Credit ${suspenseAmount(item)} to`}
              noteLabel="Note (optional)"
              submitLabel="Credit it"
              pendingLabel="Crediting…"
              noTargets={
                <p data-testid="no-credit-target">
                  No active account or open bill of yours takes {item.currency}, so there is nowhere to credit it yet.{' '}
                  <Link href="/accounts/new" className="font-medium text-brand-800 underline">
                    Open a {item.currency} account
                  </Link>
                  , then come back here; or return the money to the payer.
                </p>
              }
            />
          ) : (
            <p className="text-sm text-slate-700">What the rail sent is not an amount of money, so it cannot be credited: return it to the payer.</p>
          )}
          <AttentionForm
            action={returnSuspense}
            summary="Return it to the payer…"
            hidden={{ suspenseId: item.id }}
            noteLabel="Note for whoever pays it back (optional)"
            submitLabel="Mark for return"
            pendingLabel="Marking…"
          >
            <p className="text-sm text-slate-700">It will no longer be credited. Paying it back to the payer is done outside Collect.</p>
          </AttentionForm>
        </div>
      )}
    </li>
  );
}
