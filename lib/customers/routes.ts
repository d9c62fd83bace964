import { createRoute } from '@hono/zod-openapi';
import { VirtualAccount } from '@/lib/accounts/schemas';
import { bearerSecurity, jsonBody, jsonResponse, problems } from '@/lib/api/schemas';
import { CreateCustomerRequest, Customer, CustomerListQuery, CustomerParams } from './schemas';

const tags = ['Customers'];
const byId = '/merchants/me/customers/{customerId}';

export const customerRoutes = {
  create: createRoute({
    method: 'post',
    path: '/merchants/me/customers',
    tags,
    summary: 'Register a customer',
    description: 'An externalRef already used by the merchant answers 409 with existingId.',
    security: bearerSecurity,
    request: { body: jsonBody(CreateCustomerRequest) },
    responses: { 201: jsonResponse(Customer, 'The customer.'), ...problems(400, 401, 403, 404, 409, 413, 415, 422) },
  }),
  list: createRoute({
    method: 'get',
    path: '/merchants/me/customers',
    tags,
    summary: 'List or search customers, newest first',
    description: 'Keyset pages: the next page is in the `Link: <…>; rel="next"` header.',
    security: bearerSecurity,
    request: { query: CustomerListQuery },
    responses: { 200: jsonResponse(Customer.array(), 'One page of customers.'), ...problems(401, 422) },
  }),
  get: createRoute({
    method: 'get',
    path: byId,
    tags,
    summary: 'One customer',
    security: bearerSecurity,
    request: { params: CustomerParams },
    responses: { 200: jsonResponse(Customer, 'The customer.'), ...problems(401, 404) },
  }),
  provisionAccount: createRoute({
    method: 'post',
    path: `${byId}/virtual-account`,
    tags,
    summary: "Provision the customer's own virtual account",
    description:
      "A static CUSTOMER account in the merchant's default currency, named after the customer. 201 the first time; afterwards 200 with the same account.",
    security: bearerSecurity,
    request: { params: CustomerParams },
    responses: {
      200: jsonResponse(VirtualAccount, 'The account the customer already had.'),
      201: jsonResponse(VirtualAccount, 'The account, just made.'),
      ...problems(401, 403, 404),
    },
  }),
};
