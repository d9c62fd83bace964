import type { Context } from 'hono';
import type { ApiEnv } from '@/lib/api/context';
import type { OperatorPrincipal } from '@/lib/api/principal';

export type { OperatorPrincipal, PlatformRole } from '@/lib/api/principal';
export { platformRoles, isPlatformRole } from '@/lib/api/principal';

/** The operator behind an /operator/* request; the guard (./guard.ts) has set it, or refused. */
export function operatorOf(c: Context<ApiEnv>): OperatorPrincipal {
  const operator = c.get('operator');
  if (!operator) throw new Error('operatorOf() called outside an /operator/* route: the guard sets the operator.');
  return operator;
}

/** "Jane Wanjiru", or the email when no name was given. */
export const operatorName = (operator: Pick<OperatorPrincipal, 'firstName' | 'lastName' | 'email'>) =>
  [operator.firstName, operator.lastName].filter(Boolean).join(' ') || operator.email;
