import type { ApiApp } from '@/lib/api/context';
import { operatorOf } from '../principal';
import { operatorPaymentDetail } from './detail';
import { operatorPaymentRoutes } from './routes';
import { searchAnyPayment } from './search';

/** GET /operator/payments and /operator/payments/{id}: reads, open to every operator role. */
export function registerOperatorPaymentRoutes(app: ApiApp): void {
  app.openapi(operatorPaymentRoutes.search, async (c) => c.json(await searchAnyPayment(operatorOf(c), c.req.valid('query').q), 200));
  app.openapi(operatorPaymentRoutes.get, async (c) => c.json(await operatorPaymentDetail(operatorOf(c), c.req.valid('param').paymentId), 200));
}
