import { randomBytes, randomInt } from 'node:crypto';
import type { DarajaRoute } from './daraja-server';

/**
 * Daraja's Reversal API for the local Daraja server (daraja-server.ts): POST
 * /mpesa/reversal/v1/request with the initiator's name and SecurityCredential, a synchronous
 * acknowledgement with the conversation ids, then the Result POSTed to the ResultURL (or a queue
 * timeout to the QueueTimeOutURL), in the shapes Safaricom documents (docs/reconciliation.md).
 */
export const REVERSAL_PATH = '/mpesa/reversal/v1/request';

export type ReversalScenario =
  | { kind: 'result'; resultCode: string | number; resultDesc: string }
  | { kind: 'timeout' }
  /** Daraja refuses the request itself (no Result will come). */
  | { kind: 'refuse'; status: number; errorCode: string; errorMessage: string };

export interface DarajaReversal {
  body: Record<string, unknown>;
  originatorConversationId: string;
  conversationId: string;
  transactionId: string;
  resultBody?: unknown;
  resultStatus?: number;
  /** What our ResultURL answered, parsed. */
  resultAnswer?: unknown;
}

const eatTime = (at = new Date()) => new Date(at.getTime() + 3 * 3_600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);

export function addReversalRoutes(routes: Map<string, DarajaRoute>, credentials: { initiator: string; securityCredential: string }, options: { resultDelayMs?: number } = {}) {
  /** M-Pesa transactions the paybill received: TransactionID → amount. Others are "invalid". */
  const transactions = new Map<string, number>();
  const scenarios = new Map<string, ReversalScenario>();
  const requests: DarajaReversal[] = [];
  const state = {
    resultDelayMs: options.resultDelayMs ?? 150,
    /** How this Daraja writes the Result: as built below, or in another documented variant (set per test). */
    reshape: (result: ReturnType<typeof resultFor>, _request: DarajaReversal): unknown => result,
  };

  function problem(body: Record<string, unknown>): string | undefined {
    if (body.Initiator !== credentials.initiator) return 'Initiator';
    if (body.SecurityCredential !== credentials.securityCredential) return 'SecurityCredential';
    if (body.CommandID !== 'TransactionReversal') return 'CommandID';
    if (typeof body.TransactionID !== 'string' || !body.TransactionID) return 'TransactionID';
    if (typeof body.Amount !== 'number' || !(body.Amount > 0)) return 'Amount';
    if (typeof body.ReceiverParty !== 'string' || !/^\d{5,9}$/.test(body.ReceiverParty)) return 'ReceiverParty';
    if (body.RecieverIdentifierType !== '11') return 'RecieverIdentifierType';
    for (const url of ['ResultURL', 'QueueTimeOutURL']) if (typeof body[url] !== 'string' || !/^https?:\/\//.test(body[url] as string)) return url;
    if (typeof body.Remarks !== 'string' || body.Remarks.length < 2 || body.Remarks.length > 100) return 'Remarks';
    return undefined;
  }

  function resultFor(request: DarajaReversal, scenario: ReversalScenario | undefined) {
    const ids = { OriginatorConversationID: request.originatorConversationId, ConversationID: request.conversationId, TransactionID: request.transactionId };
    const reference = { ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: 'https://internalsandbox.safaricom.co.ke/mpesa/reversalresults/v1/submit' } } };
    if (scenario?.kind === 'timeout') return { Result: { ResultType: 1, ResultCode: 1, ResultDesc: 'The request timed out in the queue.', ...ids, ...reference } };
    const original = String(request.body.TransactionID);
    const known = transactions.get(original);
    const failure =
      scenario?.kind === 'result' ? scenario : known === undefined || known !== request.body.Amount ? { resultCode: 'R000002', resultDesc: 'The OriginalTransactionID is invalid.' } : undefined;
    if (failure && String(failure.resultCode) !== '0') {
      return { Result: { ResultType: 0, ResultCode: failure.resultCode, ResultDesc: failure.resultDesc, ...ids, ...reference } };
    }
    return {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        ...ids,
        ResultParameters: {
          ResultParameter: [
            { Key: 'DebitAccountBalance', Value: 'Utility Account|KES|51661.00|51661.00|0.00|0.00' },
            { Key: 'Amount', Value: request.body.Amount },
            { Key: 'TransCompletedTime', Value: Number(eatTime()) },
            { Key: 'OriginalTransactionID', Value: original },
            { Key: 'Charge', Value: 0 },
            { Key: 'CreditPartyPublicName', Value: '254712345678 - Achieng Otieno' },
            { Key: 'DebitPartyPublicName', Value: `${request.body.ReceiverParty} - Collect` },
          ],
        },
        ...reference,
      },
    };
  }

  async function deliver(request: DarajaReversal) {
    const scenario = scenarios.get(String(request.body.TransactionID));
    request.resultBody ??= state.reshape(resultFor(request, scenario), request);
    const url = String(scenario?.kind === 'timeout' ? request.body.QueueTimeOutURL : request.body.ResultURL);
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request.resultBody) });
    request.resultStatus = response.status;
    request.resultAnswer = await response.json().catch(() => undefined);
    return { status: response.status, body: request.resultAnswer };
  }

  routes.set(REVERSAL_PATH, ({ body, send, fault }) => {
    const invalid = problem(body);
    if (invalid) return fault(400, '400.002.02', `Bad Request - Invalid ${invalid}`);
    const scenario = scenarios.get(String(body.TransactionID));
    if (scenario?.kind === 'refuse') return fault(scenario.status, scenario.errorCode, scenario.errorMessage);
    const request: DarajaReversal = {
      body,
      originatorConversationId: `${randomInt(1e4, 1e5)}-${randomInt(1e7, 1e8)}-1`,
      conversationId: `AG_${eatTime()}_${randomBytes(10).toString('hex')}`,
      transactionId: `T${randomBytes(6).toString('hex').toUpperCase().slice(0, 9)}`,
    };
    requests.push(request);
    send(200, {
      OriginatorConversationID: request.originatorConversationId,
      ConversationID: request.conversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
    setTimeout(() => void deliver(request).catch(() => undefined), state.resultDelayMs);
  });

  return {
    transactions,
    scenarios,
    requests,
    set resultDelayMs(value: number) {
      state.resultDelayMs = value;
    },
    /** Rewrites each Result before it is posted (one ResultParameter, amounts as text, another amount, …); identity when unset. */
    set reshapeResult(value: ((result: Record<string, unknown>, request: DarajaReversal) => unknown) | undefined) {
      state.reshape = (value as (result: unknown, request: DarajaReversal) => unknown) ?? ((result) => result);
    },
    /** POSTs a request's Result (again): Daraja may deliver one more than once. */
    redeliver: (conversationId: string) => deliver(requests.find((request) => request.conversationId === conversationId)!),
  };
}
