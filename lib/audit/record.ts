import { clientAddress } from '@/lib/api/client-address';
import type { OperatorPrincipal, Principal } from '@/lib/api/principal';
import type { Queryable } from '@/lib/platform/db';
import { recordPlatformAudit } from './record-platform';
import { currentRequest } from './request-context';
import { auditEvents, type AuditActorType } from './schema';

export interface AuditActor {
  type: AuditActorType;
  id: string | null;
  label: string;
}

/** How a merchant's audit log names an operator: "Collect support (Jane Wanjiru)" (docs/operator.md). */
export const operatorLabel = (operator: Pick<OperatorPrincipal, 'firstName' | 'lastName' | 'email'>) =>
  `Collect support (${[operator.firstName, operator.lastName].filter(Boolean).join(' ') || operator.email})`;

export const actorOf = (principal: Principal): AuditActor =>
  principal.apiKey
    ? { type: 'api_key', id: principal.apiKey.id, label: principal.apiKey.name }
    : { type: 'user', id: principal.userId, label: principal.email };

export interface AuditEntry {
  /**
   * Defaults to the caller's merchant. Null when the user has no merchant (an operator, signing in
   * or looking after their own account): the entry goes to the platform audit log instead.
   */
  merchantId?: string | null;
  /** Defaults to the authenticated caller of the current request. */
  actor?: AuditActor;
  action: string;
  target?: { type: string; id: string };
  /** A sentence for people; never a secret, password, token or code. */
  summary: string;
  details?: Record<string, unknown>;
}

/**
 * Records who did what, in the caller's transaction: the entry exists exactly when the change does.
 * Outside a request (the CLI, jobs) the actor must be given; it is "system" otherwise.
 */
export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  const c = currentRequest();
  const operator = c?.get('operator');
  if (entry.merchantId === null || (entry.merchantId === undefined && operator)) {
    const who = entry.actor ?? (operator ? { id: operator.userId, label: operator.email } : { id: null, label: 'system' });
    await recordPlatformAudit(tx, { operator: { id: who.id, label: who.label }, kind: 'account', action: entry.action, target: entry.target, summary: entry.summary, details: entry.details });
    return;
  }
  const principal = c?.get('principal');
  // A change a domain makes for an operator (/operator/*) is the operator's, as the merchant sees it.
  const byOperator = operator ? { type: 'operator' as const, id: operator.userId, label: operatorLabel(operator) } : undefined;
  const actor = entry.actor ?? byOperator ?? (principal ? actorOf(principal) : { type: 'system' as const, id: null, label: 'system' });
  const merchantId = entry.merchantId ?? principal?.merchantId;
  if (!merchantId) throw new Error(`The audit entry ${entry.action} names no merchant.`);
  await tx.insert(auditEvents).values({
    merchantId,
    actorType: actor.type,
    actorId: actor.id,
    actorLabel: actor.label,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    summary: entry.summary,
    details: entry.details ?? {},
    address: c ? clientAddress(c) : null,
    requestId: c?.get('requestId') ?? null,
  });
}
