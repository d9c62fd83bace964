import { z } from '@hono/zod-openapi';
import { Uuid } from '@/lib/api/schemas';
import { whatEachChannelCarries } from '@/lib/money/currencies';

const NOT_CARRIED = 'When the channel cannot carry the currency (M-Pesa and instant transfers move only KES), or is not offered in it (no fee rule), one sentence saying so and naming the ways that can.';

export const MobileMoneyOption = z
  .object({
    channel: z.literal('MOBILE_MONEY'),
    displayName: z.string(),
    paybillNumber: z.string(),
    paybillNumberName: z.string(),
    accountNumber: z.string(),
  })
  .openapi('MobileMoneyOption');

export const InstantBankOption = z
  .object({
    channel: z.literal('INSTANT_BANK'),
    displayName: z.string(),
    bankName: z.string(),
    accountNumber: z.string(),
  })
  .openapi('InstantBankOption');

export const RtgsOption = z
  .object({
    channel: z.literal('RTGS'),
    displayName: z.string(),
    bankName: z.string(),
    branchName: z.string(),
    swiftCode: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
  })
  .openapi('RtgsOption');

export const PaymentOption = z.discriminatedUnion('channel', [MobileMoneyOption, InstantBankOption, RtgsOption]);

export const KeQrCode = z
  .object({
    payload: z.string().openapi({ example: '00020101021228370008ke.go.qr010741234560210100000001852040000530340454071500.505802KE5913Demo Duka Ltd6007Nairobi62170113INV-2026-0042630458EC' }),
    kind: z.enum(['STATIC', 'DYNAMIC']),
  })
  .openapi('KeQrCode');

export const PaymentOptions = z
  .object({
    virtualAccountNumber: z.string(),
    virtualAccountName: z.string(),
    referenceHint: z.string().nullable().openapi({ description: 'The reference to quote; null when the account number alone identifies the payment.' }),
    rtgsNarrationHint: z.string().openapi({ description: 'Text to enter in the RTGS narration field.' }),
    mobileMoneyCustomerFacingCopy: z.string().openapi({ description: `Numbered M-Pesa Pay Bill steps, one per line. ${NOT_CARRIED}` }),
    stkPushCustomerFacingCopy: z.string().openapi({ description: `What a payer is told before an M-Pesa prompt. ${NOT_CARRIED}` }),
    instantBankCustomerFacingCopy: z.string().openapi({ description: `Instant bank transfer (PesaLink) details, one per line. ${NOT_CARRIED}` }),
    rtgsCustomerFacingCopy: z.string().openapi({ description: `RTGS transfer details, one per line. ${NOT_CARRIED}` }),
    options: z.array(PaymentOption).openapi({
      description: `One entry per channel that can carry the bill's (else the account's) currency and has a fee rule in it for this merchant, and only those: ${whatEachChannelCarries} (docs/pricing.md).`,
    }),
    keQr: KeQrCode.nullable().openapi({
      description:
        'The KE-QR code (Central Bank of Kenya standard on EMVCo merchant-presented mode) that M-PESA and bank apps scan: STATIC for an account, DYNAMIC with the amount still due and the reference for an open bill. Null when M-Pesa cannot take the payment (KE-QR is KES only), and for a closed bill or account. docs/payers.md.',
    }),
  })
  .openapi('PaymentOptions');

const target = (description: string) => Uuid.optional().openapi({ description });

export const PaymentOptionsQuery = z.object({
  virtualAccountId: target('Instructions for this account.'),
  expectedPaymentId: target('Instructions for this bill: its invoice account, else the LEGACY account with its reference.'),
  customerId: target('Instructions for this customer\'s CUSTOMER account.'),
  subMerchantId: target('Instructions for this sub-merchant\'s BRAND account, else its first active static account.'),
});
