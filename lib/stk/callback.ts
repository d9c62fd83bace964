import { setTimeout as sleep } from 'node:timers/promises';
import { readRailAmount } from '@/lib/money/rail-amount';
import { ingestRailPayment } from '@/lib/payments/ingest';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { keepRailNotification } from '@/lib/rails/notifications';
import { storableKey } from '@/lib/platform/text';
import { promptResultOf, type StkCallbackInput } from './callback-format';
import type { PromptResult } from './provider';
import { initiationByCheckout } from './queries';
import { settleInitiation } from './settle';

/** A callback may overtake the commit of its own prompt by a moment: look again briefly. */
async function initiationWithPatience(checkoutRequestId: string) {
  for (let attempt = 0; attempt < 4; attempt++) {
    const row = await initiationByCheckout(db(), checkoutRequestId);
    if (row) return row;
    await sleep(250);
  }
  return undefined;
}

/**
 * Daraja's STK callback (and the simulator's, which feeds the same body here). Settling is
 * idempotent, so a repeated callback changes nothing.
 */
export async function handleStkCallback(body: StkCallbackInput, rawBody?: string): Promise<void> {
  const callback = body.Body.stkCallback;
  const result = promptResultOf(callback, rawBody);
  // We store only CheckoutRequestIDs Daraja gave us; an id with odd bytes escapes to one we never stored.
  const checkoutRequestId = storableKey(String(callback.CheckoutRequestID).trim());
  // What Daraja (or the simulator) said, kept as received for support whatever the prompt's fate, beside settling it.
  await Promise.all([
    keepRailNotification({ rail: 'MPESA', kind: 'STK_CALLBACK', providerReference: result.receipt ? storableKey(result.receipt) : null, checkoutRequestId, rawBody: rawBody ?? JSON.stringify(body) }),
    settleCallback(checkoutRequestId, result),
  ]);
}

async function settleCallback(checkoutRequestId: string, result: PromptResult): Promise<void> {
  const initiation = await initiationWithPatience(checkoutRequestId);
  if (initiation) {
    await settleInitiation(initiation.id, { kind: 'result', result });
    return;
  }
  logger().warn({ checkoutRequestId, resultCode: result.resultCode }, 'STK callback for a prompt we do not know');
  if (result.resultCode === '0') await keepUnknownPromptMoney(checkoutRequestId, result);
}

/**
 * Money moved for a prompt we lost track of: kept in suspense for an operator, with the callback as
 * received, whatever it lacks. Its reference is the receipt, or (a success without
 * MpesaReceiptNumber, as Daraja's query also reports it) the CheckoutRequestID, exactly as for a
 * known prompt (payment.ts), so a redelivery is a duplicate. No account is named, and an amount that
 * is absent or not money (an object, text) is held under its own reason: never credited.
 */
async function keepUnknownPromptMoney(checkoutRequestId: string, result: PromptResult): Promise<void> {
  const outcome = await ingestRailPayment(
    {
      rail: 'MPESA',
      channel: 'MOBILE_MONEY',
      providerReference: result.receipt ?? checkoutRequestId,
      accountReference: '',
      currency: 'KES',
      payerPhone: result.phone,
      narration: `M-Pesa prompt ${checkoutRequestId}`,
      receivedAt: result.paidAt ?? new Date(),
      rawBody: result.rawBody,
    },
    readRailAmount(result.amount ?? '', 'KES'),
  );
  logger().warn({ checkoutRequestId, outcome: outcome.outcome, receipt: result.receipt ? 'present' : 'absent' }, 'money from an unknown phone prompt kept');
}
