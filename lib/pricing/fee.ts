import { minorUnits } from '@/lib/money/currencies';
import { fromUnits, toUnits } from '@/lib/money/decimal';
import type { FeeRuleText } from '@/lib/platform/fee-schedule';

/**
 * The fee on one payment under one rule, exact: fixed + amount × percent / 100, clamped to
 * [min, max], rounded half-up to the currency's minor unit, and never more than the amount itself.
 * All in the payment's currency: a rule is always the rule of that currency (lib/pricing/charge.ts).
 */
export function feeUnder(rule: FeeRuleText, amount: string, currency: string): string {
  const amountUnits = toUnits(amount);
  // toUnits has 4 decimals; percent has up to 4 more, so divide by 100 × 10^4 with half-up rounding.
  const proportional = (amountUnits * toUnits(rule.percent) + 500_000n) / 1_000_000n;
  let fee = toUnits(rule.fixed) + proportional;
  if (rule.min !== undefined && fee < toUnits(rule.min)) fee = toUnits(rule.min);
  if (rule.max !== undefined && fee > toUnits(rule.max)) fee = toUnits(rule.max);
  const step = 10n ** BigInt(4 - (minorUnits[currency] ?? 2));
  fee = ((fee + step / 2n) / step) * step;
  if (fee > amountUnits) fee = amountUnits;
  return fromUnits(fee);
}
