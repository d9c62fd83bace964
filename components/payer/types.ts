import type { RouteOutput } from '@/lib/client/types';
import type { payerLinkRoutes } from '@/lib/payer-links/routes';

/** What the public payer-link route answers: the payer's page, and nothing else of the merchant. */
export type PayerPageData = RouteOutput<typeof payerLinkRoutes.open>;
export type PaymentOptionsData = PayerPageData['paymentOptions'];
export type PaymentOptionData = PaymentOptionsData['options'][number];

export function optionOf<Channel extends PaymentOptionData['channel']>(options: PaymentOptionsData, channel: Channel) {
  return options.options.find((option): option is Extract<PaymentOptionData, { channel: Channel }> => option.channel === channel);
}

export type MobileMoneyOptionData = Extract<PaymentOptionData, { channel: 'MOBILE_MONEY' }>;
export type InstantBankOptionData = Extract<PaymentOptionData, { channel: 'INSTANT_BANK' }>;
export type RtgsOptionData = Extract<PaymentOptionData, { channel: 'RTGS' }>;
