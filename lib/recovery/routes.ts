import { createRoute } from '@hono/zod-openapi';
import { jsonBody, jsonResponse, problems } from '@/lib/api/schemas';
import { darajaAnswers } from '@/lib/rails/daraja-answers';
import { requireMpesaToken } from '@/lib/rails/guards';
import { darajaFailures } from '@/lib/rails/routes';
import { DarajaResult, MpesaTokenQuery } from '@/lib/rails/schemas';
import { DarajaNotice, TransactionStatusResult } from './schemas';
import { STATUS_RESULT_PATH, STATUS_TIMEOUT_PATH } from './transaction-status';

const tags = ['Rails'];

/**
 * Like every Daraja route, these answer in Daraja's format whatever happens (lib/rails/daraja-answers.ts):
 * only a wrong token is answered as an unknown route (404, problem+json).
 */
const failures = { ...problems(404), ...darajaFailures };

/** Where Daraja sends Pull Transactions notices (registration): acknowledged and logged; the data itself comes from the query. */
export const PULL_NOTICE_PATH = '/rails/daraja/pull/notifications';

/**
 * Where Daraja posts Transaction Status results (docs/reconciliation.md). Guarded like the other
 * Daraja routes: the URL we gave Daraja carries the callback secret as `token`; a wrong one is an
 * unknown route. Daraja's routes limit their own bodies (lib/service/app.ts).
 */
export const recoveryRoutes = {
  statusResult: createRoute({
    method: 'post',
    path: STATUS_RESULT_PATH,
    tags,
    summary: 'Transaction Status result (called by Safaricom Daraja)',
    description:
      'The asynchronous answer to a Transaction Status query sent by missed-callback recovery. A completed payment the service never recorded is recorded now, exactly as its C2B confirmation would have been (credited, or in suspense when no account can take it); one already recorded is a duplicate. A repeated result changes nothing. ResultParameter may be a list or one object; numbers may come as text. A wrong token answers 404.',
    middleware: [darajaAnswers('status-result'), requireMpesaToken],
    request: { query: MpesaTokenQuery, body: jsonBody(TransactionStatusResult) },
    responses: { 200: jsonResponse(DarajaResult, 'Kept.'), ...failures },
  }),
  statusTimeout: createRoute({
    method: 'post',
    path: STATUS_TIMEOUT_PATH,
    tags,
    summary: 'Transaction Status queue timeout (called by Safaricom Daraja)',
    description: 'Daraja could not process a Transaction Status query in time: the query is marked TIMED_OUT and a later recovery run may ask again. Any JSON is acknowledged. A wrong token answers 404.',
    middleware: [darajaAnswers('status-timeout'), requireMpesaToken],
    request: { query: MpesaTokenQuery, body: jsonBody(DarajaNotice) },
    responses: { 200: jsonResponse(DarajaResult, 'Noted.'), ...failures },
  }),
  pullNotice: createRoute({
    method: 'post',
    path: PULL_NOTICE_PATH,
    tags,
    summary: 'Pull Transactions notice (called by Safaricom Daraja)',
    description: 'The CallBackURL registered with Pull Transactions (`rails:pull-register`). Daraja may post notices here; they are acknowledged and logged. Missed payments are found by querying (`rails:recover`), not from these notices. A wrong token answers 404.',
    middleware: [darajaAnswers('pull-notice'), requireMpesaToken],
    request: { query: MpesaTokenQuery, body: jsonBody(DarajaNotice) },
    responses: { 200: jsonResponse(DarajaResult, 'Noted.'), ...failures },
  }),
};
