import type { z } from '@hono/zod-openapi';
import { channelCarries, channelNames, channelsCarrying, type Channel } from '@/lib/money/channels';
import { formatMoney, fromUnits, toUnits } from '@/lib/money/decimal';
import { config } from '@/lib/platform/config';
import { offeredChannels } from '@/lib/pricing/charge';
import { pricingOfMerchant } from '@/lib/pricing/current';
import { instantBankCopy, mobileMoneyCopy, notCarriedCopy, notOfferedCopy, rtgsCopy, rtgsNarration, stkPushCopy, type CopyInput } from './copy';
import type { PaymentOption as PaymentOptionSchema, PaymentOptions } from './schemas';
import { keQrOfTarget } from './ke-qr/of-target';
import type { PaymentTarget } from './targets';

type PaymentOption = z.infer<typeof PaymentOptionSchema>;

export type Deployment = Pick<CopyInput, 'paybillNumber' | 'paybillName' | 'bankName' | 'bankBranch' | 'swiftCode'>;

export function deployment(): Deployment {
  const settings = config();
  return {
    paybillNumber: settings.PAYBILL_NUMBER,
    paybillName: settings.PAYBILL_NAME,
    bankName: settings.BANK_NAME,
    bankBranch: settings.BANK_BRANCH,
    swiftCode: settings.BANK_SWIFT_CODE,
  };
}

/** What is still owed on a bill, formatted for payers; a part-paid bill asks for the rest. */
export function amountDue(bill: { amount: string; amountPaid: string; currency: string }): string {
  return formatMoney(owedText(bill), bill.currency);
}

/** The same as exact decimal text ("1500.5"): the amount of a bill's KE-QR code and of the prompt a payer asks for. */
export function owedText(bill: { amount: string; amountPaid: string }): string {
  const owed = toUnits(bill.amount) - toUnits(bill.amountPaid);
  return owed > 0n ? fromUnits(owed) : bill.amount;
}

type Payee = Pick<CopyInput, 'accountNumber' | 'accountName' | 'reference' | 'amount'> & {
  /** The currency the payer must pay in: the bill's, else the account's. */
  currency: string;
  /** The account's currency; money in any other currency goes to suspense. */
  accountCurrency: string;
  /**
   * The channels the merchant's pricing offers in this currency (lib/pricing: a channel without a
   * fee rule in a currency is not offered in it); without it, every channel that carries it.
   */
  offered?: Channel[];
};

/** The channels that can carry this payment: they carry its currency, are priced in it, and the account takes it. */
export const usableChannels = (payee: Pick<Payee, 'currency' | 'accountCurrency' | 'offered'>): Channel[] =>
  payee.currency === payee.accountCurrency ? (payee.offered ?? channelsCarrying(payee.currency)).filter((channel) => channelCarries(channel, payee.currency)) : [];

function optionOf(channel: Channel, payee: Payee, where: Deployment): PaymentOption {
  switch (channel) {
    case 'MOBILE_MONEY':
      return {
        channel,
        displayName: 'M-Pesa Pay Bill',
        paybillNumber: where.paybillNumber,
        paybillNumberName: where.paybillName,
        accountNumber: payee.accountNumber,
      };
    case 'INSTANT_BANK':
      return { channel, displayName: 'Instant bank transfer', bankName: where.bankName, accountNumber: payee.accountNumber };
    case 'RTGS':
      return {
        channel,
        displayName: 'RTGS bank transfer',
        bankName: where.bankName,
        branchName: where.bankBranch,
        swiftCode: where.swiftCode,
        accountName: payee.accountName,
        accountNumber: payee.accountNumber,
      };
  }
}

/**
 * Instructions for every channel that can carry the payment (lib/money/channels.ts). The copy
 * fields are always present, as the spec has them; a channel that cannot carry the currency gets
 * a sentence saying so and naming the ways that can, never steps that end in a refused payment.
 */
export function paymentOptionsOf(payee: Payee, where: Deployment): Omit<z.infer<typeof PaymentOptions>, 'keQr'> {
  const input: CopyInput = { ...payee, ...where };
  const usable = usableChannels(payee);
  const usableNames = usable.map((channel) => channelNames[channel]);
  const copyFor = (channel: Channel, copy: (input: CopyInput) => string) => {
    if (usable.includes(channel)) return copy(input);
    // Carried but not priced in this currency (or the account takes another): not offered, said so.
    const refusal = channelCarries(channel, payee.currency) ? notOfferedCopy : notCarriedCopy;
    return refusal(channelNames[channel], payee.currency, usableNames);
  };
  return {
    virtualAccountNumber: payee.accountNumber,
    virtualAccountName: payee.accountName,
    referenceHint: payee.reference,
    rtgsNarrationHint: rtgsNarration(input),
    mobileMoneyCustomerFacingCopy: copyFor('MOBILE_MONEY', mobileMoneyCopy),
    stkPushCustomerFacingCopy: copyFor('MOBILE_MONEY', stkPushCopy),
    instantBankCustomerFacingCopy: copyFor('INSTANT_BANK', instantBankCopy),
    rtgsCustomerFacingCopy: copyFor('RTGS', rtgsCopy),
    options: usable.map((channel) => optionOf(channel, payee, where)),
  };
}

/** Payment options of a resolved target, with this deployment's paybill and bank and its merchant's pricing, and its KE-QR code. */
export async function paymentOptionsOfTarget(target: PaymentTarget): Promise<z.infer<typeof PaymentOptions>> {
  const where = deployment();
  const payee: Payee = {
    accountNumber: target.account.accountNumber,
    accountName: target.account.accountName,
    reference: target.reference,
    amount: target.bill ? amountDue(target.bill) : null,
    currency: target.bill?.currency ?? target.account.currency,
    accountCurrency: target.account.currency,
    offered: offeredChannels(await pricingOfMerchant(target.account.merchantId), target.bill?.currency ?? target.account.currency),
  };
  return { ...paymentOptionsOf(payee, where), keQr: await keQrOfTarget(target, usableChannels(payee), where, owedText) };
}
