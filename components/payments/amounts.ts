import { currencyText, decimalText, toUnits } from '@/lib/money/decimal';

/**
 * The service sends amounts as JSON numbers holding at most four decimals (NUMERIC(20,4));
 * JavaScript prints each as its shortest exact decimal, which is read here as exact units.
 */
export function unitsOf(amount: number): bigint {
  return toUnits(decimalText(amount) ?? amount.toFixed(4));
}

/** Exact decimal text with the currency's decimals and no grouping, for files: "1500.50". */
export const plainAmount = (amount: number, currency: string): string => currencyText(unitsOf(amount), currency);

