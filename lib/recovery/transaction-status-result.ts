import { eq, or } from 'drizzle-orm';
import { config } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { railText } from '@/lib/rails/c2b';
import type { C2bPaymentInput } from '@/lib/rails/schemas';
import type { PulledTransaction } from './pulled';
import { recordRecovered } from './record-pulled';
import { railStatusQueries, type StatusQueryStatus } from './schema';
import type { TransactionStatusResultInput } from './schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const list = <T>(value: T | T[] | null | undefined): T[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);

/** ResultParameters as a map: ReceiptNo, Amount, TransactionStatus, DebitPartyName, FinalisedTime, … */
function parameters(result: TransactionStatusResultInput['Result']): Map<string, unknown> {
  return new Map(list(result.ResultParameters?.ResultParameter).map((item) => [item.Key, item.Value]));
}

/** The query this result answers: by Daraja's OriginatorConversationID, else by our id sent as the Occasion. */
async function queryFor(result: { OriginatorConversationID?: unknown; ReferenceData?: TransactionStatusResultInput['Result']['ReferenceData'] }) {
  const originator = railText(result.OriginatorConversationID as string | undefined);
  const occasion = list(result.ReferenceData?.ReferenceItem).find((item) => item.Key === 'Occasion')?.Value;
  const id = typeof occasion === 'string' && UUID.test(occasion) ? occasion : undefined;
  if (!originator && !id) return undefined;
  const conditions = [originator ? eq(railStatusQueries.originatorConversationId, originator) : undefined, id ? eq(railStatusQueries.id, id) : undefined].filter((condition) => condition !== undefined);
  const [row] = await db().select().from(railStatusQueries).where(or(...conditions)).limit(1);
  return row;
}

/** "254708374149 - John Doe": the payer's number and name, as Transaction Status writes the debit party. */
function debitParty(value: unknown): { msisdn: string; first: string; rest: string } {
  const [number = '', ...name] = railText(value as string | undefined).split(' - ');
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
    TransID: railText((values.get('ReceiptNo') as string | undefined) ?? receipt) || receipt,
    TransTime: typeof time === 'number' || typeof time === 'string' ? time : '',
    TransAmount: (values.get('Amount') as string | number | undefined) ?? '',
    BusinessShortCode: config().PAYBILL_NUMBER,
    BillRefNumber: railText((pulled?.billreference as string | undefined) ?? ''),
    InvoiceNumber: '',
    OrgAccountBalance: '',
    ThirdPartyTransID: '',
    MSISDN: payer.msisdn || railText((pulled?.msisdn as string | undefined) ?? ''),
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
    logger().warn({ originatorConversationId: railText(result.OriginatorConversationID) }, 'Transaction Status result for no query of ours; ignored');
    return undefined;
  }
  if (row.status !== 'PENDING') return row.status;
  const resultCode = String(result.ResultCode);
  const resultDesc = railText(result.ResultDesc);
  const stored = JSON.parse(rawBody) as unknown;
  if (resultCode !== '0') {
    await settle(row.id, 'FAILED', { resultCode, resultDesc, result: stored });
    return 'FAILED';
  }
  const values = parameters(result);
  if (railText(values.get('TransactionStatus') as string | undefined) !== 'Completed') {
    await settle(row.id, 'NOT_COMPLETED', { resultCode, resultDesc, result: stored });
    return 'NOT_COMPLETED';
  }
  const outcome = await recordRecovered(c2bPaymentOfResult(row.receipt, values, row.pulled as PulledTransaction | null), {}, rawBody, { runId: row.runId ?? undefined, via: 'STATUS' });
  const status: StatusQueryStatus = outcome.outcome === 'recorded' ? 'RECORDED' : outcome.outcome === 'suspense' ? 'SUSPENSE' : 'DUPLICATE';
  await settle(row.id, status, { resultCode, resultDesc, result: stored });
  return status;
}

/** Daraja gave up on the query in its queue: it is marked so, and the next run may ask again. */
export async function handleStatusTimeout(body: Record<string, unknown>): Promise<void> {
  const inner = (typeof body.Result === 'object' && body.Result !== null ? body.Result : body) as Parameters<typeof queryFor>[0];
  const row = await queryFor(inner);
  if (row?.status === 'PENDING') await settle(row.id, 'TIMED_OUT', { resultDesc: 'Daraja\'s queue timed out.', result: body });
}
