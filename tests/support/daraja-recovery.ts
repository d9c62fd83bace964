import { randomBytes, randomInt } from 'node:crypto';
import type { DarajaRoute } from './daraja-server';

/**
 * Daraja's reconciliation APIs on the local Daraja server, as Safaricom documents them
 * (docs/reconciliation.md, "Missed callbacks recovered"):
 * - Pull Transactions: POST /pulltransactions/v1/register {ShortCode, RequestType "Pull",
 *   NominatedNumber, CallBackURL} → ResponseStatus 1000 (1001 when registered before); POST
 *   /pulltransactions/v1/query {ShortCode, StartDate, EndDate ("YYYY-MM-DD HH:mm:ss", Nairobi
 *   time, at most 48 hours back), OffSetValue (a row offset)} → ResponseCode 1000 and
 *   "Response": [[{transactionId, trxDate, msisdn, sender, transactiontype, billreference, amount,
 *   organizationname}]], or 1001 when there is nothing (more).
 * - Transaction Status: POST /mpesa/transactionstatus/v1/query {Initiator, SecurityCredential,
 *   CommandID "TransactionStatusQuery", TransactionID, PartyA, IdentifierType, ResultURL,
 *   QueueTimeOutURL, Remarks, Occasion} → an acknowledgement, then the Result POSTed to ResultURL.
 */
export interface PaybillTransaction {
  transactionId: string;
  trxDate: Date;
  msisdn: string;
  sender: string;
  billreference: string;
  /** As M-Pesa holds it: a number (233.8) or text. */
  amount: number | string;
  /** What Pull Transactions lists instead, when its entry is garbled (Transaction Status still tells the truth). */
  listedAmount?: number | string;
}

interface Credentials {
  shortcode: string;
  initiator: string;
  securityCredential: string;
}

const EAT_MS = 3 * 3_600_000;
/** "2020-08-04 08:36:00" (seconds optional, one-digit hours as in Daraja's own sample), Nairobi time. */
const fromPullDate = (text: unknown) => {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(String(text ?? ''));
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = '0'] = match.map((part) => part ?? '') as string[];
  return new Date(Date.UTC(+year!, +month! - 1, +day!, +hour!, +minute!, +second!) - EAT_MS);
};
const compactEat = (at: Date) => Number(new Date(at.getTime() + EAT_MS).toISOString().replace(/[-:T]/g, '').slice(0, 14));
const refId = () => `${randomBytes(4).toString('hex')}-${randomBytes(2).toString('hex')}-${randomBytes(2).toString('hex')}-${randomBytes(6).toString('hex')}`;

