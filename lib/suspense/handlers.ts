import type { ApiApp } from '@/lib/api/context';
import { pageOf } from '@/lib/api/pagination';
import { toPaymentJson } from '@/lib/payments/serialize';
import { movePayment, notePayment } from './attention';
import { getSuspense, listSuspense } from './queries';
import { resolveSuspense } from './resolve';
import { requestReturn } from './return';
import { suspenseRoutes } from './routes';
import { toSuspenseJson } from './serialize';

export function registerSuspenseRoutes(app: ApiApp): void {
  app.openapi(suspenseRoutes.list, async (c) => {
    const filters = c.req.valid('query');
    const rows = await listSuspense(c.get('principal'), filters);
    return c.json(pageOf(c, rows, filters.limit).map(toSuspenseJson), 200);
  });
  app.openapi(suspenseRoutes.get, async (c) => c.json(toSuspenseJson(await getSuspense(c.get('principal'), c.req.valid('param').suspenseId)), 200));
  app.openapi(suspenseRoutes.resolve, async (c) => {
    const { suspense, payment } = await resolveSuspense(c.get('principal'), c.req.valid('param').suspenseId, c.req.valid('json'));
    return c.json({ suspense: toSuspenseJson(suspense), payment: toPaymentJson(payment) }, 200);
  });
  app.openapi(suspenseRoutes.return, async (c) => {
    const row = await requestReturn(c.get('principal'), c.req.valid('param').suspenseId, c.req.valid('json').note);
    return c.json(toSuspenseJson(row), 200);
  });
  app.openapi(suspenseRoutes.movePayment, async (c) => {
    const payment = await movePayment(c.get('principal'), c.req.valid('param').paymentId, c.req.valid('json'));
    return c.json(toPaymentJson(payment), 200);
  });
  app.openapi(suspenseRoutes.notePayment, async (c) => {
    const payment = await notePayment(c.get('principal'), c.req.valid('param').paymentId, c.req.valid('json').note);
    return c.json(toPaymentJson(payment), 200);
  });
}
