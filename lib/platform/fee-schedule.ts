import { z } from 'zod';
import { toUnits } from '@/lib/money/decimal';
import { channelCarries, channelCurrencies, channelNames, channels, collectableCurrencies, isCollectable, listOfCodes, type Channel } from '@/lib/money/channels';

/**
 * The written form of a fee schedule, as `FEE_SCHEDULE` and `merchant:pricing --schedule` take it:
 * per currency, per channel, `{percent, fixed, min?, max?}` as decimal strings. Parsing and
 * validation only (so that a bad FEE_SCHEDULE stops the start); what a schedule means, its
 * defaults and the fee itself are lib/pricing's (docs/pricing.md).
 */
const DECIMAL = /^\d{1,9}(\.\d{1,4})?$/;
const Decimal = z.string().regex(DECIMAL, 'must be a decimal string such as "1.5"');
/** a ≤ b, exactly; true when either is not a decimal (that value has its own problem already). */
const notAbove = (a: string, b: string) => !DECIMAL.test(a) || !DECIMAL.test(b) || toUnits(a) <= toUnits(b);
const FeeRuleText = z
  .object({ percent: Decimal, fixed: Decimal, min: Decimal.optional(), max: Decimal.optional() })
  .strict()
  .refine((rule) => notAbove(rule.percent, '100'), { message: 'must be at most 100', path: ['percent'] })
  .refine((rule) => rule.min === undefined || rule.max === undefined || notAbove(rule.min, rule.max), {
    message: 'must not be more than max',
    path: ['min'],
  });
export type FeeRuleText = z.infer<typeof FeeRuleText>;

/** One currency's rules; a channel left out is not priced in that currency, so not offered in it. */
export type CurrencyFeeRules = Partial<Record<Channel, FeeRuleText>>;
/** Currency code → its channels' rules. */
export type FeeScheduleText = Record<string, CurrencyFeeRules>;

const channelSet = new Set<string>(channels);
/** The first form (before per-currency schedules): channels at the top, read as KES. */
const isOneLevel = (value: object) => Object.keys(value).length > 0 && Object.keys(value).every((key) => channelSet.has(key));

/** A sentence for each problem, naming the value's place (`USD.RTGS.fixed`). */
export type FeeScheduleResult = { ok: true; schedule: FeeScheduleText } | { ok: false; problems: string[] };

export function parseFeeSchedule(text: string): FeeScheduleResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problems: ['it is not JSON'] };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problems: ['it must be a JSON object of currencies, e.g. {"KES":{"MOBILE_MONEY":{"percent":"1","fixed":"0"}}}'] };
  }
  const perCurrency = (isOneLevel(value) ? { KES: value } : value) as Record<string, unknown>;
  const problems: string[] = [];
  const schedule: FeeScheduleText = {};
  for (const [currency, rules] of Object.entries(perCurrency)) {
    if (channelSet.has(currency)) {
      problems.push(`${currency} is a channel beside currencies: put channels under a currency ({"KES":{"${currency}":…}})`);
      continue;
    }
    if (!isCollectable(currency)) {
      problems.push(`${currency} is not a currency any channel carries (${listOfCodes(collectableCurrencies)})`);
      continue;
    }
    if (typeof rules !== 'object' || rules === null || Array.isArray(rules)) {
      problems.push(`${currency} must be an object of channels ({} prices none)`);
      continue;
    }
    schedule[currency] = {};
    for (const [channel, rule] of Object.entries(rules)) {
      if (!channelSet.has(channel)) {
        problems.push(`${currency}.${channel} is not a channel (${channels.join(', ')})`);
        continue;
      }
      if (!channelCarries(channel as Channel, currency)) {
        problems.push(`${currency}.${channel}: ${channelNames[channel as Channel]} carries only ${channelCurrencies[channel as Channel].join(', ')}`);
        continue;
      }
      const parsed = FeeRuleText.safeParse(rule);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const where = [currency, channel, ...issue.path.map(String)].join('.');
          problems.push(`${where} ${issue.message === 'Invalid input: expected string, received undefined' || issue.message === 'Required' ? 'is required' : issue.message}`);
        }
        continue;
      }
      schedule[currency][channel as Channel] = parsed.data;
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, schedule };
}
