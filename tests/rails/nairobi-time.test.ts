import { describe, expect, it } from 'vitest';
import { fromDarajaTime, toDarajaTime } from '@/lib/rails/nairobi-time';

describe("Daraja's times (Nairobi, YYYYMMDDHHmmss)", () => {
  it('reads a time three hours ahead of UTC, and writes it back the same', () => {
    const at = fromDarajaTime('20260301003015');
    expect(at?.toISOString()).toBe('2026-02-28T21:30:15.000Z');
    expect(toDarajaTime(at!)).toBe('20260301003015');
    expect(fromDarajaTime(20261231235959)?.toISOString()).toBe('2026-12-31T20:59:59.000Z');
  });

  it('refuses texts that name no time: a day or hour that does not exist, a two-digit year, anything else', () => {
    for (const text of ['20260231120000', '20260229120000', '20261301120000', '20260301240000', '20260301126000', '00500301120000', '2026030112000', 'x0260301120000', '', null, undefined]) {
      expect(fromDarajaTime(text)).toBeUndefined();
    }
    expect(fromDarajaTime('20280229120000')?.toISOString()).toBe('2028-02-29T09:00:00.000Z');
  });
});
