import { describe, expect, it } from 'vitest';
import { railName } from '@/lib/money/rails';
import { amountProblem, currencyText, decimalText, formatMoney, fromUnits, storedText, toUnits } from '@/lib/money/decimal';

describe('money as exact decimals', () => {
  it('writes amounts the way a NUMERIC(20, 4) column gives them back', () => {
    expect(['1500', '1500.5', '0.0001', '0', '-12.25', '999999999999.9999'].map(storedText)).toEqual([
      '1500.0000',
      '1500.5000',
      '0.0001',
      '0.0000',
      '-12.2500',
      '999999999999.9999',
    ]);
  });

  it('keeps JSON numbers as their exact decimal text', () => {
    expect(decimalText(1500.5)).toBe('1500.5');
    expect(decimalText(0.1 + 0.2)).toBeUndefined(); // 0.30000000000000004 has too many decimals to be money
    expect(decimalText(1e21)).toBeUndefined();
    expect(decimalText('  42.10 ')).toBe('42.10');
  });

  it('refuses more decimals than the currency has, and amounts that are not positive', () => {
    expect(amountProblem('10.50', 'KES')).toBeUndefined();
    expect(amountProblem('10.505', 'KES')).toMatch(/at most 2 decimals/);
    expect(amountProblem('10.5', 'UGX')).toMatch(/no decimals/);
    expect(amountProblem('1.234', 'KWD')).toBeUndefined();
    expect(amountProblem('0', 'KES')).toMatch(/greater than zero/);
    expect(amountProblem('-5', 'KES')).toMatch(/greater than zero/);
  });

  it('adds in integer units without float error', () => {
    const sum = ['0.1', '0.2', '1999999999.99'].map(toUnits).reduce((a, b) => a + b, 0n);
    expect(fromUnits(sum)).toBe('2000000000.29');
    expect(fromUnits(toUnits('-3.0500'))).toBe('-3.05');
    expect(['7', '-7', '.5', '-0.0001', '12.3', '999999999999999.9999'].map(toUnits)).toEqual([70000n, -70000n, 5000n, -1n, 123000n, 9999999999999999999n]);
  });

  it('formats for people with the currency\'s decimals', () => {
    expect(formatMoney('1500.5', 'KES')).toBe('KES 1,500.50');
    expect(formatMoney('1234567', 'UGX')).toBe('UGX 1,234,567');
    expect(formatMoney(0.125, 'KWD')).toBe('KWD 0.125');
  });

  it('writes money below zero with a true minus before the currency, never "KES -12,850.50"', () => {
    expect(formatMoney('-12850.5', 'KES')).toBe('\u2212KES 12,850.50');
    expect(formatMoney(-0.004, 'KES')).toBe('KES 0.00');
  });

  it('names every rail and channel as merchants know them', () => {
    expect(['MPESA', 'BANK', 'MOBILE_MONEY', 'INSTANT_BANK', 'RTGS', 'MPESA_B2C'].map(railName)).toEqual([
      'M-Pesa',
      'Bank transfer',
      'M-Pesa',
      'Instant bank transfer (PesaLink)',
      'RTGS bank transfer',
      'M-Pesa to a phone (B2C)',
    ]);
    expect(railName('SOMETHING_NEW')).toBe('Something new');
  });
});

describe('amounts in files', () => {
  it('are written with the currency\'s decimals, ungrouped, and never lose a digit', () => {
    expect(currencyText(toUnits('1500.5'), 'KES')).toBe('1500.50');
    expect(currencyText(toUnits('-198'), 'KES')).toBe('-198.00');
    expect(currencyText(toUnits('1500'), 'UGX')).toBe('1500');
    expect(currencyText(toUnits('1.5'), 'KWD')).toBe('1.500');
    // A fee of four decimals stays exact rather than being cut to the currency's two.
    expect(currencyText(toUnits('0.0025'), 'USD')).toBe('0.0025');
  });
});

describe('fees', async () => {
  const { feeFor, DEFAULT_FEE_SCHEDULE } = await import('@/lib/payments/fees');
  it('charges the schedule exactly, clamped and rounded to the currency', () => {
    expect(feeFor('1500', 'MOBILE_MONEY', 'KES', DEFAULT_FEE_SCHEDULE)).toBe('15');
    expect(feeFor('1234.56', 'MOBILE_MONEY', 'KES', DEFAULT_FEE_SCHEDULE)).toBe('12.35');
    expect(feeFor('50', 'MOBILE_MONEY', 'KES', DEFAULT_FEE_SCHEDULE)).toBe('1');
    expect(feeFor('1000000', 'MOBILE_MONEY', 'KES', DEFAULT_FEE_SCHEDULE)).toBe('200');
    expect(feeFor('10', 'INSTANT_BANK', 'KES', DEFAULT_FEE_SCHEDULE)).toBe('10');
    expect(feeFor('5000', 'RTGS', 'KES', DEFAULT_FEE_SCHEDULE)).toBe('100');
    expect(feeFor('1001', 'MOBILE_MONEY', 'UGX', { ...DEFAULT_FEE_SCHEDULE, MOBILE_MONEY: { percent: '1.5', fixed: '0' } })).toBe('15');
  });
});
