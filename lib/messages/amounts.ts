import { fromUnits, toUnits } from '@/lib/money/decimal';

/** What a bill still needs (never below zero), in exact integer units: amount − paid. */
export function remainingOf(amount: string, paid: string): string {
  const left = toUnits(amount) - toUnits(paid);
  return fromUnits(left > 0n ? left : 0n);
}
