import type { ApiApp } from '@/lib/api/context';
import { accountStatement } from './account-statement';
import { statementRoutes } from './routes';

export function registerStatementRoutes(app: ApiApp): void {
  app.openapi(statementRoutes.accountStatement, async (c) => {
    const statement = await accountStatement(c.get('principal'), c.req.valid('param').virtualAccountId, c.req.valid('query'));
    return c.json(statement, 200);
  });
}
