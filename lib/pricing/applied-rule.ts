import type { Channel } from '@/lib/money/channels';

/**
 * The rule a payment's fee was charged under, stored on the payment (`fee_rule`) so that a
 * statement or a settlement can explain the fee later, whatever the schedules have become:
 * DEFAULT (this deployment's schedule), MERCHANT (the merchant's own version `merchantPricingId`),
 * or NONE (no rule for this currency and channel: a payment on a way that is not offered, credited
 * without a fee; docs/pricing.md).
 */
export type AppliedFeeRule =
  | {
      source: 'DEFAULT' | 'MERCHANT';
      merchantPricingId: string | null;
      currency: string;
      channel: Channel;
      percent: string;
      fixed: string;
      min?: string;
      max?: string;
    }
  | { source: 'NONE'; merchantPricingId: null; currency: string; channel: Channel };
