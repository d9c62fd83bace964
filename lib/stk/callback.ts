import { setTimeout as sleep } from 'node:timers/promises';
import { ingestPayment } from '@/lib/payments/ingest';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { promptResultOf, type StkCallbackInput } from './callback-format';
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
export async function handleStkCallback(body: StkCallbackInput): Promise<void> {
  const callback = body.Body.stkCallback;
  const result = promptResultOf(callback);
  const initiation = await initiationWithPatience(callback.CheckoutRequestID);
  if (initiation) {
    await settleInitiation(initiation.id, { kind: 'result', result });
    return;
  }
  logger().warn({ checkoutRequestId: callback.CheckoutRequestID, resultCode: result.resultCode }, 'STK callback for a prompt we do not know');
  // Money moved for a prompt we lost track of: keep it for an operator rather than drop it.
  if (result.resultCode === '0' && result.receipt && result.amount) {
    await ingestPayment(
      { rail: 'MPESA', channel: 'MOBILE_MONEY', providerReference: result.receipt, accountReference: '', amount: result.amount, currency: 'KES', payerPhone: result.phone, receivedAt: result.paidAt ?? new Date(), payload: body },
      { strict: false },
    );
  }
}
