import type { ApiApp } from '@/lib/api/context';
import { DARAJA_ACCEPTED } from '@/lib/rails/c2b';
import { processBankReturn } from './bank-return';
import { handleDarajaReversalResult, handleDarajaReversalTimeout } from './daraja-result';
import { reversalsOfPayment } from './queries';
import { requestReversal } from './request-reversal';
import { reversalRoutes } from './routes';
import { toReversalJson } from './serialize';

export function registerReversalRoutes(app: ApiApp): void {
  app.openapi(reversalRoutes.reverse, async (c) => {
    const reversal = await requestReversal(c.get('principal'), c.req.valid('param').paymentId, c.req.valid('json'), c.req.valid('header')['idempotency-key']);
    return c.json(toReversalJson(reversal), 202);
  });
  app.openapi(reversalRoutes.list, async (c) => c.json((await reversalsOfPayment(c.get('principal'), c.req.valid('param').paymentId)).map(toReversalJson), 200));

  app.openapi(reversalRoutes.darajaResult, async (c) => {
    await handleDarajaReversalResult(c.req.valid('json'), 'result');
    return c.json(DARAJA_ACCEPTED, 200);
  });
  app.openapi(reversalRoutes.darajaTimeout, async (c) => {
    await handleDarajaReversalTimeout(c.req.valid('json'));
    return c.json(DARAJA_ACCEPTED, 200);
  });
  app.openapi(reversalRoutes.bankReturn, async (c) => c.json(await processBankReturn(c.req.valid('json')), 200));
}
