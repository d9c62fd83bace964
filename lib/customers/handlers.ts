import { toVirtualAccountJson } from '@/lib/accounts/serialize';
import type { ApiApp } from '@/lib/api/context';
import { pageOf } from '@/lib/api/pagination';
import { createCustomer, getCustomer, listCustomers } from './queries';
import { customerRoutes } from './routes';
import { toCustomerJson } from './serialize';
import { provisionCustomerAccount } from './virtual-account';

export function registerCustomerRoutes(app: ApiApp): void {
  app.openapi(customerRoutes.create, async (c) => {
    const customer = await createCustomer(c.get('principal'), c.req.valid('json'));
    return c.json(toCustomerJson(customer), 201);
  });

  app.openapi(customerRoutes.list, async (c) => {
    const filters = c.req.valid('query');
    const rows = await listCustomers(c.get('principal'), filters);
    return c.json(pageOf(c, rows, filters.limit).map(toCustomerJson), 200);
  });

  app.openapi(customerRoutes.get, async (c) => {
    const customer = await getCustomer(c.get('principal'), c.req.valid('param').customerId);
    return c.json(toCustomerJson(customer), 200);
  });

  app.openapi(customerRoutes.provisionAccount, async (c) => {
    const { account, created } = await provisionCustomerAccount(c.get('principal'), c.req.valid('param').customerId);
    return created ? c.json(toVirtualAccountJson(account), 201) : c.json(toVirtualAccountJson(account), 200);
  });
}
