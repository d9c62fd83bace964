import type { ApiApp } from '@/lib/api/context';
import { unprocessable } from '@/lib/api/errors';
import type { Principal } from '@/lib/auth/principal';
import { paymentOptionsOfTarget } from './build';
import { paymentOptionRoutes } from './routes';
import { defaultTarget, seenBy, targetOfAccount, targetOfBill, targetOfCustomer, targetOfSubMerchant } from './targets';

type Query = { virtualAccountId?: string; expectedPaymentId?: string; customerId?: string; subMerchantId?: string };

function resolveTarget(principal: Principal, query: Query) {
  const named = Object.entries(query).filter(([, value]) => value !== undefined);
  if (named.length > 1) {
    throw unprocessable(
      'Name at most one of virtualAccountId, expectedPaymentId, customerId and subMerchantId.',
      named.map(([name]) => ({ path: `query.${name}`, message: 'Only one target may be named.' })),
    );
  }
  const visible = seenBy(principal);
  if (query.virtualAccountId) return targetOfAccount(visible, query.virtualAccountId);
  if (query.expectedPaymentId) return targetOfBill(visible, query.expectedPaymentId);
  if (query.customerId) return targetOfCustomer(visible, query.customerId);
  if (query.subMerchantId) return targetOfSubMerchant(visible, query.subMerchantId);
  return defaultTarget(principal);
}

export function registerPaymentOptionRoutes(app: ApiApp): void {
  app.openapi(paymentOptionRoutes.get, async (c) => {
    const target = await resolveTarget(c.get('principal'), c.req.valid('query'));
    return c.json(await paymentOptionsOfTarget(target), 200);
  });
}
