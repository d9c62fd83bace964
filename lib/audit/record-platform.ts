import { clientAddress } from '@/lib/api/client-address';
import type { Queryable } from '@/lib/platform/db';
import { platformAuditEvents, type PlatformAuditKind } from './platform-schema';
import { currentRequest } from './request-context';

export interface PlatformAuditEntry {
  operator: { id: string | null; label: string };
  kind: PlatformAuditKind;
  action: string;
  merchantIds?: string[];
  target?: { type: string; id: string };
  /** A sentence for people; never a secret, password, token or code. */
  summary: string;
  details?: Record<string, unknown>;
}

/** One row of the platform audit log, in the caller's transaction (lib/operator/audit.ts says when). */
export async function recordPlatformAudit(tx: Queryable, entry: PlatformAuditEntry): Promise<void> {
  const c = currentRequest();
  await tx.insert(platformAuditEvents).values({
    operatorId: entry.operator.id,
    operatorLabel: entry.operator.label,
    kind: entry.kind,
    action: entry.action,
    merchantIds: [...new Set(entry.merchantIds ?? [])],
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    summary: entry.summary,
    details: entry.details ?? {},
    address: c ? clientAddress(c) : null,
    requestId: c?.get('requestId') ?? null,
  });
}
