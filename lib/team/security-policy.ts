import { eq, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import type { Principal } from '@/lib/api/principal';
import { hasConfirmedTotp } from '@/lib/auth/mfa/verify';
import { recordAudit } from '@/lib/audit/record';
import { requireAdmin } from '@/lib/auth/require-admin';
import { db } from '@/lib/platform/db';
import { merchantSecurityPolicies } from './schema';

export async function readSecurityPolicy(principal: Principal) {
  requireAdmin(principal);
  const [policy] = await db().select().from(merchantSecurityPolicies).where(eq(merchantSecurityPolicies.merchantId, principal.merchantId));
  return { requireMfa: policy?.requireMfa ?? false };
}

/** With requireMfa, a user without two factors can reach only enrolment (lib/auth/authenticate.ts). */
export async function setSecurityPolicy(principal: Principal, requireMfa: boolean) {
  requireAdmin(principal);
  // Requiring it without having it would send the administrator to enrolment first thing.
  if (requireMfa && !(await hasConfirmedTotp(db(), principal.userId))) {
    throw new ApiError(409, 'mfa_not_enrolled', 'Conflict', 'Turn on two-factor sign-in for yourself before requiring it of everyone.');
  }
  return db().transaction(async (tx) => {
    const [before] = await tx.select().from(merchantSecurityPolicies).where(eq(merchantSecurityPolicies.merchantId, principal.merchantId)).for('update');
    await tx
      .insert(merchantSecurityPolicies)
      .values({ merchantId: principal.merchantId, requireMfa })
      .onConflictDoUpdate({ target: merchantSecurityPolicies.merchantId, set: { requireMfa, updatedAt: sql`now()` } });
    if ((before?.requireMfa ?? false) !== requireMfa) {
      await recordAudit(tx, {
        action: requireMfa ? 'mfa.required' : 'mfa.no_longer_required',
        target: { type: 'merchant', id: principal.merchantId },
        summary: requireMfa ? 'Two-factor sign-in is now required for every user.' : 'Two-factor sign-in is no longer required.',
      });
    }
    return { requireMfa };
  });
}
