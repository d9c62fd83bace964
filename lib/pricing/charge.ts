import { channelCarries, channels, type Channel } from '@/lib/money/channels';
import type { FeeRuleText, FeeScheduleText } from '@/lib/platform/fee-schedule';
import type { AppliedFeeRule } from './applied-rule';
import { versionAt, type MerchantPricing } from './current';
import { defaultSchedule } from './defaults';
import { feeUnder } from './fee';

/** The rule for a currency and channel at an instant: the merchant's own version's, else the default's, else none. */
export function ruleAt(pricing: MerchantPricing | undefined, currency: string, channel: Channel, at: Date): AppliedFeeRule {
  const version = pricing ? versionAt(pricing, at) : undefined;
  const own = version?.schedule[currency]?.[channel];
  if (own) return applied('MERCHANT', version!.id, currency, channel, own);
  const standard = defaultSchedule()[currency]?.[channel];
  if (standard) return applied('DEFAULT', null, currency, channel, standard);
  return { source: 'NONE', merchantPricingId: null, currency, channel };
}

const applied = (source: 'DEFAULT' | 'MERCHANT', merchantPricingId: string | null, currency: string, channel: Channel, rule: FeeRuleText): AppliedFeeRule => ({
  source,
  merchantPricingId,
  currency,
  channel,
  percent: rule.percent,
  fixed: rule.fixed,
  ...(rule.min !== undefined ? { min: rule.min } : {}),
  ...(rule.max !== undefined ? { max: rule.max } : {}),
});

/**
 * A payment's fee and the rule it was charged under, in the payment's own currency, by the
 * pricing in force when it was received. No rule (a way that is not offered in this currency, yet
 * the money came): no fee, and the rule says so (docs/pricing.md).
 */
export function chargeFor(pricing: MerchantPricing | undefined, amount: string, channel: Channel, currency: string, receivedAt: Date): { fee: string; rule: AppliedFeeRule } {
  const rule = ruleAt(pricing, currency, channel, receivedAt);
  return { fee: rule.source === 'NONE' ? '0' : feeUnder(rule, amount, currency), rule };
}

/** The channels a payer may use for money in this currency now: those that carry it and are priced in it. */
export function offeredChannels(pricing: MerchantPricing | undefined, currency: string, at = new Date()): Channel[] {
  return channels.filter((channel) => channelCarries(channel, currency) && ruleAt(pricing, currency, channel, at).source !== 'NONE');
}

/** Whether a currency can be collected at all (some channel is offered in it). */
export const collectableFor = (pricing: MerchantPricing | undefined, currency: string, at = new Date()) => offeredChannels(pricing, currency, at).length > 0;

/** The default schedule merged with a merchant's own version, for printing what applies now. */
export function effectiveSchedule(pricing: MerchantPricing | undefined, at = new Date()): FeeScheduleText {
  const result: FeeScheduleText = {};
  const own = pricing ? versionAt(pricing, at)?.schedule : undefined;
  for (const currency of new Set([...Object.keys(defaultSchedule()), ...Object.keys(own ?? {})])) {
    result[currency] = { ...defaultSchedule()[currency], ...own?.[currency] };
  }
  return result;
}
