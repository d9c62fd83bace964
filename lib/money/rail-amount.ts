import { minorUnits } from './currencies';
import { MAX_AMOUNT_WHOLE_DIGITS } from './decimal';

/**
 * Why an amount a rail reports is not money the service can credit. Such a payment is never
 * credited and never rounded: it is kept in suspense with the amount's text as sent
 * (docs/payments.md, "Amounts").
 */
export const amountReasons = {
  UNREADABLE_AMOUNT: 'The amount is not a plain decimal number.',
  NEGATIVE_AMOUNT: 'The amount is negative.',
  ZERO_AMOUNT: 'The amount is zero.',
  TOO_MANY_DECIMALS: 'The amount has more decimals than its currency has.',
  AMOUNT_TOO_LARGE: 'The amount is 1,000,000,000,000 or more, over the largest amount the service takes.',
} as const;
export type AmountReason = keyof typeof amountReasons;

export type RailAmount = { ok: true; amount: string } | { ok: false; reason: AmountReason; text: string };

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
/** Currencies we do not know get the storage's three decimals of MAX_AMOUNT. */
const DEFAULT_DECIMALS = 3;

/** The amount as text, exactly as far as the sender's value allows: strings as sent, numbers as JavaScript prints them. */
export function amountTextOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

/**
 * Reads the amount of a rail's payment: any string or number, whatever its size. A readable,
 * positive amount within MAX_AMOUNT and the currency's decimals comes back as plain decimal text
 * (as sent, or without leading zeros and trailing fractional zeros: the same value); anything else,
 * with why.
 */
export function readRailAmount(value: unknown, currency: string): RailAmount {
  const text = amountTextOf(value);
  const refuse = (reason: AmountReason): RailAmount => ({ ok: false, reason, text });
  if (typeof value === 'number' && !Number.isFinite(value)) return refuse('UNREADABLE_AMOUNT');
  // JavaScript prints numbers of 10^21 and more, and under 10^-6, with an exponent.
  if (typeof value === 'number' && /e/i.test(text)) {
    if (value < 0) return refuse('NEGATIVE_AMOUNT');
    return refuse(value >= 1 ? 'AMOUNT_TOO_LARGE' : 'TOO_MANY_DECIMALS');
  }
  const match = DECIMAL.exec(text.trim());
  if (!match) return refuse('UNREADABLE_AMOUNT');
  const [, sign, wholeDigits, fractionDigits = ''] = match;
  const whole = wholeDigits!.replace(/^0+(?=\d)/, '');
  const fraction = fractionDigits.replace(/0+$/, '');
  if (whole === '0' && fraction === '') return refuse('ZERO_AMOUNT');
  if (sign) return refuse('NEGATIVE_AMOUNT');
  if (whole.length > MAX_AMOUNT_WHOLE_DIGITS) return refuse('AMOUNT_TOO_LARGE');
  const decimals = minorUnits[currency] ?? DEFAULT_DECIMALS;
  if (fraction.length > decimals) return refuse('TOO_MANY_DECIMALS');
  // As sent ("1500.00") when the currency allows as many decimals; else without the zeros it does not.
  if (fractionDigits.length <= decimals && whole === wholeDigits) return { ok: true, amount: text.trim() };
  return { ok: true, amount: fraction ? `${whole}.${fraction}` : whole };
}
