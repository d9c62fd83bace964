import type { z } from '@hono/zod-openapi';
import { unprocessable } from '@/lib/api/errors';
import { merchantById } from '@/lib/merchants/directory';
import { db } from '@/lib/platform/db';
import { parseFeeSchedule } from '@/lib/platform/fee-schedule';
import { recordOperatorChange } from '../audit';
import type { OperatorPrincipal } from '../principal';
import type { PricingChangeRequest } from '../schemas';
import { insertPendingChange } from './request-change';

/**
 * A pricing change asked for: validated now exactly as FEE_SCHEDULE is (so the approver approves
 * something that will apply), applied only when a second PLATFORM_ADMIN approves (./decide.ts).
 */
export async function requestPricingChange(operator: OperatorPrincipal, merchantId: string, input: z.infer<typeof PricingChangeRequest>) {
  const merchant = await merchantById(merchantId);
  const parsed = parseFeeSchedule(JSON.stringify({ [input.currency]: input.rules }));
  if (!parsed.ok) throw unprocessable(`The fees are not valid: ${parsed.problems.join('; ')}.`, parsed.problems.map((message) => ({ path: 'rules', message })));
  return db().transaction(async (tx) => {
    const row = await insertPendingChange(tx, operator, { kind: 'PRICING', merchantId: merchant.id, currency: input.currency, proposal: { rules: input.rules }, reason: input.reason });
    await recordOperatorChange(tx, operator, {
      merchantId: merchant.id,
      action: 'pricing.change_requested',
      targetType: 'pricing_change',
      targetId: row.id,
      summary: `asked for new ${input.currency} fees for ${merchant.name} (pending a second administrator): ${input.reason}`,
      details: { currency: input.currency, rules: input.rules },
    });
    return { row, merchantName: merchant.name };
  });
}
