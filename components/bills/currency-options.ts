import type { SelectOption } from '@/components/ui/select-field';
import { channelCurrencies, channels, channelsCarrying, listOfCodes, type Channel } from '@/lib/money/channels';
import { currencyCodes } from '@/lib/money/currencies';

const shortNames: Record<Channel, string> = { MOBILE_MONEY: 'M-Pesa', INSTANT_BANK: 'instant bank', RTGS: 'RTGS' };

/** Only currencies some channel carries, each saying which ways a payer has when not all: "USD (RTGS only)". */
export const billCurrencyOptions = (): SelectOption[] =>
  currencyCodes.map((code) => {
    const ways = channelsCarrying(code);
    return { value: code, label: ways.length === channels.length ? code : `${code} (${listOfCodes(ways.map((way) => shortNames[way]))} only)` };
  });

const kesOnly = channels.filter((channel) => channelCurrencies[channel].length === 1).map((channel) => shortNames[channel]);
const others = currencyCodes.filter((code) => channelsCarrying(code).length < channels.length);

/** Why the list is short, under the currency choice. */
export const BILL_CURRENCY_HINT = `${kesOnly.join(' and ')} transfers carry only KES: a bill in ${listOfCodes(others)} is paid by ${listOfCodes(
  [...new Set(others.flatMap((code) => channelsCarrying(code)))].map((channel) => shortNames[channel]),
)} transfer, into its own invoice account.`;
