import { describe, expect, it } from 'vitest';
import { composeReceipt } from '@/lib/messages/compose';
import { cutToFit, shortenedSms, smsSize, toGsm7Letters } from '@/lib/messages/segments';

const receipt = (merchant: string) =>
  composeReceipt('SMS', 'sw', {
    merchant,
    customer: null,
    amount: '1500',
    currency: 'KES',
    rail: 'MPESA',
    providerReference: 'SKT7AB12CD',
    receivedAt: new Date('2026-11-25T11:03:00Z'),
    billReference: 'INV-2026-000123',
    accountNumber: '4123456',
    stillDue: '500',
  }).body;

describe('SMS segments', () => {
  it('counts GSM-7 texts in 160 septets, then 153 per part, with € and [ ] taking two', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSize('a'.repeat(161)).segments).toBe(2);
    expect(smsSize('a'.repeat(306)).segments).toBe(2);
    expect(smsSize('a'.repeat(307)).segments).toBe(3);
    expect(smsSize('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSize(`${'a'.repeat(159)}[`).segments).toBe(2);
  });

  it('counts a text with one character outside GSM-7 as UCS-2: 70, then 67 per part, an emoji taking two', () => {
    expect(smsSize(`Zoë${'a'.repeat(67)}`)).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSize(`Zoë${'a'.repeat(68)}`).segments).toBe(2);
    expect(smsSize('😀'.repeat(35))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSize('😀'.repeat(68)).segments).toBe(3);
  });

  it('keeps Swahili receipts in GSM-7', () => {
    expect(smsSize(receipt('Duka la Mama Njeri')).encoding).toBe('GSM-7');
  });

  it('shortens a receipt whose merchant name would make it five parts to two, keeping the receipt number', () => {
    const longName = `Wholesale Distributors ${'of Fine Kenyan Goods '.repeat(30)}`;
    expect(smsSize(`${longName} ${receipt('x')}`).segments).toBeGreaterThanOrEqual(5);
    const text = receipt(longName);
    expect(smsSize(text).segments).toBeLessThanOrEqual(2);
    expect(text).toContain('SKT7AB12CD');
    expect(text).toContain('INV-2026-000123');
  });

  it('writes accented names in GSM-7 letters rather than turning the whole message UCS-2 when it would not fit', () => {
    const name = 'Zoë Łukaszewska Wanjiru Kamau Biashara na Huduma';
    const text = receipt(name);
    expect(smsSize(text).encoding).toBe('GSM-7');
    expect(text).toContain('Zoe Lukaszewska');
    expect(toGsm7Letters('Café Zoë')).toBe('Café Zoe');
  });

  it('cuts a text that cannot fit at a whole character, never half of an emoji', () => {
    const cut = cutToFit('😀'.repeat(200));
    expect(smsSize(cut).segments).toBeLessThanOrEqual(2);
    expect(cut.endsWith('...')).toBe(true);
    expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(shortenedSms((names) => `${names.a} says hi`, { a: 'x'.repeat(400) }).length).toBeLessThanOrEqual(306);
  });
});
