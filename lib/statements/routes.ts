import { createRoute } from '@hono/zod-openapi';
import { bearerSecurity, jsonResponse, problems } from '@/lib/api/schemas';
import { AccountStatement, MAX_STATEMENT_ENTRIES, StatementParams, StatementQuery } from './schemas';

export const statementRoutes = {
  accountStatement: createRoute({
    method: 'get',
    path: '/merchants/me/virtual-accounts/{virtualAccountId}/statement',
    tags: ['Virtual accounts'],
    summary: 'Statement of an account for a period',
    description: [
      'Opening balance, every ledger entry of the period (credits, fees, reversals) with the balance after it, and closing balance.',
      '`from` and `to` are Nairobi days, both included; adjacent periods chain: one\'s closing balance is the next one\'s opening balance.',
      `A period with more than ${MAX_STATEMENT_ENTRIES} entries answers 422 \`statement_too_long\`: ask for a shorter one.`,
    ].join(' '),
    security: bearerSecurity,
    request: { params: StatementParams, query: StatementQuery },
    responses: { 200: jsonResponse(AccountStatement, 'The statement.'), ...problems(401, 404, 422) },
  }),
};
