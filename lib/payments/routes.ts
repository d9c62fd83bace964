import { createRoute, z } from '@hono/zod-openapi';
import { bearerSecurity, jsonResponse, problems } from '@/lib/api/schemas';
import { DailyTotal, DailyTotalsQuery, Payment, PaymentIdParams, PaymentListQuery, PaymentSummary, PaymentSummaryQuery } from './schemas';

export const paymentRoutes = {
  list: createRoute({
    method: 'get',
    path: '/merchants/me/payments',
    tags: ['Payments'],
    summary: 'Payments received, newest first',
    description: 'Keyset pages: the next page is in the `Link: <…>; rel="next"` header.',
    security: bearerSecurity,
    request: { query: PaymentListQuery },
    responses: { 200: jsonResponse(z.array(Payment), 'A page of payments.'), ...problems(401, 422) },
  }),
  summary: createRoute({
    method: 'get',
    path: '/merchants/me/payments/summary',
    tags: ['Payments'],
    summary: 'Count and exact total of the payments matching the filters, in one currency',
    security: bearerSecurity,
    request: { query: PaymentSummaryQuery },
    responses: { 200: jsonResponse(PaymentSummary, 'The summary.'), ...problems(401, 422) },
  }),
  dailyTotals: createRoute({
    method: 'get',
    path: '/merchants/me/payments/daily-totals',
    tags: ['Payments'],
    summary: 'Count, total, fees and net per Nairobi day, zero days included',
    description:
      'One entry per day from `from` to `to` (both included, at most 366 days) and currency, oldest first, with the filters of the list. Without `currency`, every day has an entry in the merchant\'s currency and in any other currency paid within the range.',
    security: bearerSecurity,
    request: { query: DailyTotalsQuery },
    responses: { 200: jsonResponse(z.array(DailyTotal), 'The days.'), ...problems(401, 422) },
  }),
  get: createRoute({
    method: 'get',
    path: '/merchants/me/payments/{paymentId}',
    tags: ['Payments'],
    summary: 'One payment',
    security: bearerSecurity,
    request: { params: PaymentIdParams },
    responses: { 200: jsonResponse(Payment, 'The payment.'), ...problems(401, 404) },
  }),
};
