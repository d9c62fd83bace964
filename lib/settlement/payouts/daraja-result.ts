import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { storableKey } from '@/lib/platform/text';
import { fromDarajaTime } from '@/lib/rails/nairobi-time';
import { DarajaAccountResult, darajaText, keyValues, resultCodeText, type DarajaAccountResultInput } from '@/lib/rails/daraja-result';
import { settlements, type SettlementRow } from '../schema';
import { applyFailed, applyPaid } from './outcome';

export type PayoutRail = 'MPESA_B2C' | 'MPESA_B2B';
type Ids = Pick<DarajaAccountResultInput, 'OriginatorConversationID' | 'ConversationID'>;

async function byConversation(rail: PayoutRail, result: Ids): Promise<SettlementRow | undefined> {
  const ids = [darajaText(result.OriginatorConversationID), darajaText(result.ConversationID)].filter(Boolean).map(storableKey);
  if (ids.length === 0) return undefined;
  const [row] = await db()
    .select()
    .from(settlements)
    .where(and(eq(settlements.rail, rail), or(...ids.flatMap((id) => [eq(settlements.originatorConversationId, id), eq(settlements.conversationId, id)]))));
  return row;
}

/** Whether a payout request of this rail is between Daraja's acknowledgement and the storing of its ids. */
async function acknowledgementInFlight(rail: PayoutRail): Promise<boolean> {
  const [row] = await db()
    .select({ id: settlements.id })
    .from(settlements)
    .where(and(eq(settlements.rail, rail), inArray(settlements.status, ['PENDING', 'PROCESSING']), isNull(settlements.conversationId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The settlement a Result is about. A B2B Result quotes ids Daraja made, and may overtake the
 * storing of them by a moment: while some request waits for its ids, look again briefly (a Result
 * for nothing of ours is answered at once).
 */
async function settlementOf(rail: PayoutRail, result: Ids): Promise<SettlementRow | undefined> {
  for (let attempt = 0; ; attempt++) {
    const row = await byConversation(rail, result);
    if (row || attempt === 3 || !(await acknowledgementInFlight(rail))) return row;
    await sleep(250);
  }
}

/** The receipt and amount each API names: B2C's TransactionReceipt/TransactionAmount, B2B's Amount; TransactionID for both. */
function paidAnswer(rail: PayoutRail, result: DarajaAccountResultInput) {
  const values = keyValues(result.ResultParameters?.ResultParameter);
  const receipt = darajaText(values.get('TransactionReceipt')) || darajaText(result.TransactionID);
  const amount = rail === 'MPESA_B2C' ? values.get('TransactionAmount') : values.get('Amount');
  const completed = rail === 'MPESA_B2C' ? values.get('TransactionCompletedDateTime') : values.get('TransCompletedTime');
  return { receipt, amount, paidAt: completedAt(completed) };
}

/** B2C writes "17.07.2017 10:54:57", B2B 20191219102115: both Nairobi time. */
function completedAt(value: unknown): Date | undefined {
  const text = darajaText(value);
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  const at = dotted ? fromDarajaTime(`${dotted[3]}${dotted[2]}${dotted[1]}${dotted[4]}${dotted[5]}${dotted[6]}`) : fromDarajaTime(text);
  // A time M-Pesa cannot have meant (in the future) is not believed: the settlement is paid now.
  return at && at.getTime() <= Date.now() + 60_000 ? at : undefined;
}

/**
 * Daraja's Result for a B2C or B2B payout (its ResultURL). ResultCode 0 naming the settlement's
 * amount pays it (exactly once: a repeated Result changes nothing); any other code fails it with
 * M-Pesa's words (2001 the initiator, 1 the balance, …), and the money is back in `available`.
 * A Result for no settlement of ours is acknowledged and logged: Daraja would only send it again.
 */
export async function handlePayoutResult(rail: PayoutRail, body: { Result: DarajaAccountResultInput }): Promise<void> {
  const result = body.Result;
  const settlement = await settlementOf(rail, result);
  const code = resultCodeText(result.ResultCode);
  if (!settlement) {
    logger().warn({ rail, originatorConversationId: darajaText(result.OriginatorConversationID), resultCode: code }, 'Daraja payout result for no settlement of ours; acknowledged, nothing changed');
    return;
  }
  if (code === '0') {
    await applyPaid(settlement, paidAnswer(rail, result), `${rail} result`);
    return;
  }
  const description = darajaText(result.ResultDesc);
  await applyFailed(settlement, `M-Pesa did not pay: ${description || 'no reason given'} (result code ${code}).`);
}

/**
 * Daraja's notice at the QueueTimeOutURL: the request expired in its queue before M-Pesa processed
 * it, so nothing was paid (as Daraja documents): the settlement fails and the money is back. Daraja
 * documents no fixed shape for the notice: a Result, its fields at the top level, or anything else
 * (then nothing can be matched, and the sweep's Transaction Status query settles it).
 */
export async function handlePayoutTimeout(rail: PayoutRail, body: unknown): Promise<void> {
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  const inner = isObject(body) ? (isObject(body.Result) ? body.Result : body) : undefined;
  const fields = inner ? DarajaAccountResult.partial().safeParse(inner) : undefined;
  const settlement = fields?.success ? await settlementOf(rail, fields.data) : undefined;
  if (!settlement) {
    logger().warn({ rail }, 'Daraja payout queue timeout that names no settlement of ours; ignored');
    return;
  }
  await applyFailed(settlement, 'M-Pesa did not process the payout in time (queue timeout); nothing was paid.');
}
