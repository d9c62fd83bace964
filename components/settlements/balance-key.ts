/**
 * One balance (a currency, and the merchant or a sub-merchant paid to its own account) as one
 * form value: "KES" or "KES:<subMerchantId>".
 */
export const balanceKey = (balance: { currency: string; subMerchantId: string | null }) =>
  balance.subMerchantId ? `${balance.currency}:${balance.subMerchantId}` : balance.currency;

export function parseBalanceKey(text: string): { currency: string; subMerchantId?: string } | undefined {
  const match = /^([A-Z]{3})(?::([0-9a-f-]{36}))?$/.exec(text);
  return match ? { currency: match[1]!, subMerchantId: match[2] } : undefined;
}
