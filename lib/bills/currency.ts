import { legacyAccountOf } from '@/lib/accounts/queries';
import { unprocessable } from '@/lib/api/errors';
import { currencyNotOffered } from '@/lib/pricing/offered';
import type { Queryable } from '@/lib/platform/db';

const refuse = (message: string) => unprocessable('No payment channel can pay this bill.', [{ path: 'currency', message }]);

/**
 * A bill must be payable: some channel carries its currency and is offered in it (priced: lib/pricing),
 * and the account it is paid into
 * takes that currency. With its own invoice account the account is made in the bill's currency;
 * without one the bill is paid into the merchant's LEGACY account, quoting its reference, and a
 * payment in another currency than that account's would only go to suspense.
 */
export async function ensurePayableCurrency(tx: Queryable, merchantId: string, currency: string, ownAccount: boolean): Promise<void> {
  const notOffered = await currencyNotOffered(merchantId, currency, tx);
  if (notOffered) throw refuse(notOffered);
  if (ownAccount) return;
  const legacy = await legacyAccountOf(tx, merchantId);
  if (legacy && legacy.currency !== currency) {
    throw refuse(
      `Without its own account (provisionInvoiceVa false) a bill is paid into your main account, which takes only ${legacy.currency}: bill in ${legacy.currency}, or give the bill its own account.`,
    );
  }
}
