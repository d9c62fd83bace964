import { minorUnits } from '@/lib/money/currencies';
import { amountProblem, decimalText, toUnits } from '@/lib/money/decimal';
import { shown, StatementFileError } from './statement';

/**
 * `8.850` in euros is 8.85: zeros past the currency's decimals are padding (some banks write five
 * decimals), not precision. Any other digit there is kept, and refused as not money.
 */
function withoutPaddedZeros(text: string, decimals: number): string {
  const match = /^\s*(\d+)\.(\d+)\s*$/.exec(text);
  if (!match || match[2]!.length <= decimals || /[1-9]/.test(match[2]!.slice(decimals))) return text;
  return decimals === 0 ? match[1]! : `${match[1]}.${match[2]!.slice(0, decimals)}`;
}

/**
 * An entry's amount: money in its currency, or the file is refused (naming `where`). Zero is
 * allowed (banks book zero-amount lines, which are skipped: nothing moved).
 */
export function entryAmount(text: string | undefined, currency: string, where: string): string {
  const amount = text === undefined ? undefined : decimalText(withoutPaddedZeros(text, minorUnits[currency] ?? 4));
  if (amount !== undefined && !amount.startsWith('-') && !/[1-9]/.test(amount)) return '0';
  const problem = amountProblem(amount, currency);
  if (problem || amount === undefined) {
    throw new StatementFileError(`${where}: the amount ${shown(text ?? '')} is not money in ${currency} (${(problem ?? 'missing').replace(/\.$/, '')})`);
  }
  return amount;
}

/** A balance: any decimal, zero included, signed by the caller. */
export function balanceAmount(text: string | undefined, where: string): string {
  const amount = text === undefined ? undefined : decimalText(withoutPaddedZeros(text, 4));
  if (amount === undefined || amount.startsWith('-')) throw new StatementFileError(`${where}: the balance ${shown(text ?? '')} is not an amount`);
  return amount;
}

const UNITS = 10_000n;
/** Units of 10^-4 back to plain decimal text. */
export function fromUnits(units: bigint): string {
  const sign = units < 0n ? '-' : '';
  const absolute = units < 0n ? -units : units;
  const fraction = (absolute % UNITS).toString().padStart(4, '0').replace(/0+$/, '');
  return `${sign}${absolute / UNITS}${fraction ? `.${fraction}` : ''}`;
}

/**
 * A statement whose opening balance, booked entries and closing balance do not add up is truncated
 * or corrupt: refused before anything is recorded.
 */
export function checkBalances(
  statement: { openingBalance: string | null; closingBalance: string | null; entries: { direction: 'CREDIT' | 'DEBIT'; amount: string; booked: boolean }[] },
  where: string,
): void {
  if (statement.openingBalance === null || statement.closingBalance === null) return;
  let running = toUnits(statement.openingBalance);
  for (const entry of statement.entries) {
    if (!entry.booked) continue;
    running += entry.direction === 'CREDIT' ? toUnits(entry.amount) : -toUnits(entry.amount);
  }
  if (running !== toUnits(statement.closingBalance)) {
    throw new StatementFileError(
      `${where}: the opening balance ${statement.openingBalance} and the booked entries add up to ${fromUnits(running)}, not to the closing balance ${statement.closingBalance}, so the file is incomplete or damaged`,
    );
  }
}
