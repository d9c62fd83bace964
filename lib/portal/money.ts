/**
 * Money as the portal shows it. The service sends amounts as JSON numbers; they are formatted
 * with exact decimal arithmetic (never floating-point rounding) and the currency's own decimals.
 */
export { formatMoney } from '@/lib/money/decimal';
export { currencyCodes, DEFAULT_CURRENCY } from '@/lib/money/currencies';
