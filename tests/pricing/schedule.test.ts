import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, setConfig } from '@/lib/platform/config';
import { parseFeeSchedule } from '@/lib/platform/fee-schedule';
import { chargeFor, offeredChannels } from '@/lib/pricing/charge';
import { DEFAULT_FEE_SCHEDULE, defaultSchedule } from '@/lib/pricing/defaults';
import { feeUnder } from '@/lib/pricing/fee';

const useSchedule = (FEE_SCHEDULE?: string) => setConfig(parseConfig({ NODE_ENV: 'test', ...(FEE_SCHEDULE ? { FEE_SCHEDULE } : {}) }));
const now = new Date();

/** The configuration error FEE_SCHEDULE gives, as the start prints it. */
function startError(FEE_SCHEDULE: string): string {
  try {
    parseConfig({ NODE_ENV: 'test', FEE_SCHEDULE });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('default fee schedule', () => {
  it('prices every collectable currency on every channel that carries it, in that currency', () => {
    useSchedule();
    expect(offeredChannels(undefined, 'KES')).toEqual(['MOBILE_MONEY', 'INSTANT_BANK', 'RTGS']);
    for (const currency of ['USD', 'EUR', 'GBP']) expect(offeredChannels(undefined, currency), currency).toEqual(['RTGS']);
  });

  it('charges a USD 150 RTGS payment USD 1.00, not the 100 shillings of the KES rule', () => {
    useSchedule();
    const { fee, rule } = chargeFor(undefined, '150', 'RTGS', 'USD', now);
    expect(fee).toBe('1');
    expect(rule).toEqual({ source: 'DEFAULT', merchantPricingId: null, currency: 'USD', channel: 'RTGS', percent: '0', fixed: '1' });
    expect(chargeFor(undefined, '5000', 'RTGS', 'KES', now).fee).toBe('100');
    expect(chargeFor(undefined, '40', 'RTGS', 'GBP', now).fee).toBe('0.8');
  });

  it('keeps the shilling fees as they were: 1% on M-Pesa between 1 and 200, 25 per instant transfer', () => {
    useSchedule();
    expect(chargeFor(undefined, '1234.56', 'MOBILE_MONEY', 'KES', now).fee).toBe('12.35');
    expect(chargeFor(undefined, '50', 'MOBILE_MONEY', 'KES', now).fee).toBe('1');
    expect(chargeFor(undefined, '1000000', 'MOBILE_MONEY', 'KES', now).fee).toBe('200');
    expect(chargeFor(undefined, '10', 'INSTANT_BANK', 'KES', now).fee).toBe('10'); // never more than the amount
  });

  it('rounds a percentage fee half-up to the currency\'s minor unit', () => {
    expect(feeUnder({ percent: '1.5', fixed: '0' }, '1001', 'UGX')).toBe('15');
    expect(feeUnder({ percent: '2.9', fixed: '0.3' }, '10.05', 'USD')).toBe('0.59');
  });
});

describe('FEE_SCHEDULE', () => {
  it('reads the first, one-level form (channels at the top) as the KES schedule, other currencies keeping their defaults', () => {
    useSchedule('{"MOBILE_MONEY":{"percent":"2","fixed":"0"},"INSTANT_BANK":{"percent":"0","fixed":"30"},"RTGS":{"percent":"0","fixed":"150"}}');
    expect(defaultSchedule().KES).toEqual({
      MOBILE_MONEY: { percent: '2', fixed: '0' },
      INSTANT_BANK: { percent: '0', fixed: '30' },
      RTGS: { percent: '0', fixed: '150' },
    });
    expect(chargeFor(undefined, '1000', 'MOBILE_MONEY', 'KES', now).fee).toBe('20');
    expect(chargeFor(undefined, '150', 'RTGS', 'USD', now).fee).toBe('1');
    expect(defaultSchedule().USD).toEqual(DEFAULT_FEE_SCHEDULE.USD);
  });

  it('replaces a named currency whole, so a channel it leaves out is not offered in that currency', () => {
    useSchedule('{"KES":{"MOBILE_MONEY":{"percent":"1","fixed":"0"}},"EUR":{}}');
    expect(offeredChannels(undefined, 'KES')).toEqual(['MOBILE_MONEY']);
    expect(offeredChannels(undefined, 'EUR')).toEqual([]);
    expect(offeredChannels(undefined, 'USD')).toEqual(['RTGS']);
    expect(chargeFor(undefined, '500', 'INSTANT_BANK', 'KES', now)).toEqual({
      fee: '0',
      rule: { source: 'NONE', merchantPricingId: null, currency: 'KES', channel: 'INSTANT_BANK' },
    });
  });

  it('stops the start with a sentence naming each bad value', () => {
    expect(startError('{"USD":{"RTGS":{"percent":"0","fixed":"1,00"}}}')).toBe(
      'Environment variable FEE_SCHEDULE is not valid: USD.RTGS.fixed must be a decimal string such as "1.5".',
    );
    expect(startError('{"USD":{"MOBILE_MONEY":{"percent":"1","fixed":"0"}}}')).toContain('USD.MOBILE_MONEY: M-Pesa carries only KES');
    expect(startError('{"JPY":{"RTGS":{"percent":"0","fixed":"100"}}}')).toContain('JPY is not a currency any channel carries (KES, USD, EUR or GBP)');
    expect(startError('{"KES":{"RTGS":{"percent":"0","fixed":"100","min":"5","max":"1"}}}')).toContain('KES.RTGS.min must not be more than max');
    expect(startError('{"KES":{"RTGS":{"percent":"101","fixed":"0"}}}')).toContain('KES.RTGS.percent must be at most 100');
    expect(startError('{"KES":{"RTGS":{"fixed":"100"}}}')).toContain('KES.RTGS.percent is required');
    expect(startError('{"KES":{"RTGS":{"percent":"ten","fixed":"0","min":"x","max":"1"}}}')).toBe(
      'Environment variable FEE_SCHEDULE is not valid: KES.RTGS.percent must be a decimal string such as "1.5"; KES.RTGS.min must be a decimal string such as "1.5".',
    );
    expect(startError('{"KES":{"SWIFT":{"percent":"0","fixed":"1"}}}')).toContain('KES.SWIFT is not a channel');
    expect(startError('{"RTGS":{"percent":"0","fixed":"1"},"USD":{}}')).toContain('RTGS is a channel beside currencies');
    expect(startError('not json')).toBe('Environment variable FEE_SCHEDULE is not valid: it is not JSON.');
  });

  it('takes the same form for a merchant\'s own schedule', () => {
    expect(parseFeeSchedule('{"USD":{"RTGS":{"percent":"0","fixed":"0.5"}}}')).toEqual({ ok: true, schedule: { USD: { RTGS: { percent: '0', fixed: '0.5' } } } });
    expect(parseFeeSchedule('[]')).toMatchObject({ ok: false });
  });
});
