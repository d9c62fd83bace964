import type { RouteOutput } from '@/lib/client/types';
import type { accountRoutes } from '@/lib/accounts/routes';
import { formatMoney } from '@/lib/portal/money';
import { FigureLink } from './figure-link';

type Account = RouteOutput<typeof accountRoutes.list>[number];

/** The merchant's own collection accounts and their balances, each linking to the account. */
export function BalanceFigures({ accounts }: { accounts: Account[] }) {
  return (
    <section aria-labelledby="balances">
      <h2 id="balances" className="mb-3 text-lg font-semibold text-slate-900">
        Balances
      </h2>
      {accounts.length > 0 ? (
        <dl className="grid gap-3 sm:grid-cols-2">
          {accounts.map((account) => (
            <FigureLink
              key={account.id}
              label={`${account.purposeLabel} ${account.accountNumber}`}
              href={`/accounts/${account.id}`}
              value={formatMoney(account.balance, account.currency)}
              note={`Fees so far: ${formatMoney(account.feeBalance, account.currency)}`}
            />
          ))}
        </dl>
      ) : (
        <p className="text-sm text-slate-600">No active collection accounts.</p>
      )}
      <p className="mt-3 text-sm text-slate-600">Customer and bill accounts are on their records; every account is under Accounts.</p>
    </section>
  );
}