export function addRecoveryRoutes(routes: Map<string, DarajaRoute>, credentials: Credentials, state: { callbackDelayMs: number }) {
  const transactions: PaybillTransaction[] = [];
  const registered = new Map<string, { nominatedNumber: string; callbackUrl: string }>();
  const queries: Array<Record<string, unknown>> = [];
  const results: Array<{ url: string; body: unknown; status?: number; answer?: unknown }> = [];
  const settings = { pageSize: 100, organizationName: 'Collect Test Paybill' };
  /** How this Daraja writes the Result: as built below, or in another documented variant (set per test). */
  const hooks = { reshape: (result: ReturnType<typeof statusResult>): unknown => result };

  routes.set('/pulltransactions/v1/register', ({ body, send, fault }) => {
    if (!/^\d{5,7}$/.test(String(body.ShortCode ?? ''))) return fault(400, '400.001', 'Invalid ShortCode');
    if (body.RequestType !== 'Pull') return fault(400, '400.002.02', 'Bad Request - Invalid RequestType');
    if (!/^(2547|2541|07|01)\d{8}$/.test(String(body.NominatedNumber ?? ''))) return fault(400, '400.002.02', 'Bad Request - Invalid NominatedNumber');
    if (!/^https?:\/\//.test(String(body.CallBackURL ?? ''))) return fault(400, '400.002.02', 'Bad Request - Invalid CallBackURL');
    const shortCode = String(body.ShortCode);
    const before = registered.has(shortCode);
    registered.set(shortCode, { nominatedNumber: String(body.NominatedNumber), callbackUrl: String(body.CallBackURL) });
    send(200, {
      ResponseRefID: refId(),
      ResponseStatus: before ? '1001' : '1000',
      ShortCode: shortCode,
      ResponseDescription: before ? 'ShortCode already Registered' : 'Shortcode Registered Successfully',
    });
  });

  routes.set('/pulltransactions/v1/query', ({ body, send, fault }) => {
    queries.push(body);
    if (!registered.has(String(body.ShortCode ?? ''))) return fault(400, '400.001', 'Invalid ShortCode');
    const start = fromPullDate(body.StartDate);
    const end = fromPullDate(body.EndDate);
    if (!start) return fault(400, '400.002.02', 'Bad Request - Invalid StartDate');
    if (!end || end < start) return fault(400, '400.002.02', 'Bad Request - Invalid EndDate');
    if (Date.now() - start.getTime() > 48 * 3_600_000 + 60_000) return fault(400, '400.002.02', 'Bad Request - Invalid StartDate: more than 48 hours ago');
    const offset = Number(body.OffSetValue);
    if (typeof body.OffSetValue !== 'string' || !Number.isInteger(offset) || offset < 0) return fault(400, '400.002.02', 'Bad Request - Invalid OffSetValue');
    const page = transactions
      .filter((transaction) => transaction.trxDate >= start && transaction.trxDate <= end)
      .sort((a, b) => a.trxDate.getTime() - b.trxDate.getTime() || a.transactionId.localeCompare(b.transactionId))
      .slice(offset, offset + settings.pageSize);
    if (page.length === 0) {
      return send(200, { ResponseRefID: refId(), ResponseCode: '1001', ResponseMessage: 'Null, No transactions available for the selected time period.', Response: [[]] });
    }
    send(200, {
      ResponseRefID: refId(),
      ResponseCode: '1000',
      ResponseMessage: 'Success',
      Response: [
        page.map((transaction) => ({
          transactionId: transaction.transactionId,
          trxDate: transaction.trxDate.toISOString().replace(/\.\d{3}Z$/, 'Z'),
          msisdn: Number(transaction.msisdn),
          sender: transaction.sender,
          transactiontype: 'c2b-pay-bill-debit',
          billreference: transaction.billreference,
          amount: transaction.listedAmount ?? transaction.amount,
          organizationname: settings.organizationName,
        })),
      ],
    });
  });

  function statusResult(body: Record<string, unknown>, ids: { originator: string; conversation: string }) {
    const transaction = transactions.find((candidate) => candidate.transactionId === body.TransactionID);
    const common = { ResultType: 0, OriginatorConversationID: ids.originator, ConversationID: ids.conversation, TransactionID: `T${randomBytes(5).toString('hex').toUpperCase()}` };
    const reference = { ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: body.Occasion ?? '' } } };
    if (body.Initiator !== credentials.initiator || body.SecurityCredential !== credentials.securityCredential) {
      return { Result: { ...common, ResultCode: 2001, ResultDesc: 'The initiator information is invalid.', ...reference } };
    }
    if (!transaction) return { Result: { ...common, ResultCode: 1, ResultDesc: 'The transaction receipt number does not exist.', ...reference } };
    const parameter = (Key: string, Value?: unknown) => (Value === undefined ? { Key } : { Key, Value });
    return {
      Result: {
        ...common,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        ResultParameters: {
          ResultParameter: [
            parameter('DebitPartyName', `${transaction.msisdn} - ${transaction.sender}`),
            parameter('CreditPartyName', `${credentials.shortcode} - ${settings.organizationName}`),
            parameter('OriginatorConversationID', ids.originator),
            parameter('InitiatedTime', compactEat(transaction.trxDate)),
            parameter('DebitAccountType', 'MMF Account For Customer'),
            parameter('DebitPartyCharges'),
            parameter('TransactionReason'),
            parameter('ReasonType', 'Pay Bill Online'),
            parameter('TransactionStatus', 'Completed'),
            parameter('FinalisedTime', compactEat(transaction.trxDate)),
            parameter('Amount', Number(transaction.amount)),
            parameter('ConversationID', ids.conversation),
            parameter('ReceiptNo', transaction.transactionId),
          ],
        },
        ...reference,
      },
    };
  }

  routes.set('/mpesa/transactionstatus/v1/query', ({ body, send, fault }) => {
    for (const field of ['Initiator', 'SecurityCredential', 'TransactionID', 'PartyA', 'Remarks']) {
      if (typeof body[field] !== 'string' || body[field] === '') return fault(400, '400.002.02', `Bad Request - Invalid ${field}`);
    }
    if (body.CommandID !== 'TransactionStatusQuery') return fault(400, '400.002.02', 'Bad Request - Invalid CommandID');
    if (!['1', '2', '4'].includes(String(body.IdentifierType))) return fault(400, '400.002.02', 'Bad Request - Invalid IdentifierType');
    for (const field of ['ResultURL', 'QueueTimeOutURL']) {
      if (!/^https?:\/\//.test(String(body[field] ?? ''))) return fault(400, '400.002.02', `Bad Request - Invalid ${field}`);
    }
    const ids = { originator: `${randomInt(1e4)}-${randomInt(1e8)}-1`, conversation: `AG_${compactEat(new Date()).toString().slice(0, 8)}_${randomBytes(10).toString('hex')}` };
    send(200, { OriginatorConversationID: ids.originator, ConversationID: ids.conversation, ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
    const delivery: (typeof results)[number] = { url: String(body.ResultURL), body: hooks.reshape(statusResult(body, ids)) };
    results.push(delivery);
    setTimeout(() => {
      void fetch(delivery.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(delivery.body) })
        .then(async (response) => {
          delivery.answer = await response.json().catch(() => undefined);
          delivery.status = response.status;
        })
        .catch(() => (delivery.status = 0));
    }, state.callbackDelayMs);
  });

  return {
    /** The paybill's transactions, as M-Pesa holds them whether or not a callback reached us. */
    transactions,
    registered,
    /** Every Pull Transactions query body received. */
    queries,
    /** Every Transaction Status result posted to a ResultURL, with the answer it got. */
    results,
    set pageSize(value: number) {
      settings.pageSize = value;
    },
    /** Rewrites each Result before it is posted (one ResultParameter, numbers as text, …); identity when unset. */
    set reshapeResult(value: ((result: Record<string, unknown>) => unknown) | undefined) {
      hooks.reshape = (value as (result: unknown) => unknown) ?? ((result) => result);
    },
  };
}
