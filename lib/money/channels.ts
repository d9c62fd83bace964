/**
 * Which currencies each way of paying carries. Everything else follows from this one table: the
 * currencies a bill or an account may be in (some channel must carry them), the ways a payer is
 * shown, and the currencies the portal offers. Why each row is what it is: docs/payments.md,
 * "Currencies and channels".
 *
 * - MOBILE_MONEY: M-Pesa moves Kenyan shillings only.
 * - INSTANT_BANK: PesaLink is a domestic switch that settles in Kenyan shillings only.
 * - RTGS: the bank's RTGS desk takes KES (through the Central Bank's KEPSS) and the foreign
 *   currencies Kenyan banks hold settlement accounts in and quote every day: USD, EUR and GBP.
 */
export const channelCurrencies = {
  MOBILE_MONEY: ['KES'],
  INSTANT_BANK: ['KES'],
  RTGS: ['KES', 'USD', 'EUR', 'GBP'],
} as const satisfies Record<string, readonly string[]>;

export type Channel = keyof typeof channelCurrencies;
export const channels = Object.keys(channelCurrencies) as Channel[];

/** How each channel is named to merchants and payers. */
export const channelNames: Record<Channel, string> = {
  MOBILE_MONEY: 'M-Pesa',
  INSTANT_BANK: 'Instant bank transfer (PesaLink)',
  RTGS: 'RTGS bank transfer',
};

export const channelCarries = (channel: Channel, currency: string): boolean =>
  (channelCurrencies[channel] as readonly string[]).includes(currency);

/** The channels that can carry money in this currency, in the table's order (none for an unknown code). */
export const channelsCarrying = (currency: string): Channel[] => channels.filter((channel) => channelCarries(channel, currency));

/** Every currency some channel carries, KES first: the only currencies bills and accounts may be in. */
export const collectableCurrencies = [...new Set(channels.flatMap((channel) => channelCurrencies[channel]))] as [string, ...string[]];

export const isCollectable = (currency: string): boolean => channelsCarrying(currency).length > 0;

/** "KES, USD, EUR or GBP": for sentences that list what is accepted. */
export function listOfCodes(codes: readonly string[]): string {
  return codes.length < 2 ? (codes[0] ?? '') : `${codes.slice(0, -1).join(', ')} or ${codes.at(-1)}`;
}
