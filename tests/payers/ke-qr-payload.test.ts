import { describe, expect, it } from 'vitest';
import { crc16CcittFalse } from '@/lib/payment-options/ke-qr/crc';
import { keQrAmount, keQrPayload, type KeQrInput } from '@/lib/payment-options/ke-qr/payload';
import { standardText } from '@/lib/payment-options/ke-qr/text';
import { parseConfig } from '@/lib/platform/config';
import { decodeKeQr, keQrProblems } from './ke-qr-decoder';
import { expectValidKeQr, readBackQr } from './support';

const base: KeQrInput = {
  paybillNumber: '4123456',
  accountEntry: '1000000018',
  merchantName: 'Duka la Mama',
  fallbackName: 'Collect Demo Paybill',
  merchantCategoryCode: '0000',
  city: 'Nairobi',
};

describe('the KE-QR payload', () => {
  it('computes CRC-16/CCITT-FALSE as the standard checks it (check value of "123456789" is 29B1)', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
    expect(crc16CcittFalse('')).toBe('FFFF');
  });

  it('writes a static account code that the independent decoder reads field by field', () => {
    const { payload, kind } = keQrPayload(base);
    expect(kind).toBe('STATIC');
    const decoded = expectValidKeQr(payload);
    expect(decoded.objects.map((object) => object.id)).toEqual(['00', '01', '28', '52', '53', '58', '59', '60', '63']);
    expect(decoded.byId).toMatchObject({ '00': '01', '01': '11', '52': '0000', '53': '404', '58': 'KE', '59': 'Duka la Mama', '60': 'Nairobi' });
    expect(decoded.templates['28']).toEqual({ '00': 'ke.go.qr', '01': '4123456', '02': '1000000018' });
    expect(decoded.byId['54']).toBeUndefined();
    expect(decoded.templates['62']).toBeUndefined();
  });

  it('writes a bill as a dynamic code with its amount and its reference in 62/01', () => {
    const { payload, kind } = keQrPayload({ ...base, bill: { amountDue: '2000', reference: 'INV-2026-0042' } });
    expect(kind).toBe('DYNAMIC');
    const decoded = expectValidKeQr(payload);
    expect(decoded.byId['01']).toBe('12');
    expect(decoded.byId['54']).toBe('2000');
    expect(decoded.templates['62']).toEqual({ '01': 'INV-2026-0042' });
    expect(decoded.objects.map((object) => object.id)).toEqual(['00', '01', '28', '52', '53', '54', '58', '59', '60', '62', '63']);
  });

  it.each([
    ['1500.5', '1500.50'],
    ['1500.05', '1500.05'],
    ['0.5', '0.50'],
    ['1500', '1500'],
    ['1500.0000', '1500'],
    ['250000', '250000'],
  ])('writes KES %s as "%s": cents only when there are cents, never a float', (amount, written) => {
    expect(keQrAmount(amount)).toBe(written);
    expect(expectValidKeQr(keQrPayload({ ...base, bill: { amountDue: amount, reference: 'R1' } }).payload).byId['54']).toBe(written);
  });

  it('transliterates accented names rather than dropping or splitting their letters', () => {
    expect(standardText('Café Ñandú Mũthoni Ærø Łódź', 25)).toBe('Cafe Nandu Muthoni AEro L');
    const decoded = expectValidKeQr(keQrPayload({ ...base, merchantName: 'Crème Brûlée Bakery Nyeri' }).payload);
    expect(decoded.byId['59']).toBe('Creme Brulee Bakery Nyeri');
  });

  it('keeps apostrophes, typographic ones written as the plain apostrophe', () => {
    expect(expectValidKeQr(keQrPayload({ ...base, merchantName: "Mama Ng'ang'a's Kitchen" }).payload).byId['59']).toBe("Mama Ng'ang'a's Kitchen");
    expect(expectValidKeQr(keQrPayload({ ...base, merchantName: 'Wanjiru’s Salon — Kisii' }).payload).byId['59']).toBe("Wanjiru's Salon - Kisii");
  });

  it('cuts a 40-character name to 25 characters after transliteration, at a whole character, without a trailing space', () => {
    const name = 'Nairobi Fresh Produce Wholesalers Ltd. A';
    expect(name).toHaveLength(40);
    expect(expectValidKeQr(keQrPayload({ ...base, merchantName: name }).payload).byId['59']).toBe('Nairobi Fresh Produce Who');
    // "ß" becomes two letters: the cut counts the written characters, not the typed ones.
    const german = 'Großhandel Straße Mombasa Süd Kenya';
    const written = expectValidKeQr(keQrPayload({ ...base, merchantName: german }).payload).byId['59']!;
    expect(written).toBe('Grosshandel Strasse Momba');
    expect(written).toHaveLength(25);
    // A cut that lands after a space drops it.
    expect(standardText('Twenty four characters x yz', 25)).toBe('Twenty four characters x');
  });

  it('drops what has no Latin form, and falls back to the paybill name when nothing is left', () => {
    expect(expectValidKeQr(keQrPayload({ ...base, merchantName: 'Chai 🍵 House 茶' }).payload).byId['59']).toBe('Chai House');
    expect(expectValidKeQr(keQrPayload({ ...base, merchantName: '茶馆' }).payload).byId['59']).toBe('Collect Demo Paybill');
  });

  it('writes the configured city and the merchant category code', () => {
    const decoded = expectValidKeQr(keQrPayload({ ...base, city: parseConfig({ NODE_ENV: 'test', KE_QR_CITY: 'Mombasa' }).KE_QR_CITY, merchantCategoryCode: '5411' }).payload);
    expect(decoded.byId).toMatchObject({ '60': 'Mombasa', '52': '5411' });
    expect(parseConfig({ NODE_ENV: 'test' }).KE_QR_CITY).toBe('Nairobi');
    expect(() => parseConfig({ NODE_ENV: 'test', KE_QR_CITY: 'A city far too long for it' })).toThrow(/KE_QR_CITY/);
  });

  it('never cuts a bill reference: one over 25 characters stays whole in the account typed at the paybill', () => {
    const reference = 'CONTRACT-2026-000000000042';
    expect(reference.length).toBeGreaterThan(25);
    const decoded = expectValidKeQr(keQrPayload({ ...base, accountEntry: `1000000018#${reference}`, bill: { amountDue: '10', reference } }).payload);
    expect(decoded.templates['62']).toBeUndefined();
    expect(decoded.templates['28']!['02']).toBe(`1000000018#${reference}`);
  });

  it('the independent decoder refuses a code whose CRC or lengths are wrong', () => {
    const { payload } = keQrPayload(base);
    const tampered = payload.replace('Duka la Mama', 'Duka la Baba');
    expect(keQrProblems(decodeKeQr(tampered))).toEqual([expect.stringMatching(/^63 is the CRC/)]);
    expect(() => decodeKeQr(payload.replace('5912Duka la Mama', '5913Duka la Mama'))).toThrow();
  });

  it('is read back from the drawn QR image exactly, static and dynamic', async () => {
    for (const input of [base, { ...base, merchantName: "Ng'ang'a Café", bill: { amountDue: '1500.5', reference: 'INV-7' } }]) {
      const { payload } = keQrPayload(input);
      expect(await readBackQr(payload)).toBe(payload);
    }
  });
});
