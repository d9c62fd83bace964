import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per phone prompt a payer asked for from a payer link: the throttle's memory, kept in
 * the database so that every instance counts the same requests (as login_failures does).
 */
export const payerPromptRequests = pgTable(
  'payer_prompt_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    linkToken: text('link_token').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('payer_prompt_requests_link_idx').on(table.linkToken, table.requestedAt),
    index('payer_prompt_requests_phone_idx').on(table.phone, table.requestedAt),
    index('payer_prompt_requests_address_idx').on(table.address, table.requestedAt),
  ],
);
