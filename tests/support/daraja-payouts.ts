import { randomBytes, randomInt } from 'node:crypto';
import type { DarajaRoute } from './daraja-server';

/**
 * Daraja's payout APIs on the local Daraja server (daraja-server.ts), in the shapes Safaricom
 * documents (docs/rails.md, "Payouts"; tests/settlement/fixtures/SOURCES.md):
 * - B2C: POST /mpesa/b2c/v3/paymentrequest {OriginatorConversationID, InitiatorName,
 *   SecurityCredential, CommandID BusinessPayment, Amount, PartyA, PartyB (2547…), Remarks,
 *   QueueTimeOutURL, ResultURL, Occassion} → the acknowledgement, then the Result POSTed to the
 *   ResultURL with TransactionAmount, TransactionReceipt, ReceiverPartyPublicName,
 *   B2CUtilityAccountAvailableFunds … (or ResultCode 2001 for a wrong initiator, 1 for funds).
 * - B2B: POST /mpesa/b2b/v1/paymentrequest {Initiator, SecurityCredential, CommandID BusinessPayBill,
 *   SenderIdentifierType 4, RecieverIdentifierType 4, Amount, PartyA, PartyB, AccountReference,
 *   Requester?, Remarks, QueueTimeOutURL, ResultURL} → the acknowledgement with ids Daraja makes,
 *   then the Result with Amount, TransCompletedTime, ReceiverPartyPublicName, Currency …
 * - Transaction Status about a payout, by OriginalConversationID (or its receipt as TransactionID):
 *   the acknowledgement, then a Result with TransactionStatus, ReceiptNo, Amount and our Occasion.
 */
export const B2C_PATH = '/mpesa/b2c/v3/paymentrequest';
export const B2B_PATH = '/mpesa/b2b/v1/paymentrequest';
const STATUS_PATH = '/mpesa/transactionstatus/v1/query';

/** What M-Pesa does with a payout to this phone or paybill: pays it, or not (code), and whether the Result reaches us. */
export interface PayoutScenario {
  resultCode?: number | string;
  resultDesc?: string;
  /** false: M-Pesa processes it but the Result never comes (only Transaction Status tells). */
  deliver?: boolean;
  /** true: the request expires in Daraja's queue (the QueueTimeOutURL is called, nothing is paid). */
  queueTimeout?: boolean;
  /** Daraja refuses the request itself, synchronously. */
  refuse?: { status: number; errorCode: string; errorMessage: string };
}

export interface DarajaPayout {
  api: 'B2C' | 'B2B';
  body: Record<string, unknown>;
  originatorConversationId: string;
  conversationId: string;
  transactionId: string;
  paid: boolean;
  resultCode: string | number;
  resultDesc: string;
  completedAt: Date;
  resultBody?: unknown;
  resultStatus?: number;
  resultAnswer?: unknown;
}

const EAT_MS = 3 * 3_600_000;
const compactEat = (at: Date) => new Date(at.getTime() + EAT_MS).toISOString().replace(/[-:T]/g, '').slice(0, 14);
/** B2C's TransactionCompletedDateTime: "17.07.2017 10:54:57", Nairobi time. */
const dottedEat = (at: Date) => {
  const text = compactEat(at);
  return `${text.slice(6, 8)}.${text.slice(4, 6)}.${text.slice(0, 4)} ${text.slice(8, 10)}:${text.slice(10, 12)}:${text.slice(12, 14)}`;
};
const receipt = () => `T${randomBytes(6).toString('hex').toUpperCase().slice(0, 9)}`;
const isUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\//.test(value);

interface Credentials {
  shortcode: string;
  initiator: string;
  securityCredential: string;
}

