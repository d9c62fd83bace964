import { eq } from 'drizzle-orm';
import { moneyJson } from '@/lib/api/serialize';
import type { PaymentRow } from '@/lib/payments/serialize';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { mpesaCallbackSecret } from '@/lib/rails/secrets';
import { darajaPost, type DarajaAnswer } from '@/lib/stk/daraja-client';
import { darajaReversalSettings } from './rail-mode';
import { paymentReversals, type ReversalRow } from './schema';
import { failReversal } from './settle';

export const DARAJA_REVERSAL_PATH = '/mpesa/reversal/v1/request';
/** Where Daraja posts the outcome; the path avoids "mpesa", which Safaricom refuses in callback URLs. */
export const REVERSAL_RESULT_PATH = '/api/v1/rails/daraja/reversal/result';
export const REVERSAL_TIMEOUT_PATH = '/api/v1/rails/daraja/reversal/timeout';

/** Daraja's Remarks is 2 to 100 characters. */
const DEFAULT_REMARKS = 'Reversal requested by the merchant';

/** The request as Daraja's Reversal API documents it (docs/reconciliation.md cites the sources). */
async function reversalRequest(reversal: ReversalRow, payment: PaymentRow) {
  const settings = darajaReversalSettings();
  const token = `?token=${encodeURIComponent(await mpesaCallbackSecret())}`;
  return {
    settings,
    body: {
      Initiator: settings.initiator,
      SecurityCredential: settings.securityCredential,
      CommandID: 'TransactionReversal',
      TransactionID: payment.providerReference,
      Amount: moneyJson(payment.amount),
      ReceiverParty: settings.shortcode,
      // "11" is the organisation's shortcode; Daraja spells the field this way.
      RecieverIdentifierType: '11',
      ResultURL: `${settings.publicUrl}${REVERSAL_RESULT_PATH}${token}`,
      QueueTimeOutURL: `${settings.publicUrl}${REVERSAL_TIMEOUT_PATH}${token}`,
      Remarks: reversal.remarks ?? DEFAULT_REMARKS,
      Occasion: `Reversal ${reversal.id}`.slice(0, 100),
    },
  };
}

const refusal = (answer: DarajaAnswer) => ({
  resultCode: String(answer.body.errorCode ?? answer.body.ResponseCode ?? `http_${answer.status}`),
  reason: String(answer.body.errorMessage ?? answer.body.ResponseDescription ?? 'M-Pesa did not accept the reversal request.'),
});

/**
 * Asks Daraja to reverse the payment. Its acknowledgement carries the conversation ids its Result
 * will quote; a refusal fails the reversal at once, and so does no answer at all: should Daraja
 * have taken it after all, its Result still names the original transaction, and is applied then
 * (daraja-result.ts), so the money is never out of step with the rail.
 */
export async function askDarajaToReverse(reversal: ReversalRow, payment: PaymentRow): Promise<ReversalRow> {
  let answer: DarajaAnswer;
  try {
    const { settings, body } = await reversalRequest(reversal, payment);
    answer = await darajaPost(settings.client, DARAJA_REVERSAL_PATH, body);
  } catch (error) {
    logger().warn({ reversalId: reversal.id, err: error }, 'Daraja reversal request failed');
    return (await failReversal(reversal.id, { resultCode: 'unreachable', reason: 'M-Pesa could not be reached; nothing was reversed. Try again.' })).reversal;
  }
  const { OriginatorConversationID, ConversationID, ResponseCode } = answer.body;
  if (answer.status === 200 && String(ResponseCode) === '0') {
    const [stored] = await db()
      .update(paymentReversals)
      .set({ originatorConversationId: String(OriginatorConversationID ?? ''), conversationId: String(ConversationID ?? '') })
      .where(eq(paymentReversals.id, reversal.id))
      .returning();
    return stored!;
  }
  return (await failReversal(reversal.id, refusal(answer))).reversal;
}
