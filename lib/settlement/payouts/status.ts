import { eq } from 'drizzle-orm';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { mpesaCallbackSecret } from '@/lib/rails/secrets';
import { darajaText, keyValues, resultCodeText, type DarajaAccountResultInput } from '@/lib/rails/daraja-result';
import { darajaPost } from '@/lib/stk/daraja-client';
import { settlements, type SettlementRow } from '../schema';
import { PAYOUT_STATUS_RESULT_PATH, PAYOUT_STATUS_TIMEOUT_PATH, payoutSettings, TRANSACTION_STATUS_PATH } from './daraja-settings';
import { applyFailed, applyPaid } from './outcome';
import { PAYOUT_UNKNOWN_FAILS_AFTER_MINUTES } from './timing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What M-Pesa calls a transaction that ended without the money moving. */
const NOT_PAID_STATUSES = new Set(['Failed', 'Cancelled', 'Expired', 'Declined', 'Rejected']);

/**
 * Asks Daraja's Transaction Status about a payout whose Result never came, by the conversation id
 * its request carried (B2C: the settlement's id, which we sent ourselves; B2B: the one Daraja
 * acknowledged). The settlement's id travels as the Occasion, so the answer names it. Returns
 * false when there is nothing to ask by (a B2B request never acknowledged: see docs/rails.md).
 */
export async function askPayoutStatus(settlement: SettlementRow): Promise<boolean> {
  const conversation = settlement.originatorConversationId ?? (settlement.rail === 'MPESA_B2C' ? settlement.id : null);
  if (!conversation) return false;
  const settings = payoutSettings();
  const token = `?token=${encodeURIComponent(await mpesaCallbackSecret())}`;
  const answer = await darajaPost(settings.client, TRANSACTION_STATUS_PATH, {
    Initiator: settings.initiator,
    SecurityCredential: settings.securityCredential,
    CommandID: 'TransactionStatusQuery',
    ...(settlement.providerReference ? { TransactionID: settlement.providerReference } : {}),
    OriginalConversationID: conversation,
    PartyA: settings.shortcode,
    IdentifierType: '4',
    ResultURL: `${settings.callbackBase}${PAYOUT_STATUS_RESULT_PATH}${token}`,
    QueueTimeOutURL: `${settings.callbackBase}${PAYOUT_STATUS_TIMEOUT_PATH}${token}`,
    Remarks: 'Payout result never came',
    Occasion: settlement.id,
  });
  if (answer.status !== 200 || String(answer.body.ResponseCode ?? '') !== '0') {
    logger().warn({ settlementId: settlement.id, status: answer.status, code: answer.body.errorCode ?? answer.body.ResponseCode }, 'Daraja refused a payout Transaction Status query; asked again later');
    return false;
  }
  return true;
}

/** The settlement a status answer is about: our Occasion, else the original conversation it quotes. */
async function settlementOf(result: DarajaAccountResultInput, values: Map<string, unknown>): Promise<SettlementRow | undefined> {
  const occasion = darajaText(keyValues(result.ReferenceData?.ReferenceItem).get('Occasion'));
  if (UUID.test(occasion)) {
    const [row] = await db().select().from(settlements).where(eq(settlements.id, occasion));
    if (row) return row;
  }
  const original = darajaText(values.get('OriginatorConversationID'));
  if (!original) return undefined;
  const [row] = await db().select().from(settlements).where(eq(settlements.originatorConversationId, original));
  return row;
}

const minutesSince = (at: Date | null) => (at ? (Date.now() - at.getTime()) / 60_000 : 0);

/**
 * The answer to a payout's Transaction Status query. Completed → PAID with the receipt (the amount
 * checked as for a Result). A transaction M-Pesa says ended unpaid → FAILED. M-Pesa knowing no such
 * transaction fails it only once the request is an hour old (before that it may still be queued);
 * anything else (a refused query, "pending") changes nothing and the sweep asks again.
 */
export async function handlePayoutStatusResult(body: { Result: DarajaAccountResultInput }): Promise<void> {
  const result = body.Result;
  const values = keyValues(result.ResultParameters?.ResultParameter);
  const settlement = await settlementOf(result, values);
  if (!settlement) {
    logger().warn({ originatorConversationId: darajaText(result.OriginatorConversationID) }, 'Payout Transaction Status result for no settlement of ours; ignored');
    return;
  }
  if (settlement.status !== 'PENDING' && settlement.status !== 'PROCESSING') return;
  const code = resultCodeText(result.ResultCode);
  const description = darajaText(result.ResultDesc);
  if (code === '0') {
    const status = darajaText(values.get('TransactionStatus'));
    if (status === 'Completed') {
      await applyPaid(settlement, { receipt: darajaText(values.get('ReceiptNo')), amount: values.get('Amount') }, 'Transaction Status');
      return;
    }
    if (NOT_PAID_STATUSES.has(status)) {
      const reason = darajaText(values.get('TransactionReason')) || darajaText(values.get('ReasonType'));
      await applyFailed(settlement, `M-Pesa reports the payout ${status.toLowerCase()}${reason ? `: ${reason}` : ''}; nothing was paid.`);
      return;
    }
    logger().info({ settlementId: settlement.id, status }, 'payout not final yet at M-Pesa; asked again later');
    return;
  }
  // Only M-Pesa saying it has no such transaction: a refused question (2001, our initiator) says nothing about the payout.
  if (minutesSince(settlement.processingAt) >= PAYOUT_UNKNOWN_FAILS_AFTER_MINUTES && /does not exist|not found/i.test(description)) {
    await applyFailed(settlement, `M-Pesa has no record of the payout an hour after it was sent (${description}); nothing was paid.`);
    return;
  }
  logger().warn({ settlementId: settlement.id, resultCode: code, resultDesc: description }, 'payout Transaction Status gave no answer yet; asked again later');
}
