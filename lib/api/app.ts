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
import { apiHeaders, refuseTrace } from './headers';
import { describeApi } from './openapi';
import { requestLog } from './request-log';
import { refuseUnacceptableText } from './text-guard';
import { validationHook } from './validation';

export const API_BASE_PATH = '/api/v1';
const MAX_BODY_BYTES = 1024 * 1024;
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const tooLarge = () => new ApiError(413, 'payload_too_large', 'Payload too large', 'The request body is larger than 1 MB.');

/** The /api/v1 application: conventions first, then each domain's routes. */
export function createApiApp(): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook }).basePath(API_BASE_PATH);

  app.use(requestId({ headerName: 'X-Request-Id' }));
  app.use(requestLog);
  app.use(apiHeaders);
  app.use(refuseTrace);
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw tooLarge();
    },
  });
  // Hono's bodyLimit touches the raw Request's body stream, which makes @hono/node-server build a
  // full Request and read the body through it (measured: a sixth of a rail callback's CPU). A
  // declared Content-Length is checked here and the body then read directly (Node's parser never
  // delivers more than it declares); only chunked bodies go through the streaming check.
  app.use((c, next) => {
    if (BODYLESS_METHODS.has(c.req.method)) return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number(declared) > MAX_BODY_BYTES) throw tooLarge();
      return next();
    }
    return limitBody(c, next);
  });
  app.onError(handleError);
  app.notFound((c) => problemResponse(c, new ApiError(404, 'not_found', 'Not found', `No route matches ${c.req.method} ${c.req.path}.`)));

  // Who is calling is checked first (401 before 422), then the text every other route takes.
  app.use('/merchants/*', authenticate);
  app.use(refuseUnacceptableText({ exceptUnder: `${API_BASE_PATH}/rails/` }));
  app.use('/merchants/*', idempotency);
  registerAuthRoutes(app);
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
