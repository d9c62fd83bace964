import type { auditEvents } from './schema';

type AuditRow = typeof auditEvents.$inferSelect;

export const toAuditEventJson = (row: AuditRow) => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  actor: { type: row.actorType, id: row.actorId, label: row.actorLabel },
  action: row.action,
  target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId } : null,
  summary: row.summary,
  details: row.details,
  address: row.address,
  requestId: row.requestId,
});
