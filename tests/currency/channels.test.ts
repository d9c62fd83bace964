import { describe, expect, it } from 'vitest';
import { channelCarries, channelCurrencies, channels, channelsCarrying, collectableCurrencies, isCollectable } from '@/lib/money/channels';
import { currencyCodes } from '@/lib/money/currencies';
import { paymentChannels } from '@/lib/payments/schema';
import { usableChannels } from '@/lib/payment-options/build';

/** The table the product promises, written out: every other test is driven by it. */
const EXPECTED: Record<string, string[]> = {
  KES: ['MOBILE_MONEY', 'INSTANT_BANK', 'RTGS'],
  USD: ['RTGS'],
  EUR: ['RTGS'],
  GBP: ['RTGS'],
  JPY: [],
  KWD: [],
  UGX: [],
};

describe('which channel carries which currency', () => {
  it('names exactly the channels payments are recorded under', () => {
    expect([...channels].sort()).toEqual([...paymentChannels].sort());
  });

  it('has M-Pesa and instant bank transfers carry only KES, and RTGS KES, USD, EUR and GBP', () => {
    expect(channelCurrencies).toEqual({ MOBILE_MONEY: ['KES'], INSTANT_BANK: ['KES'], RTGS: ['KES', 'USD', 'EUR', 'GBP'] });
    for (const [currency, expected] of Object.entries(EXPECTED)) {
      expect(channelsCarrying(currency), currency).toEqual(expected);
      for (const channel of channels) expect(channelCarries(channel, currency), `${channel} ${currency}`).toBe(expected.includes(channel));
    }
  });

  it('accepts exactly the currencies some channel carries, KES first', () => {
    expect(collectableCurrencies).toEqual(['KES', 'USD', 'EUR', 'GBP']);
    expect(currencyCodes).toEqual(collectableCurrencies);
    for (const [currency, expected] of Object.entries(EXPECTED)) expect(isCollectable(currency), currency).toBe(expected.length > 0);
  });

  it('offers a payer no channel when the bill is in another currency than the account it is paid into', () => {
    expect(usableChannels({ currency: 'USD', accountCurrency: 'USD' })).toEqual(['RTGS']);
    expect(usableChannels({ currency: 'USD', accountCurrency: 'KES' })).toEqual([]);
    expect(usableChannels({ currency: 'KES', accountCurrency: 'KES' })).toEqual(['MOBILE_MONEY', 'INSTANT_BANK', 'RTGS']);
  });
});
