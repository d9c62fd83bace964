import { describe, expect, it } from 'vitest';
import { splitIntoNairobiDays } from '@/lib/payments/nairobi-days';

describe('splitIntoNairobiDays', () => {
  it('cuts a range at Nairobi midnights (21:00 UTC) into whole days and partial edges', () => {
    expect(splitIntoNairobiDays('2026-03-01T09:00:00Z', '2026-03-04T06:30:00Z')).toEqual({
      fromDay: '2026-03-02',
      toDay: '2026-03-04',
      edges: [
        { from: new Date('2026-03-01T09:00:00Z'), to: new Date('2026-03-01T21:00:00Z') },
        { from: new Date('2026-03-03T21:00:00Z'), to: new Date('2026-03-04T06:30:00Z') },
      ],
    });
  });

  it('has no edges when both ends are Nairobi midnights, in any offset', () => {
    expect(splitIntoNairobiDays('2026-03-02T00:00:00+03:00', '2026-03-02T21:00:00Z')).toEqual({ fromDay: '2026-03-02', toDay: '2026-03-03', edges: [] });
  });

  it('leaves open ends open', () => {
    expect(splitIntoNairobiDays(undefined, undefined)).toEqual({ fromDay: undefined, toDay: undefined, edges: [] });
    expect(splitIntoNairobiDays('2026-03-01T22:00:00Z', undefined)).toEqual({
      fromDay: '2026-03-03',
      toDay: undefined,
      edges: [{ from: new Date('2026-03-01T22:00:00Z'), to: new Date('2026-03-02T21:00:00Z') }],
    });
  });

  it('gives nothing to read from the totals when the range holds no whole day', () => {
    expect(splitIntoNairobiDays('2026-03-01T10:00:00Z', '2026-03-02T10:00:00Z')).toBeUndefined();
    expect(splitIntoNairobiDays('2026-03-01T10:00:00Z', '2026-03-01T09:00:00Z')).toBeUndefined();
  });
});
