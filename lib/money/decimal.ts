import { minorUnits } from './currencies';

/**
 * Money as exact decimal strings. A JSON number such as 1500.5 is turned into the text "1500.5"
 * (JavaScript prints the shortest exact decimal for up to 15 significant digits) and from then on
 * stays text, or NUMERIC in PostgreSQL. Sums happen in SQL or in bigint minor units here.
 */
const PLAIN_DECIMAL = /^-?\d{1,15}(\.\d{1,4})?$/;

export function decimalText(value: number | string): string | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  return PLAIN_DECIMAL.test(text) ? text : undefined;
}

export const decimalPlaces = (text: string) => (text.includes('.') ? text.split('.')[1]!.length : 0);

/**
 * The largest amount the service takes, the same on every route and rail, in every currency:
 * under 10^12 with at most the currency's decimals (3 at most) is at most 15 significant digits,
 * which a JSON number (an IEEE double) carries exactly and JavaScript prints back digit for digit.
 * Larger money a rail confirms is kept in suspense with its raw text (docs/payments.md, "Amounts").
 */
export const MAX_AMOUNT = '999999999999.999';
export const MAX_AMOUNT_WHOLE_DIGITS = 12;
export const AMOUNT_TOO_LARGE = 'Must be less than 1,000,000,000,000 (at most 12 digits before the point).';

/** Whether an amount's whole part is within MAX_AMOUNT (the text is already a plain decimal). */
export function withinAmountLimit(text: string): boolean {
  const digits = text.startsWith('-') ? text.slice(1) : text;
  const point = digits.indexOf('.');
  const whole = (point === -1 ? digits : digits.slice(0, point)).replace(/^0+(?=\d)/, '');
  return whole.length <= MAX_AMOUNT_WHOLE_DIGITS;
}

/** An amount is valid for a currency when it is positive, within MAX_AMOUNT and has no more decimals than the currency. */
export function amountProblem(text: string | undefined, currency: string): string | undefined {
  if (text === undefined) return 'Must be a plain decimal number with at most 12 digits before the point.';
  if (!/[1-9]/.test(text) || text.startsWith('-')) return 'Must be greater than zero.';
  if (!withinAmountLimit(text)) return AMOUNT_TOO_LARGE;
  const allowed = minorUnits[currency];
  if (allowed !== undefined && decimalPlaces(text) > allowed) {
    return allowed === 0 ? `${currency} amounts have no decimals.` : `${currency} amounts have at most ${allowed} decimals.`;
  }
  return undefined;
}

/** Exact arithmetic helpers in units of 10^-4 (the storage scale). */
const SCALE = 4;
const UNITS_PER_WHOLE = 10n ** BigInt(SCALE);

// Each payment passes through these several times (fees, net, the stored text): kept to plain
// string slicing, without regular expressions or array splits.
export function toUnits(text: string): bigint {
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  const point = digits.indexOf('.');
  if (point === -1) return negative ? -BigInt(digits) * UNITS_PER_WHOLE : BigInt(digits) * UNITS_PER_WHOLE;
  const units = BigInt(digits.slice(0, point)) * UNITS_PER_WHOLE + BigInt((digits.slice(point + 1) + '0000').slice(0, SCALE));
  return negative ? -units : units;
}

export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const absolute = negative ? -units : units;
  const whole = absolute / UNITS_PER_WHOLE;
  const fraction = (absolute % UNITS_PER_WHOLE).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Exact decimal text with at least the currency's decimals and no grouping, for files: 1500.5 units of KES → "1500.50". */
export function currencyText(units: bigint, currency: string): string {
  const digits = minorUnits[currency] ?? 2;
  const [whole, fraction = ''] = fromUnits(units).split('.');
  return digits === 0 && !fraction ? whole! : `${whole}.${fraction.padEnd(digits, '0')}`;
}

/** The text a NUMERIC(20, 4) column gives back for this amount, e.g. "1500.5" → "1500.5000". */
export function storedText(text: string): string {
  const units = toUnits(text);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(SCALE + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -SCALE)}.${digits.slice(-SCALE)}`;
}

/**
 * For display: grouped thousands and exactly the currency's decimals, e.g. "KES 1,500.50". Money
 * below zero takes a true minus sign (U+2212) before the currency, "−KES 12,850.50", as banks'
 * statements write it: never "KES -12,850.50" (docs/payments.md, "Money on the page").
 */
export function formatMoney(text: string | number, currency: string): string {
  const digits = minorUnits[currency] ?? 2;
  const units = toUnits(typeof text === 'number' ? String(text) : text);
  const divisor = 10n ** BigInt(4 - digits);
  const rounded = (units + (units >= 0n ? divisor / 2n : -divisor / 2n)) / divisor;
  const negative = rounded < 0n;
  const absolute = (negative ? -rounded : rounded).toString().padStart(digits + 1, '0');
  const whole = absolute.slice(0, absolute.length - digits).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = digits > 0 ? `.${absolute.slice(-digits)}` : '';
  return `${negative ? '\u2212' : ''}${currency} ${whole}${fraction}`;
}
