import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { registerAccountRoutes } from '@/lib/accounts/handlers';
import { registerAuthRoutes } from '@/lib/auth/handlers';
import { registerBillRoutes } from '@/lib/bills/handlers';
import { registerCustomerRoutes } from '@/lib/customers/handlers';
import { registerPayerLinkRoutes } from '@/lib/payer-links/handlers';
import { registerPaymentOptionRoutes } from '@/lib/payment-options/handlers';
import { registerPaymentRoutes } from '@/lib/payments/handlers';
import { idempotency } from '@/lib/idempotency/middleware';
import { registerMerchantRoutes } from '@/lib/merchants/handlers';
import { registerRailRoutes } from '@/lib/rails/handlers';
import { registerStkRoutes } from '@/lib/stk/handlers';
import { registerEventRoutes } from '@/lib/events/handlers';
import { registerWebhookRoutes } from '@/lib/webhooks/handlers';
import { authenticate } from './authenticate';
import type { ApiEnv } from './context';
import { ApiError, handleError, problemResponse } from './errors';
import { describeApi } from './openapi';
import { requestLog } from './request-log';
import { validationHook } from './validation';

export const API_BASE_PATH = '/api/v1';
const MAX_BODY_BYTES = 1024 * 1024;
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The /api/v1 application: conventions first, then each domain's routes. */
export function createApiApp(): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook }).basePath(API_BASE_PATH);

  app.use(requestId({ headerName: 'X-Request-Id' }));
  app.use(requestLog);
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError(413, 'payload_too_large', 'Payload too large', 'The request body is larger than 1 MB.');
    },
  });
  // Reading the body limit builds a full Request object; requests without a body skip that cost.
  app.use((c, next) => (BODYLESS_METHODS.has(c.req.method) ? next() : limitBody(c, next)));
  app.onError(handleError);
  app.notFound((c) => problemResponse(c, new ApiError(404, 'not_found', 'Not found', `No route matches ${c.req.method} ${c.req.path}.`)));

  registerAuthRoutes(app);
  app.use('/merchants/*', authenticate);
  app.use('/merchants/*', idempotency);
  registerMerchantRoutes(app);
  registerAccountRoutes(app);
  registerCustomerRoutes(app);
  registerBillRoutes(app);
  registerPaymentOptionRoutes(app);
  registerPayerLinkRoutes(app);
  registerRailRoutes(app);
  registerStkRoutes(app);
  registerPaymentRoutes(app);
  registerEventRoutes(app);
  registerWebhookRoutes(app);

  describeApi(app);
  return app;
}