export function addPayoutRoutes(routes: Map<string, DarajaRoute>, credentials: Credentials, options: { resultDelayMs?: number } = {}) {
  const scenarios = new Map<string, PayoutScenario>();
  const payouts: DarajaPayout[] = [];
  const statusQueries: Array<{ body: Record<string, unknown>; result?: unknown; status?: number }> = [];
  const state = { resultDelayMs: options.resultDelayMs ?? 100, utilityFunds: 1_000_000 };

  function b2cProblem(body: Record<string, unknown>): string | undefined {
    if (typeof body.OriginatorConversationID !== 'string' || !body.OriginatorConversationID) return 'OriginatorConversationID';
    if (typeof body.InitiatorName !== 'string' || !body.InitiatorName) return 'InitiatorName';
    if (typeof body.SecurityCredential !== 'string' || !body.SecurityCredential) return 'SecurityCredential';
    if (!['BusinessPayment', 'SalaryPayment', 'PromotionPayment'].includes(String(body.CommandID))) return 'CommandID';
    if (!Number.isInteger(body.Amount) || (body.Amount as number) < 1) return 'Amount';
    if (!/^\d{5,7}$/.test(String(body.PartyA ?? ''))) return 'PartyA';
    if (!/^254[17]\d{8}$/.test(String(body.PartyB ?? ''))) return 'PartyB';
    if (typeof body.Remarks !== 'string' || body.Remarks.length < 2 || body.Remarks.length > 100) return 'Remarks';
    if (!isUrl(body.QueueTimeOutURL)) return 'QueueTimeOutURL';
    if (!isUrl(body.ResultURL)) return 'ResultURL';
    return undefined;
  }

  function b2bProblem(body: Record<string, unknown>): string | undefined {
    if (typeof body.Initiator !== 'string' || !body.Initiator) return 'Initiator';
    if (typeof body.SecurityCredential !== 'string' || !body.SecurityCredential) return 'SecurityCredential';
    if (!['BusinessPayBill', 'BusinessBuyGoods'].includes(String(body.CommandID))) return 'CommandID';
    if (String(body.SenderIdentifierType) !== '4') return 'SenderIdentifierType';
    if (String(body.RecieverIdentifierType) !== '4') return 'RecieverIdentifierType';
    if (!Number.isInteger(body.Amount) || (body.Amount as number) < 1) return 'Amount';
    if (!/^\d{5,7}$/.test(String(body.PartyA ?? ''))) return 'PartyA';
    if (!/^\d{5,7}$/.test(String(body.PartyB ?? ''))) return 'PartyB';
    if (body.CommandID === 'BusinessPayBill' && (typeof body.AccountReference !== 'string' || body.AccountReference.length < 1 || body.AccountReference.length > 13)) return 'AccountReference';
    if (typeof body.Remarks !== 'string' || body.Remarks.length < 2 || body.Remarks.length > 100) return 'Remarks';
    if (!isUrl(body.QueueTimeOutURL)) return 'QueueTimeOutURL';
    if (!isUrl(body.ResultURL)) return 'ResultURL';
    return undefined;
  }

  const initiatorOf = (body: Record<string, unknown>) => (body.InitiatorName ?? body.Initiator) as string;

  /** What M-Pesa decides: a wrong initiator is 2001 whatever the scenario; then the scenario; then paid. */
  function decide(payout: Omit<DarajaPayout, 'paid' | 'resultCode' | 'resultDesc' | 'completedAt'>, scenario: PayoutScenario | undefined) {
    if (initiatorOf(payout.body) !== credentials.initiator || payout.body.SecurityCredential !== credentials.securityCredential) {
      return { paid: false, resultCode: 2001, resultDesc: 'The initiator information is invalid.' };
    }
    if (scenario?.resultCode !== undefined && String(scenario.resultCode) !== '0') {
      return { paid: false, resultCode: scenario.resultCode, resultDesc: scenario.resultDesc ?? 'The service request failed.' };
    }
    if ((payout.body.Amount as number) > state.utilityFunds) return { paid: false, resultCode: 1, resultDesc: 'The balance is insufficient for the transaction.' };
    return { paid: true, resultCode: 0, resultDesc: 'The service request is processed successfully.' };
  }

  function resultFor(payout: DarajaPayout) {
    const ids = { OriginatorConversationID: payout.originatorConversationId, ConversationID: payout.conversationId, TransactionID: payout.transactionId };
    const queue = { Key: 'QueueTimeoutURL', Value: `https://internalsandbox.safaricom.co.ke/mpesa/${payout.api.toLowerCase()}results/v1/submit` };
    const reference = payout.api === 'B2B' ? { ReferenceData: { ReferenceItem: [{ Key: 'BillReferenceNumber', Value: payout.body.AccountReference }, queue] } } : { ReferenceData: { ReferenceItem: queue } };
    if (!payout.paid) return { Result: { ResultType: 0, ResultCode: payout.resultCode, ResultDesc: payout.resultDesc, ...ids, ...reference } };
    const amount = payout.body.Amount as number;
    const parameters =
      payout.api === 'B2C'
        ? [
            { Key: 'TransactionAmount', Value: amount },
            { Key: 'TransactionReceipt', Value: payout.transactionId },
            { Key: 'ReceiverPartyPublicName', Value: `${payout.body.PartyB} - Wanjiku Kamau` },
            { Key: 'TransactionCompletedDateTime', Value: dottedEat(payout.completedAt) },
            { Key: 'B2CUtilityAccountAvailableFunds', Value: state.utilityFunds },
            { Key: 'B2CWorkingAccountAvailableFunds', Value: 0 },
            { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
            { Key: 'B2CChargesPaidAccountAvailableFunds', Value: 0 },
          ]
        : [
            { Key: 'DebitAccountBalance', Value: `{Amount={CurrencyCode=KES, MinimumAmount=${state.utilityFunds * 100}, BasicAmount=${state.utilityFunds}.00}}` },
            { Key: 'Amount', Value: `${amount}.00` },
            { Key: 'DebitPartyAffectedAccountBalance', Value: `Working Account|KES|${state.utilityFunds}.00|${state.utilityFunds}.00|0.00|0.00` },
            { Key: 'TransCompletedTime', Value: compactEat(payout.completedAt) },
            { Key: 'DebitPartyCharges', Value: '' },
            { Key: 'ReceiverPartyPublicName', Value: `${payout.body.PartyB} - Merchant Supplies Ltd` },
            { Key: 'Currency', Value: 'KES' },
            { Key: 'InitiatorAccountCurrentBalance', Value: `{Amount={CurrencyCode=KES, MinimumAmount=${state.utilityFunds * 100}, BasicAmount=${state.utilityFunds}.00}}` },
          ];
    return { Result: { ResultType: 0, ResultCode: 0, ResultDesc: payout.resultDesc, ...ids, ResultParameters: { ResultParameter: parameters }, ...reference } };
  }

  async function post(url: string, body: unknown) {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, answer: await response.json().catch(() => undefined) };
  }

  async function deliver(payout: DarajaPayout) {
    payout.resultBody ??= resultFor(payout);
    const { status, answer } = await post(String(payout.body.ResultURL), payout.resultBody);
    payout.resultStatus = status;
    payout.resultAnswer = answer;
    return { status, body: answer };
  }

  function accept(api: 'B2C' | 'B2B', body: Record<string, unknown>, destination: string, send: (status: number, body: unknown) => void, fault: (status: number, code: string, message: string) => void) {
    const scenario = scenarios.get(destination);
    if (scenario?.refuse) return fault(scenario.refuse.status, scenario.refuse.errorCode, scenario.refuse.errorMessage);
    const base = {
      api,
      body,
      // B2C v3 takes the caller's OriginatorConversationID; B2B's is made by Daraja.
      originatorConversationId: api === 'B2C' ? String(body.OriginatorConversationID) : `${randomInt(1e4, 1e5)}-${randomInt(1e7, 1e8)}-1`,
      conversationId: `AG_${compactEat(new Date()).slice(0, 8)}_${randomBytes(10).toString('hex')}`,
      transactionId: receipt(),
    };
    const payout: DarajaPayout = { ...base, ...decide(base, scenario), completedAt: new Date() };
    payouts.push(payout);
    if (payout.paid) state.utilityFunds -= body.Amount as number;
    send(200, { OriginatorConversationID: payout.originatorConversationId, ConversationID: payout.conversationId, ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
    if (scenario?.queueTimeout) {
      payout.paid = false;
      const notice = { Result: { ResultType: 1, ResultCode: 1, ResultDesc: 'The request timed out in the queue.', OriginatorConversationID: payout.originatorConversationId, ConversationID: payout.conversationId } };
      setTimeout(() => void post(String(body.QueueTimeOutURL), notice).catch(() => undefined), state.resultDelayMs);
      return;
    }
    if (scenario?.deliver !== false) setTimeout(() => void deliver(payout).catch(() => undefined), state.resultDelayMs);
  }

  routes.set(B2C_PATH, ({ body, send, fault }) => {
    const invalid = b2cProblem(body);
    if (invalid) return fault(400, '400.002.02', `Bad Request - Invalid ${invalid}`);
    accept('B2C', body, String(body.PartyB), send, fault);
  });

  routes.set(B2B_PATH, ({ body, send, fault }) => {
    const invalid = b2bProblem(body);
    if (invalid) return fault(400, '400.002.02', `Bad Request - Invalid ${invalid}`);
    accept('B2B', body, String(body.PartyB), send, fault);
  });

  function statusResult(body: Record<string, unknown>, payout: DarajaPayout | undefined, ids: { originator: string; conversation: string }) {
    const common = { ResultType: 0, OriginatorConversationID: ids.originator, ConversationID: ids.conversation, TransactionID: receipt() };
    const reference = { ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: body.Occasion ?? '' } } };
    if (body.Initiator !== credentials.initiator || body.SecurityCredential !== credentials.securityCredential) {
      return { Result: { ...common, ResultCode: 2001, ResultDesc: 'The initiator information is invalid.', ...reference } };
    }
    if (!payout) return { Result: { ...common, ResultCode: 'R000001', ResultDesc: 'The transaction does not exist.', ...reference } };
    const parameter = (Key: string, Value?: unknown) => (Value === undefined ? { Key } : { Key, Value });
    return {
      Result: {
        ...common,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        ResultParameters: {
          ResultParameter: [
            parameter('DebitPartyName', `${credentials.shortcode} - Collect Test Paybill`),
            parameter('CreditPartyName', `${payout.body.PartyB} - ${payout.api === 'B2C' ? 'Wanjiku Kamau' : 'Merchant Supplies Ltd'}`),
            parameter('OriginatorConversationID', payout.originatorConversationId),
            parameter('InitiatedTime', Number(compactEat(payout.completedAt))),
            parameter('DebitAccountType', 'Utility Account'),
            parameter('DebitPartyCharges'),
            parameter('TransactionReason', payout.paid ? undefined : payout.resultDesc),
            parameter('ReasonType', payout.api === 'B2C' ? 'Business Payment to Customer via API' : 'Business Pay Bill'),
            parameter('TransactionStatus', payout.paid ? 'Completed' : 'Failed'),
            parameter('FinalisedTime', Number(compactEat(payout.completedAt))),
            parameter('Amount', payout.body.Amount),
            parameter('ConversationID', payout.conversationId),
            parameter('ReceiptNo', payout.transactionId),
          ],
        },
        ...reference,
      },
    };
  }

  /**
   * Transaction Status about a payout: asked by OriginalConversationID (either id the
   * acknowledgement gave) or by its receipt. A question about anything else goes to the paybill's
   * own Transaction Status (daraja-recovery.ts), which knows received payments.
   */
  const paybillStatus = routes.get(STATUS_PATH);
  routes.set(STATUS_PATH, async (request) => {
    const { body, send, fault } = request;
    const original = typeof body.OriginalConversationID === 'string' ? body.OriginalConversationID : '';
    const byReceipt = payouts.find((payout) => payout.transactionId === body.TransactionID);
    if (!original && !byReceipt) return paybillStatus ? paybillStatus(request) : fault(400, '400.002.02', 'Bad Request - Invalid TransactionID');
    for (const field of ['Initiator', 'SecurityCredential', 'PartyA', 'Remarks']) {
      if (typeof body[field] !== 'string' || body[field] === '') return fault(400, '400.002.02', `Bad Request - Invalid ${field}`);
    }
    if (body.CommandID !== 'TransactionStatusQuery') return fault(400, '400.002.02', 'Bad Request - Invalid CommandID');
    if (!['1', '2', '4'].includes(String(body.IdentifierType))) return fault(400, '400.002.02', 'Bad Request - Invalid IdentifierType');
    for (const field of ['ResultURL', 'QueueTimeOutURL']) if (!isUrl(body[field])) return fault(400, '400.002.02', `Bad Request - Invalid ${field}`);
    const payout = byReceipt ?? payouts.find((candidate) => candidate.originatorConversationId === original || candidate.conversationId === original);
    const ids = { originator: `${randomInt(1e4)}-${randomInt(1e8)}-1`, conversation: `AG_${compactEat(new Date()).slice(0, 8)}_${randomBytes(10).toString('hex')}` };
    send(200, { OriginatorConversationID: ids.originator, ConversationID: ids.conversation, ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
    const query: (typeof statusQueries)[number] = { body, result: statusResult(body, payout, ids) };
    statusQueries.push(query);
    setTimeout(() => {
      void post(String(body.ResultURL), query.result)
        .then(({ status }) => (query.status = status))
        .catch(() => (query.status = 0));
    }, state.resultDelayMs);
  });

  return {
    /** By phone (B2C) or paybill (B2B): what M-Pesa does with a payout there. */
    scenarios,
    /** Every payout request Daraja accepted, in order. */
    payouts,
    /** Every Transaction Status query about a payout, with the Result posted back. */
    statusQueries,
    set resultDelayMs(value: number) {
      state.resultDelayMs = value;
    },
    /** The B2C utility account's balance: a payout above it fails with ResultCode 1. */
    set utilityFunds(value: number) {
      state.utilityFunds = value;
    },
    /** POSTs a payout's Result (again): Daraja may deliver one more than once. */
    redeliver: (conversationId: string) => deliver(payouts.find((payout) => payout.conversationId === conversationId)!),
  };
}
