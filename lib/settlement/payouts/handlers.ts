import type { ApiApp } from '@/lib/api/context';
import { DARAJA_ACCEPTED } from '@/lib/rails/c2b';
import { handlePayoutResult, handlePayoutTimeout } from './daraja-result';
import { payoutRoutes } from './routes';
import { handlePayoutStatusResult } from './status';

/** Daraja's callbacks for settlement payouts (B2C, B2B and their Transaction Status answers). */
export function registerPayoutRoutes(app: ApiApp): void {
  app.openapi(payoutRoutes.b2cResult, async (c) => {
    await handlePayoutResult('MPESA_B2C', c.req.valid('json'));
    return c.json(DARAJA_ACCEPTED, 200);
  });
  app.openapi(payoutRoutes.b2cTimeout, async (c) => {
    await handlePayoutTimeout('MPESA_B2C', c.req.valid('json'));
    return c.json(DARAJA_ACCEPTED, 200);
  });
  app.openapi(payoutRoutes.b2bResult, async (c) => {
    await handlePayoutResult('MPESA_B2B', c.req.valid('json'));
    return c.json(DARAJA_ACCEPTED, 200);
  });
  app.openapi(payoutRoutes.b2bTimeout, async (c) => {
    await handlePayoutTimeout('MPESA_B2B', c.req.valid('json'));
    return c.json(DARAJA_ACCEPTED, 200);
  });
  app.openapi(payoutRoutes.statusResult, async (c) => {
    await handlePayoutStatusResult(c.req.valid('json'));
    return c.json(DARAJA_ACCEPTED, 200);
  });
  // A status query that timed out in Daraja's queue changes nothing: the sweep asks again.
  app.openapi(payoutRoutes.statusTimeout, (c) => c.json(DARAJA_ACCEPTED, 200));
}
