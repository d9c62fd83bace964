import { createRoute } from '@hono/zod-openapi';
import { jsonBody, jsonResponse, problems } from '@/lib/api/schemas';
import { darajaAnswers } from '@/lib/rails/daraja-answers';
import { requireMpesaToken } from '@/lib/rails/guards';
import { darajaFailures } from '@/lib/rails/routes';
import { DarajaResult, MpesaTokenQuery } from '@/lib/rails/schemas';
import { B2B_RESULT_PATH, B2B_TIMEOUT_PATH, B2C_RESULT_PATH, B2C_TIMEOUT_PATH, PAYOUT_STATUS_RESULT_PATH, PAYOUT_STATUS_TIMEOUT_PATH } from './daraja-settings';
import { DarajaNotice, DarajaPayoutResult } from './schemas';

// A page of their own in the API reference: with the collection callbacks, the Rails page outgrew its weight budget (e2e/docs.spec.ts).
const tags = ['Payout rails'];
/** As every Daraja route: Daraja's format whatever happens; only a wrong token is an unknown route (404). */
const failures = { ...problems(404), ...darajaFailures };

const resultRoute = (path: string, api: string, amountKey: string) =>
  createRoute({
    method: 'post',
    path,
    tags,
    summary: `Settlement payout result, ${api} (called by Safaricom Daraja: the ResultURL)`,
    description: `ResultCode 0 naming the settlement's amount (${amountKey}) pays the settlement, with TransactionReceipt or TransactionID as its providerReference (exactly once: a repeat changes nothing); any other code fails it with ResultDesc as the reason, and the money is back in available. A Result for no settlement of ours is acknowledged and changes nothing. Answers {"ResultCode":"0","ResultDesc":"Accepted"} once kept; 503 with Retry-After while the database is out. A wrong token answers 404.`,
    middleware: [darajaAnswers('payout-result'), requireMpesaToken],
    request: { query: MpesaTokenQuery, body: jsonBody(DarajaPayoutResult) },
    responses: { 200: jsonResponse(DarajaResult, 'Kept.'), ...failures },
  });

const timeoutRoute = (path: string, api: string) =>
  createRoute({
    method: 'post',
    path,
    tags,
    summary: `Settlement payout queue timeout, ${api} (called by Safaricom Daraja: the QueueTimeOutURL)`,
    description: 'The request expired in M-Pesa\'s queue: nothing was paid, the settlement fails and the money is back in available. Any JSON is acknowledged (Daraja documents no fixed shape): a Result, or its ids at the top level, names the settlement.',
    middleware: [darajaAnswers('payout-timeout'), requireMpesaToken],
    request: { query: MpesaTokenQuery, body: jsonBody(DarajaNotice) },
    responses: { 200: jsonResponse(DarajaResult, 'Kept.'), ...failures },
  });

export const payoutRoutes = {
  b2cResult: resultRoute(B2C_RESULT_PATH, 'B2C BusinessPayment', 'TransactionAmount'),
  b2cTimeout: timeoutRoute(B2C_TIMEOUT_PATH, 'B2C'),
  b2bResult: resultRoute(B2B_RESULT_PATH, 'B2B BusinessPayBill', 'Amount'),
  b2bTimeout: timeoutRoute(B2B_TIMEOUT_PATH, 'B2B'),
  statusResult: createRoute({
    method: 'post',
    path: PAYOUT_STATUS_RESULT_PATH,
    tags,
    summary: 'Transaction Status result for a settlement payout whose Result never came (called by Safaricom Daraja)',
    description:
      'TransactionStatus Completed naming the settlement\'s amount pays it with ReceiptNo as providerReference; Failed, Cancelled, Expired, Declined or Rejected fails it. Anything else changes nothing, and the sweep asks again later. A wrong token answers 404.',
    middleware: [darajaAnswers('payout-result'), requireMpesaToken],
    request: { query: MpesaTokenQuery, body: jsonBody(DarajaPayoutResult) },
    responses: { 200: jsonResponse(DarajaResult, 'Kept.'), ...failures },
  }),
  statusTimeout: createRoute({
    method: 'post',
    path: PAYOUT_STATUS_TIMEOUT_PATH,
    tags,
    summary: 'Transaction Status queue timeout for a settlement payout (called by Safaricom Daraja)',
    description: 'The status query expired in Daraja\'s queue: nothing changes, and the sweep asks again later. Any JSON is acknowledged.',
    middleware: [darajaAnswers('payout-timeout'), requireMpesaToken],
    request: { query: MpesaTokenQuery, body: jsonBody(DarajaNotice) },
    responses: { 200: jsonResponse(DarajaResult, 'Noted.'), ...failures },
  }),
};
