import { createRoute, z } from '@hono/zod-openapi';
import { bearerSecurity, jsonBody, jsonResponse, problems } from '@/lib/api/schemas';
import { ExportPayoutsAnswer, ExportPayoutsRequest, PayoutBatchList, PayoutBatchParams, PayoutBatchQuery, StatusReportOutcome, StatusReportUpload } from './schemas';

const tags = ['Operator console'];
const adminOnly = 'PLATFORM_ADMIN only (403 for PLATFORM_SUPPORT); any caller who is not an operator is answered 404.';

export const operatorPayoutRoutes = {
  list: createRoute({
    method: 'get',
    path: '/operator/payouts/batches',
    tags,
    summary: 'pain.001 files exported, newest first, and the bank settlements waiting for the next',
    security: bearerSecurity,
    request: { query: PayoutBatchQuery },
    responses: { 200: jsonResponse(PayoutBatchList, 'A page of files and what waits.'), ...problems(401, 404, 422) },
  }),
  export: createRoute({
    method: 'post',
    path: '/operator/payouts/export',
    tags,
    summary: 'Export every PENDING bank settlement into one pain.001 file',
    description: `As \`npm run cli -- payouts:export\`: each settlement in the file becomes PROCESSING in the same transaction that keeps the file, so a settlement is in exactly one file. Two exports at once split the settlements, never repeat them. ${adminOnly}`,
    security: bearerSecurity,
    request: { body: jsonBody(ExportPayoutsRequest) },
    responses: { 200: jsonResponse(ExportPayoutsAnswer, 'The file made, or null when nothing waited.'), ...problems(400, 401, 403, 404, 415, 422) },
  }),
  file: createRoute({
    method: 'get',
    path: '/operator/payouts/batches/{batchId}/file',
    tags,
    summary: 'Download a pain.001 file again',
    description: 'The file exactly as exported (ISO 20022 pain.001.001.09), to upload to the bank. Every merchant paid in it sees the download in its audit log.',
    security: bearerSecurity,
    request: { params: PayoutBatchParams },
    responses: {
      200: { description: 'The pain.001 XML.', content: { 'application/xml': { schema: z.string() } } },
      ...problems(401, 404),
    },
  }),
  importStatus: createRoute({
    method: 'post',
    path: '/operator/payouts/status-reports',
    tags,
    summary: 'Import the bank\'s pain.002 status report',
    description: `As \`npm run cli -- payouts:import-status\`: RJCT fails the settlement with the bank's reason (its money is available again), ACSC/ACCC pays it, an accepted or pending status leaves it PROCESSING; unknown EndToEndIds are listed. A report imported twice changes nothing the second time. An unreadable file is answered 422 and changes nothing. ${adminOnly}`,
    security: bearerSecurity,
    request: { body: jsonBody(StatusReportUpload) },
    responses: { 200: jsonResponse(StatusReportOutcome, 'What the report changed.'), ...problems(400, 401, 403, 404, 413, 415, 422) },
  }),
};
