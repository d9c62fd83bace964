import { describe, expect, it } from 'vitest';
import { axisTicks, weekStarts } from '@/components/payments/chart-scale';
import { changeWords, comparePeriods } from '@/components/overview/periods';

const day = (index: number, totalAmount: number, feeAmount: number, paymentCount = 1) => ({
  day: new Date(Date.UTC(2026, 0, 1) + index * 86_400_000).toISOString().slice(0, 10),
  paymentCount,
  totalAmount,
  feeAmount,
  netAmount: Number(((totalAmount * 10_000 - feeAmount * 10_000) / 10_000).toFixed(4)),
});

describe("the overview's periods", () => {
  it('compares today, 7 and 30 days with the same number of days before, adding money exactly', () => {
    // 60 days of 0.1 + 0.2-style amounts: float sums would show 0.30000000000000004.
    const days = Array.from({ length: 60 }, (_, index) => day(index, index % 2 ? 0.2 : 0.1, 0.01));
    const [today, week, month] = comparePeriods(days);
    expect(today).toMatchObject({ label: 'Today', from: days[59]!.day, to: days[59]!.day, current: { paymentCount: 1, gross: '0.2', fees: '0.01', net: '0.19' } });
    expect(today!.previous).toEqual({ paymentCount: 1, gross: '0.1', fees: '0.01', net: '0.09' });
    expect(week).toMatchObject({ from: days[53]!.day, to: days[59]!.day, current: { paymentCount: 7, gross: '1.1', fees: '0.07', net: '1.03' } });
    expect(week!.previous.gross).toBe('1');
    expect(month!.current).toEqual({ paymentCount: 30, gross: '4.5', fees: '0.3', net: '4.2' });
    expect(month!.previous.gross).toBe('4.5');
  });

  it('says the change against the period before in words, and never divides by nothing', () => {
    expect(changeWords('150', '100', 'yesterday')).toBe('up 50% on yesterday');
    expect(changeWords('75', '100', 'the 7 days before')).toBe('down 25% on the 7 days before');
    expect(changeWords('100', '100', 'yesterday')).toBe('about the same as yesterday');
    expect(changeWords('10', '0', 'yesterday')).toBe('nothing yesterday');
    expect(changeWords('0', '0', 'yesterday')).toBe('nothing yesterday either');
  });
});

describe("the payments chart's scale", () => {
  it('labels the amount axis at round steps reaching the best day', () => {
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(1000)).toEqual([0, 250, 500, 750, 1000]);
    expect(axisTicks(1234.5)).toEqual([0, 500, 1000, 1500]);
    expect(axisTicks(271_360.5)).toEqual([0, 100_000, 200_000, 300_000]);
    for (const highest of [0.07, 3, 99.99, 12_345, 9_999_999]) expect(axisTicks(highest).at(-1)).toBeGreaterThanOrEqual(highest);
  });

  it('labels weeks on their Mondays', () => {
    // 1 March 2026 is a Sunday.
    const days = Array.from({ length: 14 }, (_, index) => `2026-03-${String(index + 1).padStart(2, '0')}`);
    expect(weekStarts(days)).toEqual([1, 8]);
  });
});
