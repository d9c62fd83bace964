import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addC2bRoutes } from './daraja-c2b';
import { addPayoutRoutes } from './daraja-payouts';
import { addRecoveryRoutes } from './daraja-recovery';
import { addReversalRoutes } from './daraja-reversal';

/**
 * A local stand-in for Safaricom Daraja on 127.0.0.1, speaking its documented protocol: OAuth
 * client credentials, M-Pesa Express (STK push) with its Password and Timestamp, the STK query,
 * and the callback POSTed to the CallBackURL. What each phone "does" is set per test.
 *
 * Every bearer-token API is one entry of a route table (path → handler), so further APIs live in
 * their own modules and add their entries: Pull Transactions and Transaction Status in
 * daraja-recovery.ts.
 */

/** What a route handler is given: the parsed JSON body and the means to answer in Daraja's format. */
export interface DarajaRequest {
  body: Record<string, unknown>;
  send: (status: number, body: unknown) => void;
  fault: (status: number, errorCode: string, errorMessage: string) => void;
}
export type DarajaRoute = (request: DarajaRequest) => void | Promise<void>;
export interface StkScenario {
  resultCode: number;
  resultDesc: string;
  /** false: Daraja never calls back (only the query tells). */
  callback?: boolean;
  /** true: the query keeps answering "The transaction is being processed". */
  queryPending?: boolean;
}

export interface DarajaPush {
  body: Record<string, unknown>;
  checkoutRequestId: string;
  merchantRequestId: string;
  receipt: string;
  /** The callback body, once sent. */
  callbackBody?: unknown;
  callbackStatus?: number;
}

const PAID: StkScenario = { resultCode: 0, resultDesc: 'The service request is processed successfully.' };

