import { createRoute } from '@hono/zod-openapi';
import { bearerSecurity, jsonBody, jsonResponse, problems } from '@/lib/api/schemas';
import { BillSummary, CreateExpectedPaymentRequest, ExpectedPayment, ExpectedPaymentListQuery, ExpectedPaymentParams, UpdateExpectedPaymentRequest } from './schemas';

const tags = ['Expected payments'];
const byId = '/merchants/me/expected-payments/{expectedPaymentId}';

export const billRoutes = {
  create: createRoute({
    method: 'post',
    path: '/merchants/me/expected-payments',
    tags,
    summary: 'Create a bill, with its own invoice account number by default',
    description:
      'The bill starts OPEN. With provisionInvoiceVa (default true) a one-time INVOICE account is made in the same step and expires with the bill. A paymentReference already used by the merchant answers 409 with existingId.',
    security: bearerSecurity,
    request: { body: jsonBody(CreateExpectedPaymentRequest) },
    responses: {
      201: jsonResponse(ExpectedPayment, 'The bill.'),
      ...problems(400, 401, 403, 404, 409, 413, 415, 422),
    },
  }),
  list: createRoute({
    method: 'get',
    path: '/merchants/me/expected-payments',
    tags,
    summary: 'List bills, newest first',
    description: 'Keyset pages: the next page is in the `Link: <…>; rel="next"` header.',
    security: bearerSecurity,
    request: { query: ExpectedPaymentListQuery },
    responses: { 200: jsonResponse(ExpectedPayment.array(), 'One page of bills.'), ...problems(401, 422) },
  }),
  summary: createRoute({
    method: 'get',
    path: '/merchants/me/expected-payments/summary',
    tags,
    summary: 'How many bills are open, partly paid, due within three days and expired',
    security: bearerSecurity,
    responses: { 200: jsonResponse(BillSummary, 'The counts.'), ...problems(401) },
  }),
  get: createRoute({
    method: 'get',
    path: byId,
    tags,
    summary: 'One bill',
    security: bearerSecurity,
    request: { params: ExpectedPaymentParams },
    responses: { 200: jsonResponse(ExpectedPayment, 'The bill.'), ...problems(401, 404) },
  }),
  update: createRoute({
    method: 'patch',
    path: byId,
    tags,
    summary: "Change a bill's description, amount or expiry",
    description:
      'The description may change at any time. The amount and expiresAt change only while the bill is OPEN and nothing is paid; otherwise 409 (cancel it and raise a new bill). A new expiry moves the invoice account\'s expiry with it. Fields left out stay as they are; sending the same values again changes nothing.',
    security: bearerSecurity,
    request: { params: ExpectedPaymentParams, body: jsonBody(UpdateExpectedPaymentRequest) },
    responses: { 200: jsonResponse(ExpectedPayment, 'The bill as it now is.'), ...problems(400, 401, 403, 404, 409, 413, 415, 422) },
  }),
  cancel: createRoute({
    method: 'post',
    path: `${byId}/cancel`,
    tags,
    summary: 'Cancel a bill that is still waiting for payment',
    description:
      'An OPEN or PARTIALLY_PAID bill becomes CANCELLED and its invoice account CLOSED. Cancelling a cancelled bill answers it again; a PAID or EXPIRED bill answers 409.',
    security: bearerSecurity,
    request: { params: ExpectedPaymentParams },
    responses: { 200: jsonResponse(ExpectedPayment, 'The cancelled bill.'), ...problems(401, 403, 404, 409) },
  }),
};
