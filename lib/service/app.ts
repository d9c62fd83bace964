import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
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
import { registerReversalRoutes } from '@/lib/reversals/handlers';
import { registerSettlementRoutes } from '@/lib/settlement/handlers';
import { registerPayoutRoutes } from '@/lib/settlement/payouts/handlers';
import { registerRecoveryRoutes } from '@/lib/recovery/handlers';
import { registerStkRoutes } from '@/lib/stk/handlers';
import { registerStatementRoutes } from '@/lib/statements/handlers';
import { registerSuspenseRoutes } from '@/lib/suspense/handlers';
import { registerEventRoutes } from '@/lib/events/handlers';
import { registerWebhookRoutes } from '@/lib/webhooks/handlers';
import { registerApiKeyRoutes } from '@/lib/api-keys/handlers';
import { registerAuditRoutes } from '@/lib/audit/handlers';
import { inRequestContext } from '@/lib/audit/request-context';
import { registerTeamRoutes } from '@/lib/team/handlers';
import { registerOperatorRoutes } from '@/lib/operator/handlers';
import { operatorGuard } from '@/lib/operator/guard';
import { registerOperatorDeskRoutes } from '@/lib/operator/desk-routes';
import { registerMessageRoutes } from '@/lib/messages/handlers';
import { authenticate } from '@/lib/auth/authenticate';
import type { ApiEnv } from '@/lib/api/context';
import { ApiError, handleError, problemResponse } from '@/lib/api/errors';
import { limitRequestBody } from '@/lib/api/body-limit';
import { presetApiHeaders, refuseTrace, requestIdOf, setApiHeaders } from '@/lib/api/headers';
import { describeApi } from '@/lib/api/openapi';
import { logRequest } from '@/lib/api/request-log';
import { refuseUnacceptableText } from '@/lib/api/text-guard';
import { validationHook } from '@/lib/api/validation';
import { StaticPathsKeptRouter } from '@/lib/api/router';
import { rememberWrites, standbyReads, STANDBY_READ_ROUTES } from '@/lib/api/read-routing';
import { countRequest } from '@/lib/operations/http-metrics';
import { describeWebhooks } from './webhook-events';

export const API_BASE_PATH = '/api/v1';
const DARAJA_PATHS = `${API_BASE_PATH}/rails/daraja/`;

/**
 * What every request gets, in one middleware rather than six (each was an async frame and a few
 * promises per request, issue 24): its id and the API's headers, TRACE refused and bodies over 1 MB
 * (Daraja's routes limit their bodies themselves, so that even a 413 is answered in Daraja's
 * format), the audit context around the rest of the chain, then on the answer (errors included:
 * Hono has made the error's answer by the time `next` returns) the request's metrics and its log line.
 * Not an async function: one `.then` instead of an async frame and its awaits.
 */
const everyAnswer: MiddlewareHandler<ApiEnv> = (c, next) => {
  const started = performance.now();
  const requestId = requestIdOf(c);
  c.set('requestId', requestId);
  const preset = presetApiHeaders(c, requestId);
  const answered = (result?: Response | void) => {
    if (result && !c.finalized) c.res = result; // an answer the body limit returned, as Hono's compose takes it
    if (!preset) setApiHeaders(c, requestId);
    countRequest(c, started);
    logRequest(c, started);
  };
  // A refusal of this middleware's own (TRACE, a body too large) is answered here as Hono answers a
  // middleware's error, so that it is counted, logged and carries the API's headers like any answer.
  const refused = (error: unknown) => {
    if (!(error instanceof Error)) throw error;
    c.error = error;
    c.res = handleError(error, c);
    answered();
  };
  let rest: Promise<Response | void>;
  try {
    rest = inRequestContext(c, () => {
      refuseTrace(c);
      return c.req.path.startsWith(DARAJA_PATHS) ? next() : limitRequestBody(c, next);
    });
  } catch (error) {
    refused(error);
    return Promise.resolve();
  }
  return rest.then(answered, refused);
};

/** The /api/v1 application: conventions first, then each domain's routes. */
export function createApiApp(): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook, router: new StaticPathsKeptRouter() }).basePath(API_BASE_PATH);

  app.use(everyAnswer);
  app.onError(handleError);
  app.notFound((c) => problemResponse(c, new ApiError(404, 'not_found', 'Not found', `No route matches ${c.req.method} ${c.req.path}.`)));

  // Who is calling is checked first (401 before 422), then the text every other route takes.
  app.use('/merchants/*', authenticate);
  // The operator console: operators only; a merchant's token is answered 404 (lib/operator/guard.ts, docs/operator.md).
  app.use('/operator/*', operatorGuard);
  app.use(refuseUnacceptableText({ exceptUnder: `${API_BASE_PATH}/rails/` }));
  app.use('/merchants/*', idempotency);
  // A hot standby (DATABASE_READ_URL) serves the listed reads, and each caller's writes are remembered so
  // that its reads never go back in time (lib/api/read-routing.ts, docs/scaling.md "Read replicas").
  app.use('/merchants/*', rememberWrites);
  app.use('/operator/*', rememberWrites);
  for (const path of STANDBY_READ_ROUTES) app.use(path, standbyReads);
  registerAuthRoutes(app);
  registerMerchantRoutes(app);
  registerAccountRoutes(app);
  registerStatementRoutes(app);
  registerCustomerRoutes(app);
  registerBillRoutes(app);
  registerPaymentOptionRoutes(app);
  registerPayerLinkRoutes(app);
  registerRailRoutes(app);
  registerRecoveryRoutes(app);
  registerStkRoutes(app);
  registerPaymentRoutes(app);
  registerReversalRoutes(app);
  registerSettlementRoutes(app);
  registerPayoutRoutes(app);
  registerSuspenseRoutes(app);
  registerEventRoutes(app);
  registerWebhookRoutes(app);
  registerApiKeyRoutes(app);
  registerTeamRoutes(app);
  registerAuditRoutes(app);
  registerOperatorRoutes(app);
  // After the operator guard on /operator/* (lib/operator/guard.ts): search, a payment's story, suspense, payouts.
  registerOperatorDeskRoutes(app);
  registerMessageRoutes(app);

  describeApi(app);
  describeWebhooks(app);
  return app;
}
