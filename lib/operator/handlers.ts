import type { ApiApp } from '@/lib/api/context';
import { listPlatformAuditEvents } from '@/lib/audit/platform-queries';
import { merchantNames, searchMerchants } from '@/lib/merchants/directory';
import { portalUrl } from '@/lib/team/links';
import { emailLink } from '@/lib/team/mailer';
import { listApprovals } from './approvals/queries';
import { decideChange } from './approvals/decide';
import { requestPricingChange } from './approvals/request-pricing';
import { collectionAccountsForOperator, putCollectionAccount } from './collection-accounts';
import { createMerchantForOperator } from './merchants/create-merchant';
import { merchantOverview } from './merchants/overview';
import { changeMerchantStatus } from './merchants/set-status';
import { changeOperatorStatus, inviteOperator, operatorInvitationsPage, operatorsPage, withdrawOperatorInvitation } from './operators';
import { setCategoryCodeForOperator } from './merchants/category-code';
import { pageOfRows } from './page';
import { operatorOf } from './principal';
import { requirePlatformAdmin } from './guard';
import { operatorRoutes as routes } from './routes';
import { toApprovalJson, toOperatorMerchantJson } from './serialize';

/**
 * The operator console's core routes (docs/operator.md). The guard on /operator/* (lib/service/app.ts)
 * has answered anonymous, merchant and not-enrolled callers and PLATFORM_SUPPORT's writes already;
 * each write still says requirePlatformAdmin itself.
 */
export function registerOperatorRoutes(app: ApiApp): void {
  app.openapi(routes.listMerchants, async (c) => {
    const query = c.req.valid('query');
    return c.json(pageOfRows(await searchMerchants(query), query.limit, toOperatorMerchantJson), 200);
  });

  app.openapi(routes.createMerchant, async (c) => {
    const operator = operatorOf(c);
    requirePlatformAdmin(operator);
    const input = c.req.valid('json');
    const { merchant, invitation, token } = await createMerchantForOperator(operator, input);
    const url = portalUrl(c, `/invitations/${token}`);
    const emailed = await emailLink(
      invitation.email,
      'Your Collect merchant account is ready',
      `Hello ${input.adminFirstName}, ${merchant.name} now has a Collect account and you are its administrator. Set your password here (the link works once, for 7 days):\n\n${url}\n`,
    );
    return c.json({ merchant: toOperatorMerchantJson(merchant), invitation: { url, expiresAt: invitation.expiresAt.toISOString(), emailed } }, 201);
  });

  app.openapi(routes.getMerchant, async (c) => c.json(await merchantOverview(operatorOf(c), c.req.valid('param').id), 200));

  app.openapi(routes.disableMerchant, async (c) => {
    requirePlatformAdmin(operatorOf(c));
    return c.json(toOperatorMerchantJson(await changeMerchantStatus(operatorOf(c), c.req.valid('param').id, 'DISABLED', c.req.valid('json').reason)), 200);
  });
  app.openapi(routes.enableMerchant, async (c) => {
    requirePlatformAdmin(operatorOf(c));
    return c.json(toOperatorMerchantJson(await changeMerchantStatus(operatorOf(c), c.req.valid('param').id, 'ACTIVE', c.req.valid('json').reason)), 200);
  });

  app.openapi(routes.requestPricingChange, async (c) => {
    requirePlatformAdmin(operatorOf(c));
    const { row, merchantName } = await requestPricingChange(operatorOf(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json(toApprovalJson(row, merchantName), 201);
  });
  app.openapi(routes.listPricingChanges, async (c) => {
    const query = c.req.valid('query');
    const rows = await listApprovals(query);
    const names = await merchantNames(rows.flatMap((row) => (row.merchantId ? [row.merchantId] : [])));
    return c.json(pageOfRows(rows, query.limit, (row) => toApprovalJson(row, row.merchantId ? names.get(row.merchantId) : undefined)), 200);
  });
  app.openapi(routes.approveChange, async (c) => {
    requirePlatformAdmin(operatorOf(c));
    const { row, merchantName } = await decideChange(operatorOf(c), c.req.valid('param').id, 'APPROVED', c.req.valid('json').note);
    return c.json(toApprovalJson(row, merchantName), 200);
  });
  app.openapi(routes.rejectChange, async (c) => {
    requirePlatformAdmin(operatorOf(c));
    const { row, merchantName } = await decideChange(operatorOf(c), c.req.valid('param').id, 'REJECTED', c.req.valid('json').note);
    return c.json(toApprovalJson(row, merchantName), 200);
  });

  app.openapi(routes.listCollectionAccounts, async (c) => c.json(await collectionAccountsForOperator(), 200));
  app.openapi(routes.setCollectionAccount, async (c) => {
    requirePlatformAdmin(operatorOf(c));
    const change = await putCollectionAccount(operatorOf(c), c.req.valid('param').currency, c.req.valid('json'));
    return change.status === 'APPLIED' ? c.json(change, 200) : c.json(change, 202);
  });

  app.openapi(routes.listOperators, async (c) => c.json(await operatorsPage(c.req.valid('query')), 200));
  app.openapi(routes.inviteOperator, async (c) => {
    requirePlatformAdmin(operatorOf(c));
    return c.json(await inviteOperator(c, operatorOf(c), c.req.valid('json')), 201);
  });

  app.openapi(routes.listOperatorInvitations, async (c) => c.json(await operatorInvitationsPage(c.req.valid('query')), 200));
  app.openapi(routes.withdrawOperatorInvitation, async (c) => {
    requirePlatformAdmin(operatorOf(c));
    return c.json(await withdrawOperatorInvitation(operatorOf(c), c.req.valid('param').id), 200);
  });
  app.openapi(routes.disableOperator, async (c) => {
    requirePlatformAdmin(operatorOf(c));
    return c.json(await changeOperatorStatus(operatorOf(c), c.req.valid('param').id, false, c.req.valid('json').reason), 200);
  });
  app.openapi(routes.enableOperator, async (c) => {
    requirePlatformAdmin(operatorOf(c));
    return c.json(await changeOperatorStatus(operatorOf(c), c.req.valid('param').id, true, c.req.valid('json').reason), 200);
  });

  app.openapi(routes.setCategoryCode, async (c) => {
    requirePlatformAdmin(operatorOf(c));
    const { code, reason } = c.req.valid('json');
    return c.json(await setCategoryCodeForOperator(operatorOf(c), c.req.valid('param').id, code, reason), 200);
  });

  app.openapi(routes.listAuditEvents, async (c) => {
    const query = c.req.valid('query');
    return c.json(
      pageOfRows(await listPlatformAuditEvents(query), query.limit, (row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        operator: { id: row.operatorId, label: row.operatorLabel },
        kind: row.kind,
        action: row.action,
        merchantIds: row.merchantIds,
        target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId } : null,
        summary: row.summary,
        details: row.details,
        address: row.address,
        requestId: row.requestId,
      })),
      200,
    );
  });
}
