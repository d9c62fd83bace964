import { auditEvents } from '@/lib/audit/schema';
import { operatorLabel } from '@/lib/audit/record';
import { recordPlatformAudit } from '@/lib/audit/record-platform';
import { currentRequest } from '@/lib/audit/request-context';
import { clientAddress } from '@/lib/api/client-address';
import type { Queryable } from '@/lib/platform/db';
import { operatorName, type OperatorPrincipal } from './principal';

export interface OperatorAuditEntry {
  /** The merchants whose data this read or change touched (a search: each merchant it returned). */
  merchantIds: string[];
  action: string;
  targetType?: string;
  targetId?: string;
  /** Said from the merchant's side: "viewed payment QJK3H8…" (the operator's name is put before it). */
  summary: string;
  details?: Record<string, unknown>;
}

/** "Jane Wanjiru <jane@collect.example>": the platform log says who, exactly. */
const platformLabel = (operator: OperatorPrincipal) => `${operatorName(operator)} <${operator.email}>`;

async function record(tx: Queryable, operator: OperatorPrincipal, kind: 'read' | 'change', entry: OperatorAuditEntry): Promise<void> {
  const merchantIds = [...new Set(entry.merchantIds)];
  const label = operatorLabel(operator);
  const summary = `${label} ${entry.summary}`;
  const target = entry.targetType && entry.targetId ? { type: entry.targetType, id: entry.targetId } : undefined;
  await recordPlatformAudit(tx, { operator: { id: operator.userId, label: platformLabel(operator) }, kind, action: entry.action, merchantIds, target, summary, details: entry.details });
  if (merchantIds.length === 0) return;
  // The merchant sees it too (issue 26, "Transparency"): one row in each merchant's own log.
  const c = currentRequest();
  await tx.insert(auditEvents).values(
    merchantIds.map((merchantId) => ({
      merchantId,
      actorType: 'operator' as const,
      actorId: operator.userId,
      actorLabel: label,
      action: entry.action,
      targetType: target?.type ?? null,
      targetId: target?.id ?? null,
      summary,
      details: entry.details ?? {},
      address: c ? clientAddress(c) : null,
      requestId: c?.get('requestId') ?? null,
    })),
  );
}

/**
 * An operator looked at merchants' data: a payment opened, a merchant's page, a search that
 * returned their records. Written before the answer is sent, so no read goes unrecorded.
 */
export const recordOperatorRead = (db: Queryable, operator: OperatorPrincipal, read: OperatorAuditEntry) => record(db, operator, 'read', read);

/** An operator changed something; call it inside the change's transaction, so both exist or neither. */
export const recordOperatorChange = (tx: Queryable, operator: OperatorPrincipal, change: Omit<OperatorAuditEntry, 'merchantIds'> & { merchantIds?: string[]; merchantId?: string | null }) =>
  record(tx, operator, 'change', { ...change, merchantIds: change.merchantIds ?? (change.merchantId ? [change.merchantId] : []) });
