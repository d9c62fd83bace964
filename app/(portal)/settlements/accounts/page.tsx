import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { AccountForm } from '@/components/settlements/account-form';
import { AccountTable } from '@/components/settlements/account-table';
import { ScheduleForm } from '@/components/settlements/schedule-form';
import { ScheduleView } from '@/components/settlements/schedule-view';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { servicePage } from '@/components/ui/service-page';
import { mfaRoutes } from '@/lib/auth/mfa/routes';
import { merchantRoutes } from '@/lib/merchants/routes';
import { currencyCodes } from '@/lib/portal/money';
import { isAdmin } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { settlementRoutes } from '@/lib/settlement/routes';
import { bucketNamer } from '../buckets';

export const metadata: Metadata = { title: 'Settlement accounts and schedule' };

/**
 * Where and when the merchant is paid. Administrators change both; everyone else reads them
 * (the service refuses their writes regardless).
 */
async function SettlementAccountsPage() {
  const session = await requireSession();
  const client = portalClient(session);
  const admin = isAdmin(session.user);
  const [accounts, schedule, mfa] = await Promise.all([
    client.call(settlementRoutes.listAccounts),
    client.call(settlementRoutes.getSchedule),
    admin ? client.call(mfaRoutes.status) : null,
  ]);
  // An admin scoped to one sub-merchant adds accounts for it alone: the service decides the bucket.
  const [nameOf, subMerchants] = await Promise.all([
    bucketNamer(client, session.user.merchantName, accounts.data.map((account) => account.subMerchantId)),
    admin && !session.user.subMerchantId ? client.call(merchantRoutes.listSubMerchants, { query: { limit: 200 } }) : [],
  ]);
  const needsCode = Boolean(mfa?.enabled);

  return (
    <>
      <p className="mb-2 text-sm" data-print="hide">
        <Link href="/settlements" className="text-brand-800 underline underline-offset-2">
          ← Settlements
        </Link>
      </p>
      <PageHeader title="Settlement accounts and schedule" description="Where your money is paid out, and when." />
      <div className="space-y-10">
        <section aria-labelledby="settlement-accounts" className="space-y-4">
          <h2 id="settlement-accounts" className="text-lg font-semibold text-slate-900">
            Settlement accounts
          </h2>
          {!admin && <p className="text-sm text-slate-700">Only an administrator of your merchant can add or disable settlement accounts.</p>}
          {accounts.data.length > 0 ? (
            <AccountTable accounts={accounts.data} bucketName={nameOf} admin={admin} needsCode={needsCode} />
          ) : (
            <EmptyState title="No settlement account yet">
              <p>Nothing is paid out until an administrator adds the bank account, M-Pesa phone or paybill to pay.</p>
            </EmptyState>
          )}
          {admin && (
            <AccountForm currencies={[...currencyCodes]} subMerchants={subMerchants.map((subMerchant) => ({ value: subMerchant.id, label: subMerchant.name }))} needsCode={needsCode} />
          )}
        </section>
        <section aria-labelledby="settlement-schedule" className="space-y-4">
          <h2 id="settlement-schedule" className="text-lg font-semibold text-slate-900">
            Schedule
          </h2>
          {admin ? <ScheduleForm schedule={schedule} currencies={[...currencyCodes]} /> : <ScheduleView schedule={schedule} />}
        </section>
      </div>
    </>
  );
}

export default servicePage({ title: 'Settlement accounts and schedule', back: { href: '/settlements', label: 'Settlements' } }, SettlementAccountsPage);
