import type { MiddlewareHandler } from 'hono';
import type { ApiApp, ApiEnv } from '@/lib/api/context';
import { ApiError } from '@/lib/api/errors';
import { pageOf } from '@/lib/api/pagination';
import { subMerchantForCreate } from '@/lib/api/scope';
import { sandboxEnabled } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { unknownRoute } from '@/lib/rails/guards';
import { assertSubMerchantOf } from '@/lib/team/sub-merchant';
import { toSettlementAccountJson } from './account-json';
import { createSettlementAccount, disableSettlementAccount, listSettlementAccounts } from './accounts';
import { listBalances } from './balances';
import { createSettlement } from './create-settlement';
import { entriesCsv, getSettlement, listSettlements, settlementEntriesPage } from './queries';
import { settlementRoutes } from './routes';
import { forceSandboxOutcome } from './sandbox-outcome';
import { getSchedule, putSchedule, toScheduleJson } from './schedule';
import { toSettlementJson } from './serialize';

const nothingToSettle = () =>
  new ApiError(422, 'nothing_to_settle', 'Nothing to settle', 'Nothing is available to pay out in this currency now (or no whole payment fits the amount asked): money received within the schedule\'s delay is still pending.');

/** Outside the sandbox the route does not exist, and answers exactly as an unknown one (as lib/rails/sandbox-routes.ts). */
const requireSandbox: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!sandboxEnabled()) throw unknownRoute(c);
  await next();
};

export function registerSettlementRoutes(app: ApiApp): void {
  app.openapi(settlementRoutes.balances, async (c) => c.json({ data: await listBalances(c.get('principal')) }, 200));

  app.openapi(settlementRoutes.listAccounts, async (c) => c.json({ data: (await listSettlementAccounts(c.get('principal'))).map(toSettlementAccountJson) }, 200));
  app.openapi(settlementRoutes.createAccount, async (c) => c.json(toSettlementAccountJson(await createSettlementAccount(c.get('principal'), c.req.valid('json'))), 201));
  app.openapi(settlementRoutes.disableAccount, async (c) => {
    const body = (c.req.valid('json') as { code?: string } | undefined) ?? {};
    return c.json(toSettlementAccountJson(await disableSettlementAccount(c.get('principal'), c.req.valid('param').settlementAccountId, body.code)), 200);
  });

  app.openapi(settlementRoutes.getSchedule, async (c) => c.json(toScheduleJson(await getSchedule(c.get('principal'))), 200));
  app.openapi(settlementRoutes.putSchedule, async (c) => c.json(toScheduleJson(await putSchedule(c.get('principal'), c.req.valid('json'))), 200));

  app.openapi(settlementRoutes.create, async (c) => {
    const principal = c.get('principal');
    const input = c.req.valid('json');
    const subMerchantId = await assertSubMerchantOf(db(), principal.merchantId, subMerchantForCreate(principal, input.subMerchantId));
    const settlement = await createSettlement({
      merchantId: principal.merchantId,
      subMerchantId,
      currency: input.currency,
      origin: 'MANUAL',
      ceiling: input.amount ?? null,
      requestedBy: principal.userId,
      idempotencyKey: c.req.valid('header')['idempotency-key'],
    });
    if (!settlement) throw nothingToSettle();
    return c.json(toSettlementJson(settlement), 201);
  });
  app.openapi(settlementRoutes.list, async (c) => {
    const filters = c.req.valid('query');
    const rows = await listSettlements(c.get('principal'), filters);
    return c.json(pageOf(c, rows, filters.limit).map(toSettlementJson), 200);
  });
  app.openapi(settlementRoutes.get, async (c) => c.json(toSettlementJson(await getSettlement(c.get('principal'), c.req.valid('param').settlementId)), 200));
  app.openapi(settlementRoutes.entries, async (c) =>
    c.json(await settlementEntriesPage(c.get('principal'), c.req.valid('param').settlementId, c.req.valid('query')), 200),
  );
  app.openapi(settlementRoutes.entriesCsv, async (c) => {
    const { settlementId } = c.req.valid('param');
    const csv = await entriesCsv(c.get('principal'), settlementId);
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="settlement-${settlementId}.csv"` });
  });

  app.use('/merchants/me/sandbox/settlements/*', requireSandbox);
  app.openapi(settlementRoutes.sandboxOutcome, async (c) =>
    c.json(toSettlementJson(await forceSandboxOutcome(c.get('principal'), c.req.valid('param').settlementId, c.req.valid('json').outcome)), 200),
  );
}
