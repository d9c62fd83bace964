import { createRoute } from '@hono/zod-openapi';
import { bearerSecurity, jsonResponse, problems } from '@/lib/api/schemas';
import { OperatorPaymentDetail, OperatorPaymentSearch, OperatorPaymentSearchQuery, PaymentIdParams } from './schemas';

const tags = ['Operator console'];
const operatorOnly = 'Operators only (PLATFORM_SUPPORT or PLATFORM_ADMIN); any other caller is answered 404 (docs/operator.md).';

export const operatorPaymentRoutes = {
  search: createRoute({
    method: 'get',
    path: '/operator/payments',
    tags,
    summary: 'Find a payment of any merchant',
    description: `By M-Pesa receipt, bank reference, virtual account number, the reference the payer typed, the payer's whole phone number in any form, or a phone prompt's CheckoutRequestID; with suspense of the same reference or account number. Each merchant whose records are in the answer sees the search in its audit log. ${operatorOnly}`,
    security: bearerSecurity,
    request: { query: OperatorPaymentSearchQuery },
    responses: { 200: jsonResponse(OperatorPaymentSearch, 'What was found.'), ...problems(401, 404, 422) },
  }),
  get: createRoute({
    method: 'get',
    path: '/operator/payments/{paymentId}',
    tags,
    summary: 'One payment\'s whole story',
    description: `The payment, its merchant, account and bill, ledger entries, the rail notifications and callbacks received for it (secrets redacted), its webhook deliveries, reversals and settlement. The view is recorded in the merchant's audit log. ${operatorOnly}`,
    security: bearerSecurity,
    request: { params: PaymentIdParams },
    responses: { 200: jsonResponse(OperatorPaymentDetail, 'The payment and everything about it.'), ...problems(401, 404) },
  }),
};
