import { createRoute, z } from '@hono/zod-openapi';
import { bearerSecurity, jsonBody, jsonResponse, problems } from '@/lib/api/schemas';
import {
  BalanceEntry,
  BalanceHistoryQuery,
  ProvisionAccountRequest,
  VirtualAccount,
  VirtualAccountListQuery,
  VirtualAccountParams,
} from './schemas';

const tags = ['Virtual accounts'];
const pagedNote = 'Newest first. When more rows exist, a `Link: <…>; rel="next"` header gives the next page.';

export const accountRoutes = {
  legacy: createRoute({
    method: 'get',
    path: '/merchants/me/virtual-account',
    tags,
    summary: 'The merchant\'s LEGACY account',
    description: 'The account made with the merchant. A user scoped to a sub-merchant has none: 404.',
    security: bearerSecurity,
    responses: { 200: jsonResponse(VirtualAccount, 'The LEGACY account.'), ...problems(401, 404) },
  }),
  list: createRoute({
    method: 'get',
    path: '/merchants/me/virtual-accounts',
    tags,
    summary: 'List virtual accounts',
    description: `Every account the caller can see (a scoped user: its sub-merchant's). ${pagedNote}`,
    security: bearerSecurity,
    request: { query: VirtualAccountListQuery },
    responses: { 200: jsonResponse(z.array(VirtualAccount), 'One page of accounts.'), ...problems(401, 422) },
  }),
  get: createRoute({
    method: 'get',
    path: '/merchants/me/virtual-accounts/{virtualAccountId}',
    tags,
    summary: 'Get a virtual account',
    security: bearerSecurity,
    request: { params: VirtualAccountParams },
    responses: { 200: jsonResponse(VirtualAccount, 'The account.'), ...problems(401, 404) },
  }),
  provision: createRoute({
    method: 'post',
    path: '/merchants/me/virtual-accounts',
    tags,
    summary: 'Provision a brand, subscriber or currency account',
    description:
      'One static account per merchant, sub-merchant, purpose and currency: a second answers 409 with `existingId`. Invoice accounts come with bills and customer accounts from the customer route. Accepts `Idempotency-Key`.',
    security: bearerSecurity,
    request: { body: jsonBody(ProvisionAccountRequest) },
    responses: {
      201: jsonResponse(VirtualAccount, 'The new account.'),
      ...problems(400, 401, 403, 404, 409, 413, 415, 422),
    },
  }),
  balanceHistory: createRoute({
    method: 'get',
    path: '/merchants/me/virtual-account/balance-history',
    tags,
    summary: 'Balance history of an account',
    description: `Ledger entries of the LEGACY account, or of \`virtualAccountId\`. ${pagedNote}`,
    security: bearerSecurity,
    request: { query: BalanceHistoryQuery },
    responses: { 200: jsonResponse(z.array(BalanceEntry), 'One page of entries.'), ...problems(401, 404, 422) },
  }),
};
