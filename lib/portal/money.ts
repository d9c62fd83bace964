/**
 * Money as the portal shows it. The service sends amounts as JSON numbers; they are formatted
 * with exact decimal arithmetic (never floating-point rounding) and the currency's own decimals.
 */
import { formatMoney as formatDecimalMoney } from '@/lib/money/decimal';

export { currencyCodes, DEFAULT_CURRENCY } from '@/lib/money/currencies';
export { railName } from '@/lib/money/rails';
export { channelNames } from '@/lib/money/channels';

/**
 * "KES 12,500.50" with a no-break space after the currency, so that a narrow card or column never
 * leaves "KES" at the end of one line and the figure on the next (docs/payments.md, "Money on the
 * page"). Only the portal's copy: SMS, emails, audit summaries and files keep a plain space.
 */
export function formatMoney(text: string | number, currency: string): string {
  return formatDecimalMoney(text, currency).replace(' ', '\u00a0');
}
