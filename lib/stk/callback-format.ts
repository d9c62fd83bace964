import { z } from '@hono/zod-openapi';
import { decimalText } from '@/lib/money/decimal';
import { fromDarajaTime, toDarajaTime } from '@/lib/rails/nairobi-time';
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

const text = (value: unknown) => (value === null || value === undefined || value === '' ? undefined : String(value));

export function promptResultOf(callback: StkCallbackInput['Body']['stkCallback']): PromptResult {
  const items = new Map((callback.CallbackMetadata?.Item ?? []).map((item) => [item.Name, item.Value]));
  const amount = items.get('Amount');
  const date = items.get('TransactionDate');
  return {
    resultCode: String(callback.ResultCode),
    resultDesc: callback.ResultDesc ?? '',
    receipt: text(items.get('MpesaReceiptNumber')),
    amount: amount === null || amount === undefined ? undefined : decimalText(amount),
    phone: text(items.get('PhoneNumber')),
    paidAt: date === null || date === undefined ? undefined : fromDarajaTime(date),
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
