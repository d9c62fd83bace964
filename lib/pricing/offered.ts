import { isCollectable } from '@/lib/money/channels';
import { CURRENCY_NOT_COLLECTABLE } from '@/lib/money/currencies';
import type { Queryable } from '@/lib/platform/db';
import type { InboundPayment } from '@/lib/payments/inbound';
import { offeredChannels } from './charge';
import { pricingOfMerchant } from './current';

/**
 * Why a merchant cannot collect in this currency, or undefined when it can: no channel carries it
 * (lib/money/channels.ts), or none of those that do is priced in it (a channel without a fee rule in
 * a currency is not offered in it). Bills and accounts are refused for the same reasons the payment
 * options leave a channel out, so no bill or account exists that its payers could not pay.
 */
export async function currencyNotOffered(merchantId: string, currency: string, tx?: Queryable): Promise<string | undefined> {
  if (!isCollectable(currency)) return CURRENCY_NOT_COLLECTABLE;
  if (offeredChannels(await pricingOfMerchant(merchantId, tx), currency).length > 0) return undefined;
  return `No way of paying is offered in ${currency} here (no channel has a fee rule for it: docs/pricing.md).`;
}

/** Whether this payment's channel is offered in its currency to the account's merchant: what validation steps ask. */
export async function channelOffered(merchantId: string, inbound: Pick<InboundPayment, 'channel' | 'currency' | 'receivedAt'>, tx?: Queryable): Promise<boolean> {
  return offeredChannels(await pricingOfMerchant(merchantId, tx), inbound.currency, inbound.receivedAt).includes(inbound.channel);
}
