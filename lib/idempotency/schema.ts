import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A create request's first answer, replayed to retries that carry the same Idempotency-Key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    merchantId: uuid('merchant_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** null while the first request is still running */
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseHeaders: text('response_headers'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [table.merchantId, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);
