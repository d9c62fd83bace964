import { expect } from 'vitest';
import { expectExactKeys } from '../accounts/support';

/** The spec's payment options object: exactly its fields, and one option per channel with exactly its own. */
const TOP_LEVEL_KEYS = ['virtualAccountNumber', 'virtualAccountName', 'referenceHint', 'rtgsNarrationHint', 'mobileMoneyCustomerFacingCopy', 'stkPushCustomerFacingCopy', 'instantBankCustomerFacingCopy', 'rtgsCustomerFacingCopy', 'options', 'keQr'];
const OPTION_KEYS: Record<string, string[]> = {
  MOBILE_MONEY: ['channel', 'displayName', 'paybillNumber', 'paybillNumberName', 'accountNumber'],
  INSTANT_BANK: ['channel', 'displayName', 'bankName', 'accountNumber'],
  RTGS: ['channel', 'displayName', 'bankName', 'branchName', 'swiftCode', 'accountName', 'accountNumber'],
};

export function expectPaymentOptions(body: Record<string, unknown>, accountNumber: string) {
  expectExactKeys(body, TOP_LEVEL_KEYS);
  for (const key of TOP_LEVEL_KEYS.filter((key) => key !== 'options' && key !== 'referenceHint' && key !== 'keQr')) expect(body[key], key).toEqual(expect.any(String));
  expect(body.referenceHint === null || typeof body.referenceHint === 'string').toBe(true);
  expect(body.virtualAccountNumber).toBe(accountNumber);
  const options = body.options as Record<string, string>[];
  expect(options.map((option) => option.channel)).toEqual(['MOBILE_MONEY', 'INSTANT_BANK', 'RTGS']);
  for (const option of options) {
    expectExactKeys(option, OPTION_KEYS[option.channel]!);
    for (const value of Object.values(option)) expect(value).toEqual(expect.any(String));
    expect(option.accountNumber).toBe(accountNumber);
  }
}
