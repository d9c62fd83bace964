import { describe, expect, it } from 'vitest';
import { displayPhone, kenyanMobile, phoneSearchDigits, storedPhone } from '@/lib/platform/phone';
import { TYPED_FORMS } from './support';

describe('phone numbers as people type them', () => {
  it.each(TYPED_FORMS)('reads %j as 254712345678', (typed) => {
    expect(storedPhone(typed)).toBe('254712345678');
    expect(kenyanMobile(typed)).toBe('254712345678');
  });

  it('reads the newer 01… Safaricom and Airtel numbers the same way', () => {
    for (const typed of ['0112345678', '+254 112 345 678', '254112345678']) expect(kenyanMobile(typed), typed).toBe('254112345678');
  });

  it('refuses what is not a mobile number', () => {
    for (const typed of ['', '0712 345', '07123456789', '0202345678', '254212345678', '25471234567', '2547123456789', '1234567', 'O712345678', '0712345678x', `0712345678${' '.repeat(40)}`, '07\u00001234567']) {
      expect(storedPhone(typed), JSON.stringify(typed)).toBeUndefined();
    }
  });

  it('takes a mobile number abroad with its country code for a customer, but not for M-Pesa', () => {
    expect(storedPhone('+44 7911 123456')).toBe('447911123456');
    expect(storedPhone('447911123456')).toBe('447911123456');
    expect(kenyanMobile('+44 7911 123456')).toBeUndefined();
  });

  it('searches by the national digits of a whole number, or by the digits typed', () => {
    for (const typed of TYPED_FORMS) expect(phoneSearchDigits(typed), typed).toBe('712345678');
    expect(phoneSearchDigits('5678')).toBe('5678');
    expect(phoneSearchDigits('0712 34')).toBe('71234');
    expect(phoneSearchDigits('INV-1')).toBeUndefined();
    expect(phoneSearchDigits('12')).toBeUndefined();
  });
});

describe('phone numbers as the portal shows them', () => {
  it('writes a Kenyan number as Kenyans do, whatever form it was typed in', () => {
    for (const typed of TYPED_FORMS) expect(displayPhone(storedPhone(typed)!)).toBe('0712 345 678');
    expect(displayPhone('254112345678')).toBe('0112 345 678');
  });

  it('keeps a masked number masked, in the same groups', () => {
    expect(displayPhone('2547••••5678')).toBe('07•• ••5 678');
  });

  it('writes a number abroad with its country code, and leaves what is not a number as it came', () => {
    expect(displayPhone('447911123456')).toBe('+44 7911 123456');
    expect(displayPhone('a3f9c0de11')).toBe('a3f9c0de11');
  });
});
