import { createRoute, z } from '@hono/zod-openapi';
import { bearerSecurity, jsonBody, jsonResponse, problems } from '@/lib/api/schemas';
import { Payment, PaymentIdParams } from '@/lib/payments/schemas';
import { MovePaymentRequest, NotePaymentRequest, ResolveSuspenseRequest, ReturnSuspenseRequest, SuspenseIdParams, SuspenseListQuery, SuspensePayment } from './schemas';

const tags = ['Suspense and attention'];
const byId = '/merchants/me/suspense/{suspenseId}';

export const SuspenseResolution = z.object({ suspense: SuspensePayment, payment: Payment }).openapi('SuspenseResolution');

export const suspenseRoutes = {
  list: createRoute({
    method: 'get',
    path: '/merchants/me/suspense',
    tags,
    summary: 'Money that reached your accounts but could not be credited, newest first',
    description:
      'Another currency than the account\'s, or an amount that is not money: it waits here until you resolve it into an account or bill, or ask for its return. Keyset pages: the next page is in the `Link: <…>; rel="next"` header.',
    security: bearerSecurity,
    request: { query: SuspenseListQuery },
    responses: { 200: jsonResponse(z.array(SuspensePayment), 'A page of suspense.'), ...problems(401, 422) },
  }),
  get: createRoute({
    method: 'get',
    path: byId,
    tags,
    summary: 'One suspense payment',
    security: bearerSecurity,
    request: { params: SuspenseIdParams },
    responses: { 200: jsonResponse(SuspensePayment, 'The suspense payment.'), ...problems(401, 404) },
  }),
  resolve: createRoute({
    method: 'post',
    path: `${byId}/resolve`,
    tags,
    summary: 'Credit suspense to one of your accounts, or toward an open bill',
    description:
      'Recorded as the payment the rail would have made (same provider reference and payer), exactly once: ledger entries, balance, the day\'s totals, bill matching and `payment.received`. Resolving a RESOLVED row answers the same payment again. 409 when it is marked for return or its amount is not money, or the account is closed or the bill no longer open, or its reference is also a payment (`reference_is_a_payment`: a row kept before one reference became one record); 422 on another currency.',
    security: bearerSecurity,
    request: { params: SuspenseIdParams, body: jsonBody(ResolveSuspenseRequest) },
    responses: { 200: jsonResponse(SuspenseResolution, 'The resolved suspense and its payment.'), ...problems(400, 401, 403, 404, 409, 415, 422) },
  }),
  return: createRoute({
    method: 'post',
    path: `${byId}/return`,
    tags,
    summary: 'Mark suspense for return to the payer',
    description: 'It becomes RETURN_REQUESTED and can no longer be credited; the money is paid back outside the API. Asking again answers the same; a RESOLVED row answers 409, as does a row whose reference is also a payment (`reference_is_a_payment`): paying the payer back would pay twice.',
    security: bearerSecurity,
    request: { params: SuspenseIdParams, body: jsonBody(ReturnSuspenseRequest) },
    responses: { 200: jsonResponse(SuspensePayment, 'The suspense payment.'), ...problems(400, 401, 403, 404, 409, 415, 422) },
  }),
  movePayment: createRoute({
    method: 'post',
    path: '/merchants/me/payments/{paymentId}/move',
    tags,
    summary: 'Count a NEEDS_ATTENTION payment toward another open bill',
    description:
      'The bill\'s amountPaid and status change (with `expected_payment.paid` or `expected_payment.partially_paid`); the payment takes that bill and a new matchStatus. The money stays in the account it was credited to. Moving it again onto the same bill answers the same.',
    security: bearerSecurity,
    request: { params: PaymentIdParams, body: jsonBody(MovePaymentRequest) },
    responses: { 200: jsonResponse(Payment, 'The payment.'), ...problems(400, 401, 403, 404, 409, 415, 422) },
  }),
  notePayment: createRoute({
    method: 'post',
    path: '/merchants/me/payments/{paymentId}/resolve',
    tags,
    summary: 'Mark a NEEDS_ATTENTION payment as dealt with, with a note',
    description: 'It stays where it is (matchStatus NEEDS_ATTENTION) and leaves the list of what needs attention (`needsAttention=true`).',
    security: bearerSecurity,
    request: { params: PaymentIdParams, body: jsonBody(NotePaymentRequest) },
    responses: { 200: jsonResponse(Payment, 'The payment.'), ...problems(400, 401, 403, 404, 409, 415, 422) },
  }),
};
