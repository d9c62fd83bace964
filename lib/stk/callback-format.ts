import { z } from '@hono/zod-openapi';
import { readRailAmount } from '@/lib/money/rail-amount';
import { storableKey } from '@/lib/platform/text';
import { DarajaScalar, DarajaText, darajaText, lenient, NameValues, nameValues, resultCodeText, sentText } from '@/lib/rails/daraja-result';
import { fromDarajaTime, toDarajaTime } from '@/lib/rails/nairobi-time';
import { plausibleReceivedAt } from '@/lib/rails/received-at';
import type { PromptIds, PromptResult } from './provider';

/**
 * Daraja's STK callback: Body.stkCallback, with CallbackMetadata.Item[] on success only. Read
 * leniently, as every Daraja callback (lib/rails/daraja-result.ts): ResultCode 0 or "0", an Item
 * list or one item, an item without its Value (Balance), an id as a number. Only the wrapper,
 * CheckoutRequestID and ResultCode are required: without them nothing can be settled.
 */
export const StkCallbackBody = z
  .looseObject({
    Body: z.looseObject({
      stkCallback: z.looseObject({
        MerchantRequestID: DarajaText,
        CheckoutRequestID: z.union([z.string().trim().min(1).max(100), z.number()]).openapi({ example: 'ws_CO_21112026130253123456789' }),
        ResultCode: DarajaScalar.openapi({ example: 0 }),
        ResultDesc: DarajaText,
        CallbackMetadata: lenient(z.looseObject({ Item: NameValues })),
      }),
    }),
  })
  .openapi('DarajaStkCallback');
export type StkCallbackInput = z.infer<typeof StkCallbackBody>;

/** Storable text, or undefined for an absent value (see lib/platform/text.ts). */
const text = (value: unknown) => darajaText(value) || undefined;

/**
 * The outcome a callback reports, every text made storable: the receipt is a payment's identity,
 * so it is escaped rather than cleaned (two receipts never become one). An amount that is not
 * money (text that is no number, an object) is kept as its text: recording it then holds the
 * payment in suspense, never credits it.
 */
export function promptResultOf(callback: StkCallbackInput['Body']['stkCallback'], rawBody?: string): PromptResult {
  const items = nameValues(callback.CallbackMetadata?.Item);
  const amount = items.get('Amount');
  const date = items.get('TransactionDate');
  const receipt = items.get('MpesaReceiptNumber');
  const read = amount === null || amount === undefined ? undefined : readRailAmount(amount, 'KES');
  return {
    resultCode: resultCodeText(callback.ResultCode),
    resultDesc: text(callback.ResultDesc) ?? '',
    receipt: text(receipt) === undefined ? undefined : storableKey(String(receipt)),
    amount: read === undefined ? undefined : read.ok ? read.amount : sentText(amount),
    phone: text(items.get('PhoneNumber')),
    paidAt:
      typeof date === 'string' || typeof date === 'number'
        ? plausibleReceivedAt(fromDarajaTime(date), date, { checkoutRequestId: text(callback.CheckoutRequestID) })
        : undefined,
    rawBody,
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
