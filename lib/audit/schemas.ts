import { z } from '@hono/zod-openapi';
import { pageQuery } from '@/lib/api/pagination';
import { Timestamp, TimestampInput, Uuid } from '@/lib/api/schemas';
import { auditActorTypes } from './schema';

export const AuditEventQuery = z.object({
  actor: z.string().trim().min(1).max(254).optional().openapi({ description: "A user's or key's id, or a user's email / a key's name as recorded." }),
  action: z
    .string()
    .trim()
    .regex(/^[a-z_]+(\.[a-z_]+)*(\.\*)?$/, 'An action such as user.role_changed, or a family such as user.*')
    .max(100)
    .optional()
    .openapi({ description: 'An action (`api_key.created`), or every action of a kind (`api_key.*`).' }),
  target: z.string().trim().min(1).max(100).optional().openapi({ description: 'The id of the thing changed.' }),
  from: TimestampInput.optional().openapi({ description: 'Entries at or after this instant.' }),
  to: TimestampInput.optional().openapi({ description: 'Entries before this instant.' }),
  ...pageQuery,
});

export const AuditEvent = z
  .object({
    id: Uuid,
    createdAt: Timestamp,
    actor: z.object({
      type: z.enum(auditActorTypes),
      id: Uuid.nullable(),
      label: z.string().openapi({ description: "The user's email or the key's name when it acted." }),
    }),
    action: z.string().openapi({ example: 'api_key.created' }),
    target: z.object({ type: z.string(), id: z.string() }).nullable(),
    summary: z.string(),
    details: z.record(z.string(), z.unknown()),
    address: z.string().nullable().openapi({ description: "The client's IP address." }),
    requestId: z.string().nullable(),
  })
  .openapi('AuditEvent');
