import { eq, or } from 'drizzle-orm';
import { config } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { darajaText, keyValues, resultCodeText, sentText } from '@/lib/rails/daraja-result';
import type { C2bPaymentInput } from '@/lib/rails/schemas';
import type { PulledTransaction } from './pulled';
import { recordRecovered } from './record-pulled';
import { railStatusQueries, type StatusQueryStatus } from './schema';
import type { TransactionStatusResultInput } from './schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Result = TransactionStatusResultInput['Result'];

/** ResultParameters as a map: ReceiptNo, Amount, TransactionStatus, DebitPartyName, FinalisedTime, … */
const parameters = (result: Result): Map<string, unknown> => keyValues(result.ResultParameters?.ResultParameter);

/** The query this result answers: by Daraja's OriginatorConversationID, else by our id sent as the Occasion. */
async function queryFor(result: { OriginatorConversationID?: unknown; ReferenceData?: unknown }) {
  const originator = darajaText(result.OriginatorConversationID);
  const reference = result.ReferenceData as Result['ReferenceData'];
  const occasion = darajaText(keyValues(reference?.ReferenceItem).get('Occasion'));
  const id = UUID.test(occasion) ? occasion : undefined;
  if (!originator && !id) return undefined;
  const conditions = [originator ? eq(railStatusQueries.originatorConversationId, originator) : undefined, id ? eq(railStatusQueries.id, id) : undefined].filter((condition) => condition !== undefined);
  const [row] = await db().select().from(railStatusQueries).where(or(...conditions)).limit(1);
  return row;
}

/** "254708374149 - John Doe": the payer's number and name, as Transaction Status writes the debit party. */
function debitParty(value: unknown): { msisdn: string; first: string; rest: string } {
  const [number = '', ...name] = darajaText(value).split(' - ');
  const [first = '', ...rest] = name.join(' - ').trim().split(/\s+/);
  return { msisdn: number.trim(), first, rest: rest.join(' ') };
}

/**
 * The C2B confirmation this result stands for. Transaction Status does not carry the account the
 * payer typed: it comes from the Pull Transactions entry that raised the question, when there was
 * one; without it the money is kept in suspense for an operator to place.
 */
function c2bPaymentOfResult(receipt: string, values: Map<string, unknown>, pulled: PulledTransaction | null): C2bPaymentInput {
  const payer = debitParty(values.get('DebitPartyName'));
  const time = values.get('FinalisedTime') ?? values.get('InitiatedTime');
  return {
    TransactionType: 'Pay Bill',
    TransID: darajaText(values.get('ReceiptNo')) || receipt,
    TransTime: typeof time === 'number' || typeof time === 'string' ? time : '',
    // An amount that is not a number or text (an object) is kept as its JSON: unreadable, held in suspense.
    TransAmount: sentText(values.get('Amount')),
    BusinessShortCode: config().PAYBILL_NUMBER,
    BillRefNumber: darajaText(pulled?.billreference),
    InvoiceNumber: '',
    OrgAccountBalance: '',
    ThirdPartyTransID: '',
    MSISDN: payer.msisdn || darajaText(pulled?.msisdn),
    FirstName: payer.first,
    MiddleName: '',
    LastName: payer.rest,
  };
}

async function settle(id: string, status: StatusQueryStatus, values: { resultCode?: string; resultDesc?: string; result?: unknown }) {
  await db()
    .update(railStatusQueries)
    .set({ status, resultCode: values.resultCode, resultDesc: values.resultDesc, result: values.result, finishedAt: new Date() })
    .where(eq(railStatusQueries.id, id));
}

/**
 * Daraja's Transaction Status result. A completed payment the service never recorded is recorded
 * now, through the confirmation's path; one it holds already is a duplicate. A repeated result, or
 * one for no query of ours, changes nothing.
 */
export async function handleStatusResult(body: TransactionStatusResultInput, rawBody: string): Promise<StatusQueryStatus | undefined> {
  const result = body.Result;
  const row = await queryFor(result);
  if (!row) {
    logger().warn({ originatorConversationId: darajaText(result.OriginatorConversationID) }, 'Transaction Status result for no query of ours; ignored');
    return undefined;
  }
  if (row.status !== 'PENDING') return row.status;
  const resultCode = resultCodeText(result.ResultCode);
  const resultDesc = darajaText(result.ResultDesc);
  const stored = JSON.parse(rawBody) as unknown;
  if (resultCode !== '0') {
    await settle(row.id, 'FAILED', { resultCode, resultDesc, result: stored });
    return 'FAILED';
  }
  const values = parameters(result);
  if (darajaText(values.get('TransactionStatus')) !== 'Completed') {
    await settle(row.id, 'NOT_COMPLETED', { resultCode, resultDesc, result: stored });
    return 'NOT_COMPLETED';
  }
  const outcome = await recordRecovered(c2bPaymentOfResult(row.receipt, values, row.pulled as PulledTransaction | null), {}, rawBody, { runId: row.runId ?? undefined, via: 'STATUS' });
  const status: StatusQueryStatus = outcome.outcome === 'recorded' ? 'RECORDED' : outcome.outcome === 'suspense' ? 'SUSPENSE' : 'DUPLICATE';
  await settle(row.id, status, { resultCode, resultDesc, result: stored });
  return status;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Daraja gave up on the query in its queue: it is marked so, and the next run may ask again.
 * Daraja documents no fixed shape for the notice: a Result, or its fields at the top level, or
 * anything else (logged, nothing to match).
 */
export async function handleStatusTimeout(body: unknown): Promise<void> {
  const inner = isObject(body) ? (isObject(body.Result) ? body.Result : body) : undefined;
  if (!inner) {
    logger().warn('Transaction Status queue timeout that names no query; ignored');
    return;
  }
  const row = await queryFor(inner);
  if (row?.status === 'PENDING') await settle(row.id, 'TIMED_OUT', { resultDesc: 'Daraja\'s queue timed out.', result: body });
}