const eatTime = (at = new Date()) => new Date(at.getTime() + 3 * 3_600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
const eatToDate = (text: string) =>
  new Date(Date.UTC(+text.slice(0, 4), +text.slice(4, 6) - 1, +text.slice(6, 8), +text.slice(8, 10), +text.slice(10, 12), +text.slice(12, 14)) - 3 * 3_600_000);

export async function startDarajaServer(options: { callbackDelayMs?: number } = {}) {
  const credentials = {
    consumerKey: `key-${randomBytes(6).toString('hex')}`,
    consumerSecret: `secret-${randomBytes(6).toString('hex')}`,
    shortcode: '174379',
    passkey: randomBytes(32).toString('hex'),
    /** Transaction Status and the other account APIs act as this initiator, with its encrypted password. */
    initiator: 'collect-api',
    securityCredential: randomBytes(64).toString('base64'),
  };
  const tokens = new Set<string>();
  const scenarios = new Map<string, StkScenario>();
  const pushes = new Map<string, DarajaPush>();
  const state = {
    tokenRequests: 0,
    callbackDelayMs: options.callbackDelayMs ?? 150,
    refuseCredentials: false,
    /** How this Daraja writes the STK callback: as built below, or in another documented variant (set per test). */
    reshapeCallback: (callback: ReturnType<typeof callbackFor>): unknown => callback,
  };
  const routes = new Map<string, DarajaRoute>();
  /** Paths Daraja answers with an error whatever the request (an outage): set per test. */
  const outages = new Map<string, { status: number; body: unknown }>();

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const fault = (response: ServerResponse, status: number, errorCode: string, errorMessage: string) =>
    send(response, status, { requestId: `${randomInt(1e4)}-${randomInt(1e8)}-1`, errorCode, errorMessage });

  const readJson = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    try {
      return JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  };

  /** Daraja checks Password = base64(shortcode + passkey + Timestamp), with Timestamp close to Nairobi now. */
  function credentialsProblem(body: Record<string, unknown>): string | undefined {
    if (body.BusinessShortCode !== credentials.shortcode) return 'BusinessShortCode';
    const timestamp = String(body.Timestamp ?? '');
    if (!/^\d{14}$/.test(timestamp) || Math.abs(eatToDate(timestamp).getTime() - Date.now()) > 5 * 60_000) return 'Timestamp';
    const expected = Buffer.from(`${credentials.shortcode}${credentials.passkey}${timestamp}`).toString('base64');
    return body.Password === expected ? undefined : 'Password';
  }

  function pushProblem(body: Record<string, unknown>): string | undefined {
    const problem = credentialsProblem(body);
    if (problem) return problem;
    if (body.TransactionType !== 'CustomerPayBillOnline') return 'TransactionType';
    if (!Number.isInteger(body.Amount) || (body.Amount as number) < 1) return 'Amount';
    if (typeof body.PhoneNumber !== 'string' || !/^254[17]\d{8}$/.test(body.PhoneNumber) || body.PartyA !== body.PhoneNumber) return 'PhoneNumber';
    if (body.PartyB !== credentials.shortcode) return 'PartyB';
    if (typeof body.CallBackURL !== 'string' || !/^https?:\/\//.test(body.CallBackURL)) return 'CallBackURL';
    if (typeof body.AccountReference !== 'string' || body.AccountReference.length < 1 || body.AccountReference.length > 12) return 'AccountReference';
    if (typeof body.TransactionDesc !== 'string' || body.TransactionDesc.length < 1 || body.TransactionDesc.length > 13) return 'TransactionDesc';
    return undefined;
  }

  function callbackFor(push: DarajaPush, scenario: StkScenario) {
    return {
      Body: {
        stkCallback: {
          MerchantRequestID: push.merchantRequestId,
          CheckoutRequestID: push.checkoutRequestId,
          ResultCode: scenario.resultCode,
          ResultDesc: scenario.resultDesc,
          ...(scenario.resultCode === 0
            ? {
                CallbackMetadata: {
                  Item: [
                    { Name: 'Amount', Value: push.body.Amount },
                    { Name: 'MpesaReceiptNumber', Value: push.receipt },
                    { Name: 'Balance' },
                    { Name: 'TransactionDate', Value: Number(eatTime()) },
                    { Name: 'PhoneNumber', Value: Number(push.body.PhoneNumber) },
                  ],
                },
              }
            : {}),
        },
      },
    };
  }

  async function deliver(push: DarajaPush) {
    push.callbackBody ??= state.reshapeCallback(callbackFor(push, scenarios.get(String(push.body.PhoneNumber)) ?? PAID));
    const response = await fetch(String(push.body.CallBackURL), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(push.callbackBody),
    });
    push.callbackStatus = response.status;
    return { status: response.status, body: await response.json().catch(() => undefined) };
  }

  routes.set('/mpesa/stkpush/v1/processrequest', ({ body, send: reply, fault: refuse }) => {
    const problem = pushProblem(body);
    if (problem) return refuse(400, '400.002.02', `Bad Request - Invalid ${problem}`);
    const push: DarajaPush = {
      body,
      checkoutRequestId: `ws_CO_${eatTime()}${randomInt(1e9)}`,
      merchantRequestId: `${randomInt(1e5)}-${randomInt(1e8)}-1`,
      receipt: `T${randomBytes(6).toString('hex').toUpperCase().slice(0, 9)}`,
    };
    pushes.set(push.checkoutRequestId, push);
    reply(200, {
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    });
    const scenario = scenarios.get(String(body.PhoneNumber)) ?? PAID;
    if (scenario.callback !== false) setTimeout(() => void deliver(push).catch(() => undefined), state.callbackDelayMs);
  });

  routes.set('/mpesa/stkpushquery/v1/query', ({ body, send: reply, fault: refuse }) => {
    const problem = credentialsProblem(body);
    if (problem) return refuse(400, '400.002.02', `Bad Request - Invalid ${problem}`);
    const push = pushes.get(String(body.CheckoutRequestID));
    if (!push) return refuse(400, '400.002.02', 'Bad Request - Invalid CheckoutRequestID');
    const scenario = scenarios.get(String(push.body.PhoneNumber)) ?? PAID;
    if (scenario.queryPending) return refuse(500, '500.001.1001', 'The transaction is being processed');
    reply(200, {
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResultCode: String(scenario.resultCode),
      ResultDesc: scenario.resultDesc,
    });
  });

  // Pull Transactions and Transaction Status: the simulated paybill's own list of payments.
  const recovery = addRecoveryRoutes(routes, credentials, state);
  const reversals = addReversalRoutes(routes, credentials);
  // C2B Register URL (the confirmation and validation URLs of the paybill).
  const c2b = addC2bRoutes(routes);
  // B2C and B2B payouts, and Transaction Status about them (after recovery's, which it extends).
  const payouts = addPayoutRoutes(routes, credentials);

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://daraja.local');
    if (request.method === 'GET' && url.pathname === '/oauth/v1/generate') {
      state.tokenRequests++;
      const expected = `Basic ${Buffer.from(`${credentials.consumerKey}:${credentials.consumerSecret}`).toString('base64')}`;
      if (state.refuseCredentials || url.searchParams.get('grant_type') !== 'client_credentials' || request.headers.authorization !== expected) {
        return fault(response, 400, '400.008.01', 'Invalid Authentication passed');
      }
      const token = randomBytes(14).toString('base64url');
      tokens.add(token);
      return send(response, 200, { access_token: token, expires_in: '3599' });
    }
    if (request.method !== 'POST') return fault(response, 404, '404.001.01', 'Resource not found');
    const bearer = request.headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !tokens.has(bearer)) return fault(response, 401, '404.001.03', 'Invalid Access Token');
    const body = await readJson(request);
    if (!body) return fault(response, 400, '400.002.05', 'Invalid Request Payload');

    const outage = outages.get(url.pathname);
    if (outage) return send(response, outage.status, outage.body);
    const route = routes.get(url.pathname);
    if (!route) return fault(response, 404, '404.001.01', 'Resource not found');
    return route({ body, send: (status, answer) => send(response, status, answer), fault: (status, code, message) => fault(response, status, code, message) });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    credentials,
    scenarios,
    pushes,
    get tokenRequests() {
      return state.tokenRequests;
    },
    set callbackDelayMs(value: number) {
      state.callbackDelayMs = value;
    },
    /** Rewrites each STK callback before it is posted (ResultCode as text, no receipt, …); identity when unset. */
    set reshapeCallback(value: ((callback: Record<string, unknown>) => unknown) | undefined) {
      state.reshapeCallback = (value as (callback: unknown) => unknown) ?? ((callback) => callback);
    },
    /** Daraja forgets every token it issued, as when they expire. */
    revokeTokens: () => tokens.clear(),
    /** true: OAuth refuses our consumer key and secret (as when they are revoked). */
    set refuseCredentials(value: boolean) {
      state.refuseCredentials = value;
    },
    routes,
    outages,
    recovery,
    reversals,
    c2b,
    payouts,
    /** POSTs the prompt's callback (again): Daraja may deliver one more than once. */
    redeliver: (checkoutRequestId: string) => deliver(pushes.get(checkoutRequestId)!),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type DarajaServer = Awaited<ReturnType<typeof startDarajaServer>>;
