import type { z } from '@hono/zod-openapi';
import { formatMoney, fromUnits, toUnits } from '@/lib/money/decimal';
import { config } from '@/lib/platform/config';
import { instantBankCopy, mobileMoneyCopy, rtgsCopy, rtgsNarration, stkPushCopy, type CopyInput } from './copy';
import type { PaymentOptions } from './schemas';
import type { PaymentTarget } from './targets';

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
  const owed = toUnits(bill.amount) - toUnits(bill.amountPaid);
  return formatMoney(owed > 0n ? fromUnits(owed) : bill.amount, bill.currency);
}

export function paymentOptionsOf(
  payee: Pick<CopyInput, 'accountNumber' | 'accountName' | 'reference' | 'amount'>,
  where: Deployment,
): z.infer<typeof PaymentOptions> {
  const input: CopyInput = { ...payee, ...where };
  return {
    virtualAccountNumber: payee.accountNumber,
    virtualAccountName: payee.accountName,
    referenceHint: payee.reference,
    rtgsNarrationHint: rtgsNarration(input),
    mobileMoneyCustomerFacingCopy: mobileMoneyCopy(input),
    stkPushCustomerFacingCopy: stkPushCopy(input),
    instantBankCustomerFacingCopy: instantBankCopy(input),
    rtgsCustomerFacingCopy: rtgsCopy(input),
    options: [
      {
        channel: 'MOBILE_MONEY',
        displayName: 'M-Pesa Pay Bill',
        paybillNumber: where.paybillNumber,
        paybillNumberName: where.paybillName,
        accountNumber: payee.accountNumber,
      },
      { channel: 'INSTANT_BANK', displayName: 'Instant bank transfer', bankName: where.bankName, accountNumber: payee.accountNumber },
      {
        channel: 'RTGS',
        displayName: 'RTGS bank transfer',
        bankName: where.bankName,
        branchName: where.bankBranch,
        swiftCode: where.swiftCode,
        accountName: payee.accountName,
        accountNumber: payee.accountNumber,
      },
    ],
  };
}

/** Payment options of a resolved target, with this deployment's paybill and bank. */
export const paymentOptionsOfTarget = (target: PaymentTarget) =>
  paymentOptionsOf(
    {
      accountNumber: target.account.accountNumber,
      accountName: target.account.accountName,
      reference: target.reference,
      amount: target.bill ? amountDue(target.bill) : null,
    },
    deployment(),
  );
