import type { ApiApp } from '@/lib/api/context';
import { pageOf } from '@/lib/api/pagination';
import { dailyTotals } from './daily-totals';
import { getPayment, listPayments } from './queries';
import { paymentRoutes } from './routes';
import { toPaymentJson } from './serialize';
import { summarisePayments } from './summary';

export function registerPaymentRoutes(app: ApiApp): void {
  app.openapi(paymentRoutes.list, async (c) => {
    const filters = c.req.valid('query');
    const rows = await listPayments(c.get('principal'), filters);
    return c.json(pageOf(c, rows, filters.limit).map(toPaymentJson), 200);
  });
  // Registered before /payments/{paymentId}, which would otherwise take "summary" or "daily-totals" for an id.
  app.openapi(paymentRoutes.summary, async (c) => c.json(await summarisePayments(c.get('principal'), c.req.valid('query')), 200));
  app.openapi(paymentRoutes.dailyTotals, async (c) => c.json(await dailyTotals(c.get('principal'), c.req.valid('query')), 200));
  app.openapi(paymentRoutes.get, async (c) => c.json(toPaymentJson(await getPayment(c.get('principal'), c.req.valid('param').paymentId)), 200));
}
