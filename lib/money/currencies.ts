import { channelCurrencies, channelNames, channels, collectableCurrencies, listOfCodes } from './channels';

/**
 * ISO 4217 minor-unit digits. Amounts may not carry more decimals than the currency has (KES 2,
 * JPY 0, KWD 3). The table is wider than what the service collects on purpose: a rail may still
 * report money in another currency, and its amount is read with the right decimals before it is
 * kept in suspense.
 */
export const minorUnits: Record<string, number> = {
  KES: 2, UGX: 0, TZS: 2, RWF: 0, BIF: 0, ETB: 2, SSP: 2, SOS: 2, CDF: 2,
  USD: 2, EUR: 2, GBP: 2, CHF: 2, CAD: 2, AUD: 2, CNY: 2, INR: 2, AED: 2, SAR: 2,
  ZAR: 2, NGN: 2, GHS: 2, EGP: 2, MAD: 2, ZMW: 2, MWK: 2, MZN: 2, BWP: 2, NAD: 2,
  JPY: 0, KRW: 0, KWD: 3, BHD: 3, OMR: 3, JOD: 3, TND: 3,
};

/**
 * The currencies a bill, an account or a filter may name: those some payment channel carries
 * (lib/money/channels.ts). A bill in a currency no channel carries could never be paid.
 */
export const currencyCodes = collectableCurrencies;
export const DEFAULT_CURRENCY = 'KES';
export const isKnownCurrency = (code: string) => code in minorUnits;

/** "M-Pesa: KES; …; RTGS bank transfer: KES, USD, EUR, GBP". */
export const whatEachChannelCarries = channels.map((channel) => `${channelNames[channel]}: ${channelCurrencies[channel].join(', ')}`).join('; ');

/** The 422 message for a currency no channel carries. */
export const CURRENCY_NOT_COLLECTABLE = `Must be ${listOfCodes(currencyCodes)}, the currencies a payment channel carries (${whatEachChannelCarries}).`;
