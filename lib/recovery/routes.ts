import { createRoute, z } from '@hono/zod-openapi';
import { limitRequestBody } from '@/lib/api/body-limit';
import { jsonBody, jsonResponse, Problem, problems } from '@/lib/api/schemas';
import { requireMpesaToken } from '@/lib/rails/guards';
import { DarajaResult, MpesaTokenQuery } from '@/lib/rails/schemas';
import { DarajaNotice, TransactionStatusResult } from './schemas';
import { STATUS_RESULT_PATH, STATUS_TIMEOUT_PATH } from './transaction-status';

const tags = ['Rails'];

/**
 * These routes answer failures as problem+json (Daraja reads only the status of an answer to a
 * result). Under /rails/daraja/ nothing is inherited from the conventions: each status is declared.
 */
const problem = { 'application/problem+json': { schema: Problem } };
const failures = {
  ...problems(400, 404, 413, 415, 422),
  500: { description: 'An unexpected error, logged: nothing was kept.', content: problem },
  503: {
    description: 'The database is unavailable (code service_unavailable): nothing was kept.',
    headers: z.object({ 'Retry-After': z.string().openapi({ description: 'Seconds to wait before sending again.', example: '5' }) }),
    content: problem,
  },
};

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
      'The asynchronous answer to a Transaction Status query sent by missed-callback recovery. A completed payment the service never recorded is recorded now, exactly as its C2B confirmation would have been (credited, or in suspense when no account can take it); one already recorded is a duplicate. A repeated result changes nothing. A wrong token answers 404.',
    middleware: [limitRequestBody, requireMpesaToken],
    request: { query: MpesaTokenQuery, body: jsonBody(TransactionStatusResult) },
    responses: { 200: jsonResponse(DarajaResult, 'Kept.'), ...failures },
  }),
  statusTimeout: createRoute({
    method: 'post',
    path: STATUS_TIMEOUT_PATH,
    tags,
    summary: 'Transaction Status queue timeout (called by Safaricom Daraja)',
    description: 'Daraja could not process a Transaction Status query in time: the query is marked TIMED_OUT and a later recovery run may ask again. A wrong token answers 404.',
    middleware: [limitRequestBody, requireMpesaToken],
    request: { query: MpesaTokenQuery, body: jsonBody(DarajaNotice) },
    responses: { 200: jsonResponse(DarajaResult, 'Noted.'), ...failures },
  }),
  pullNotice: createRoute({
    method: 'post',
    path: PULL_NOTICE_PATH,
    tags,
    summary: 'Pull Transactions notice (called by Safaricom Daraja)',
    description: 'The CallBackURL registered with Pull Transactions (`rails:pull-register`). Daraja may post notices here; they are acknowledged and logged. Missed payments are found by querying (`rails:recover`), not from these notices. A wrong token answers 404.',
    middleware: [limitRequestBody, requireMpesaToken],
    request: { query: MpesaTokenQuery, body: jsonBody(DarajaNotice) },
    responses: { 200: jsonResponse(DarajaResult, 'Noted.'), ...failures },
  }),
};
