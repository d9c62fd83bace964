import { describe, expect, it } from 'vitest';
import { hourStart, splitForTotals } from '@/lib/payments/nairobi-days';

const at = (iso: string) => new Date(iso);

describe('splitForTotals', () => {
  it('cuts a range at Nairobi midnights (21:00 UTC) into whole days, whole hours and sub-hour edges', () => {
    expect(splitForTotals('2026-03-01T09:00:00Z', '2026-03-04T06:30:00Z', { hours: true })).toEqual({
      days: { fromDay: '2026-03-02', toDay: '2026-03-04' },
      hours: [
        { from: at('2026-03-01T09:00:00Z'), to: at('2026-03-01T21:00:00Z') },
        { from: at('2026-03-03T21:00:00Z'), to: at('2026-03-04T06:00:00Z') },
      ],
      edges: [{ from: at('2026-03-04T06:00:00Z'), to: at('2026-03-04T06:30:00Z') }],
    });
  });

  it('leaves partial days whole when the filter has no hourly totals', () => {
    expect(splitForTotals('2026-03-01T09:00:00Z', '2026-03-04T06:30:00Z', { hours: false })).toEqual({
      days: { fromDay: '2026-03-02', toDay: '2026-03-04' },
      hours: [],
      edges: [
        { from: at('2026-03-01T09:00:00Z'), to: at('2026-03-01T21:00:00Z') },
        { from: at('2026-03-03T21:00:00Z'), to: at('2026-03-04T06:30:00Z') },
      ],
    });
  });

  it('has nothing but days when both ends are Nairobi midnights, in any offset', () => {
    expect(splitForTotals('2026-03-02T00:00:00+03:00', '2026-03-02T21:00:00Z', { hours: true })).toEqual({
      days: { fromDay: '2026-03-02', toDay: '2026-03-03' },
      hours: [],
      edges: [],
    });
  });

  it('leaves open ends open', () => {
    expect(splitForTotals(undefined, undefined, { hours: true })).toEqual({ days: { fromDay: undefined, toDay: undefined }, hours: [], edges: [] });
    expect(splitForTotals('2026-03-01T22:10:00Z', undefined, { hours: true })).toEqual({
      days: { fromDay: '2026-03-03', toDay: undefined },
      hours: [{ from: at('2026-03-01T23:00:00Z'), to: at('2026-03-02T21:00:00Z') }],
      edges: [{ from: at('2026-03-01T22:10:00Z'), to: at('2026-03-01T23:00:00Z') }],
    });
  });

  it('reads a range without a whole day from hours and edges only', () => {
    expect(splitForTotals('2026-03-01T09:30:00Z', '2026-03-01T17:00:00Z', { hours: true })).toEqual({
      hours: [{ from: at('2026-03-01T10:00:00Z'), to: at('2026-03-01T17:00:00Z') }],
      edges: [{ from: at('2026-03-01T09:30:00Z'), to: at('2026-03-01T10:00:00Z') }],
    });
    expect(splitForTotals('2026-03-01T10:05:00Z', '2026-03-01T10:55:00Z', { hours: true })).toEqual({
      hours: [],
      edges: [{ from: at('2026-03-01T10:05:00Z'), to: at('2026-03-01T10:55:00Z') }],
    });
  });

  it('gives nothing to read for an empty or backwards range', () => {
    expect(splitForTotals('2026-03-01T10:00:00Z', '2026-03-01T10:00:00Z', { hours: true })).toEqual({ hours: [], edges: [] });
    expect(splitForTotals('2026-03-05T10:00:00Z', '2026-03-01T09:00:00Z', { hours: true })).toEqual({ hours: [], edges: [] });
  });
});

describe('hourStart', () => {
  it('is the start of the UTC hour, which is also the Nairobi hour', () => {
    expect(hourStart(at('2026-03-01T09:59:59.999Z'))).toBe('2026-03-01T09:00:00.000Z');
    expect(hourStart(at('2026-03-01T10:00:00.000+03:00'))).toBe('2026-03-01T07:00:00.000Z');
  });
});
