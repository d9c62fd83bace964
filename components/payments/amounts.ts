import { minorUnits } from '@/lib/money/currencies';
import { decimalText, fromUnits, toUnits } from '@/lib/money/decimal';

/**
 * The service sends amounts as JSON numbers holding at most four decimals (NUMERIC(20,4));
 * JavaScript prints each as its shortest exact decimal, which is read here as exact units.
 */
export function unitsOf(amount: number): bigint {
  return toUnits(decimalText(amount) ?? amount.toFixed(4));
}

/** Exact decimal text with the currency's decimals and no grouping, for files: "1500.50". */
export function plainAmount(amount: number, currency: string): string {
  const digits = minorUnits[currency] ?? 2;
  const text = fromUnits(unitsOf(amount));
  const [whole, fraction = ''] = text.split('.');
  return digits === 0 ? whole! : `${whole}.${fraction.padEnd(digits, '0')}`;
}

