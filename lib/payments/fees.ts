import type { Channel } from '@/lib/money/channels';
import type { CurrencyFeeRules } from '@/lib/platform/fee-schedule';
import { DEFAULT_FEE_SCHEDULE as PER_CURRENCY } from '@/lib/pricing/defaults';
import { feeUnder } from '@/lib/pricing/fee';

/**
 * Fees moved to lib/pricing: schedules per currency and per merchant, and the rule each payment
 * was charged under (lib/pricing/charge.ts, docs/pricing.md). What stays here is the one-currency
 * form for callers that hold a single currency's rules.
 */
export const DEFAULT_FEE_SCHEDULE: CurrencyFeeRules = PER_CURRENCY.KES!;

/** The fee on one payment under one currency's rules (none for a channel without a rule). */
export function feeFor(amount: string, channel: Channel, currency: string, rules: CurrencyFeeRules): string {
  const rule = rules[channel];
  return rule ? feeUnder(rule, amount, currency) : '0';
}
