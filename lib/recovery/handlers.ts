import type { ApiApp } from '@/lib/api/context';
import { logger } from '@/lib/platform/logger';
import { DARAJA_ACCEPTED } from '@/lib/rails/c2b';
import { recoveryRoutes } from './routes';
import { handleStatusResult, handleStatusTimeout } from './transaction-status-result';

export function registerRecoveryRoutes(app: ApiApp): void {
  app.openapi(recoveryRoutes.statusResult, async (c) => {
    await handleStatusResult(c.req.valid('json'), await c.req.text());
    return c.json(DARAJA_ACCEPTED, 200);
  });

  app.openapi(recoveryRoutes.statusTimeout, async (c) => {
    await handleStatusTimeout(c.req.valid('json'));
    return c.json(DARAJA_ACCEPTED, 200);
  });

  app.openapi(recoveryRoutes.pullNotice, async (c) => {
    const notice = c.req.valid('json');
    // Only the field names: a notice may name payers.
    logger().info({ notice: typeof notice === 'object' && notice !== null ? Object.keys(notice) : typeof notice }, 'Daraja Pull Transactions notice');
    return c.json(DARAJA_ACCEPTED, 200);
  });
}
