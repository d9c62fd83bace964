import { CopyableCode } from '@/components/ui/copyable-code';
import { ProvisionCustomerAccountForm } from './provision-customer-account-form';

/** The customer's own account number, or the way to give it one. */
export function CustomerAccount({
  customerId,
  accountNumber,
  canProvision,
  idempotencyKey,
}: {
  customerId: string;
  accountNumber?: string;
  canProvision: boolean;
  idempotencyKey: string;
}) {
  return (
    <section aria-labelledby="customer-account" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="customer-account" className="text-lg font-semibold text-slate-900">
        Virtual account
      </h2>
      {accountNumber ? (
        <>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-800">
            Account number: <CopyableCode value={accountNumber} what="the customer's account number" />
          </p>
          <p className="mt-1 text-sm text-slate-600">Every payment into this number is credited to this customer.</p>
        </>
      ) : (
        <>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            This customer has no account number of their own yet. With one, every payment they make into it is credited to them,
            with no reference to quote.
          </p>
          {canProvision && (
            <div className="mt-3">
              <ProvisionCustomerAccountForm customerId={customerId} idempotencyKey={idempotencyKey} />
            </div>
          )}
        </>
      )}
    </section>
  );
}
