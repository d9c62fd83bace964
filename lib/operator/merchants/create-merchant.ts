import type { z } from '@hono/zod-openapi';
import { openMerchant } from '@/lib/merchants/open-merchant';
import { db } from '@/lib/platform/db';
import { issueInvitation } from '@/lib/team/issue-invitation';
import { recordOperatorChange } from '../audit';
import type { OperatorPrincipal } from '../principal';
import type { CreateMerchantRequest } from '../schemas';

/**
 * A merchant, its LEGACY account and an invitation for its first MERCHANT_ADMIN, in one transaction
 * with the audit rows. The operator never sets the admin's password: the admin does, from the link.
 */
export async function createMerchantForOperator(operator: OperatorPrincipal, input: z.infer<typeof CreateMerchantRequest>) {
  return db().transaction(async (tx) => {
    const { merchant, virtualAccount } = await openMerchant(tx, { name: input.name });
    const { invitation, token } = await issueInvitation(tx, { merchantId: merchant.id, email: input.adminEmail, role: 'MERCHANT_ADMIN', invitedBy: operator.userId });
    await recordOperatorChange(tx, operator, {
      merchantId: merchant.id,
      action: 'merchant.created',
      targetType: 'merchant',
      targetId: merchant.id,
      summary: `created the merchant ${merchant.name} and invited ${invitation.email} (${input.adminFirstName} ${input.adminLastName}) as its administrator.`,
      details: { accountNumber: virtualAccount.accountNumber, adminEmail: invitation.email, adminFirstName: input.adminFirstName, adminLastName: input.adminLastName },
    });
    return { merchant, invitation, token };
  });
}
