import { z } from '@hono/zod-openapi';
import { readRailAmount } from '@/lib/money/rail-amount';
import { storableKey, storableText } from '@/lib/platform/text';
import { fromDarajaTime, toDarajaTime } from '@/lib/rails/nairobi-time';
import { plausibleReceivedAt } from '@/lib/rails/received-at';
import type { PromptIds, PromptResult } from './provider';

const Value = z.union([z.string(), z.number()]).nullish();

/** Daraja's STK callback: Body.stkCallback, with CallbackMetadata.Item[] on success only. */
export const StkCallbackBody = z
  .object({
    Body: z.object({
      stkCallback: z.object({
        MerchantRequestID: z.string().nullish(),
        CheckoutRequestID: z.string().min(1).max(100),
        ResultCode: z.union([z.number(), z.string()]),
        ResultDesc: z.string().nullish(),
        CallbackMetadata: z.object({ Item: z.array(z.object({ Name: z.string(), Value })) }).nullish(),
      }),
    }),
  })
  .openapi('DarajaStkCallback');
export type StkCallbackInput = z.infer<typeof StkCallbackBody>;

/** Storable text, or undefined for an absent value (see lib/platform/text.ts). */
const text = (value: unknown) => (value === null || value === undefined || value === '' ? undefined : storableText(String(value)));

/**
 * The outcome a callback reports, every text made storable: the receipt is a payment's identity,
 * so it is escaped rather than cleaned (two receipts never become one). An amount that is not
 * money is kept as its text: recording it then holds the payment in suspense, never credits it.
 */
export function promptResultOf(callback: StkCallbackInput['Body']['stkCallback']): PromptResult {
  const items = new Map((callback.CallbackMetadata?.Item ?? []).map((item) => [item.Name, item.Value]));
  const amount = items.get('Amount');
  const date = items.get('TransactionDate');
  const receipt = text(items.get('MpesaReceiptNumber'));
  const read = amount === null || amount === undefined ? undefined : readRailAmount(amount, 'KES');
  return {
    resultCode: text(callback.ResultCode) ?? '',
    resultDesc: text(callback.ResultDesc) ?? '',
    receipt: receipt === undefined ? undefined : storableKey(String(items.get('MpesaReceiptNumber'))),
    amount: read === undefined ? undefined : read.ok ? read.amount : storableText(read.text),
    phone: text(items.get('PhoneNumber')),
    paidAt: date === null || date === undefined ? undefined : plausibleReceivedAt(fromDarajaTime(date), date, { checkoutRequestId: text(callback.CheckoutRequestID) }),
  };
}

/** The body Daraja would POST for this result (the simulator feeds it to the same handler). */
export function stkCallbackBody(ids: PromptIds, result: PromptResult): StkCallbackInput {
  const success = result.resultCode === '0';
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: ids.merchantRequestId,
        CheckoutRequestID: ids.checkoutRequestId,
        ResultCode: Number(result.resultCode),
        ResultDesc: result.resultDesc,
        ...(success
          ? {
              CallbackMetadata: {
                Item: [
                  { Name: 'Amount', Value: Number(result.amount) },
                  { Name: 'MpesaReceiptNumber', Value: result.receipt },
                  { Name: 'Balance' },
                  { Name: 'TransactionDate', Value: Number(toDarajaTime(result.paidAt ?? new Date())) },
                  { Name: 'PhoneNumber', Value: Number(result.phone) },
                ],
              },
            }
          : {}),
      },
    },
  };
}
