import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { ApiApp, ApiEnv } from '@/lib/api/context';
import { bearerSecurity, jsonBody, jsonResponse, problems } from '@/lib/api/schemas';
import { Payment } from '@/lib/payments/schemas';
import { toPaymentJson } from '@/lib/payments/serialize';
import { sandboxEnabled } from '@/lib/platform/config';
import { unknownRoute } from './guards';
import { simulateInboundPayment } from './sandbox';
import { SandboxDroppedPayment, SandboxInboundPaymentRequest } from './schemas';

/** Outside the sandbox the route does not exist, and answers exactly as an unknown one. */
const requireSandbox: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!sandboxEnabled()) throw unknownRoute(c);
  await next();
};

export const sandboxRoutes = {
  inboundPayment: createRoute({
    method: 'post',
    path: '/merchants/me/sandbox/inbound-payments',
    tags: ['Sandbox'],
    summary: 'Simulate a payment arriving (sandbox only)',
    description:
      'Runs the real rail code: MOBILE_MONEY goes through the M-Pesa paybill validation and confirmation, INSTANT_BANK and RTGS through the bank credit notification (without its signature). Only the caller\'s accounts and bills exist here. 201 with the new payment; 200 with the first payment when providerReference was seen before; 202 when `callback` is `dropped`: the simulated M-Pesa took and listed the payment but no confirmation came, so nothing is recorded until missed-callback recovery finds it; 422 `payment_rejected` with `reason` when the rail would refuse the payment. 404 when the sandbox is off.',
    security: bearerSecurity,
    middleware: [requireSandbox],
    request: { body: jsonBody(SandboxInboundPaymentRequest) },
    responses: {
      201: jsonResponse(Payment, 'The payment, just recorded.'),
      200: jsonResponse(Payment, 'The payment recorded earlier under this providerReference.'),
      202: jsonResponse(SandboxDroppedPayment, 'Taken by the simulated M-Pesa, its confirmation dropped: not recorded yet.'),
      ...problems(400, 401, 403, 404, 409, 413, 415, 422),
    },
  }),
};

export function registerSandboxRoutes(app: ApiApp): void {
  app.openapi(sandboxRoutes.inboundPayment, async (c) => {
    const simulated = await simulateInboundPayment(c.get('principal'), c.req.valid('json'));
    if ('dropped' in simulated) return c.json(simulated.dropped, 202);
    return simulated.created ? c.json(toPaymentJson(simulated.payment), 201) : c.json(toPaymentJson(simulated.payment), 200);
  });
}
