import type { ApiApp } from '@/lib/api/context';
import { pageOf } from '@/lib/api/pagination';
import { cancelBill } from './cancel';
import { createBill } from './create';
import { getBill, listBills } from './queries';
import { billRoutes } from './routes';
import { summariseBills } from './summary';
import { toExpectedPaymentJson } from './serialize';
import { updateBill } from './update';

export function registerBillRoutes(app: ApiApp): void {
  app.openapi(billRoutes.create, async (c) => {
    const bill = await createBill(c.get('principal'), c.req.valid('json'));
    return c.json(toExpectedPaymentJson(bill), 201);
  });

  app.openapi(billRoutes.list, async (c) => {
    const filters = c.req.valid('query');
    const rows = await listBills(c.get('principal'), filters);
    return c.json(pageOf(c, rows, filters.limit).map(toExpectedPaymentJson), 200);
  });

  // Before /expected-payments/{id}, which would otherwise take "summary" for an id.
  app.openapi(billRoutes.summary, async (c) => c.json(await summariseBills(c.get('principal')), 200));

  app.openapi(billRoutes.get, async (c) => {
    const bill = await getBill(c.get('principal'), c.req.valid('param').expectedPaymentId);
    return c.json(toExpectedPaymentJson(bill), 200);
  });

  app.openapi(billRoutes.update, async (c) => {
    const bill = await updateBill(c.get('principal'), c.req.valid('param').expectedPaymentId, c.req.valid('json'));
    return c.json(toExpectedPaymentJson(bill), 200);
  });

  app.openapi(billRoutes.cancel, async (c) => {
    const bill = await cancelBill(c.get('principal'), c.req.valid('param').expectedPaymentId);
    return c.json(toExpectedPaymentJson(bill), 200);
  });
}
