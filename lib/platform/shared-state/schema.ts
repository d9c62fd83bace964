import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** How a shared setting came to be: see docs/architecture.md, "Several instances on one database". */
export const sharedSettingOrigins = ['generated', 'imported', 'environment', 'default', 'adopted'] as const;
export type SharedSettingOrigin = (typeof sharedSettingOrigins)[number];

/**
 * What every instance on this database must agree on (the sandbox mode, the rail and portal secrets,
 * the token signing keys), kept where all of them read it. A secret given in the environment is never
 * written here: only its salted fingerprint, so that an instance started with another value is refused.
 */
export const sharedSettings = pgTable(
  'shared_settings',
  {
    name: text('name').primaryKey(),
    /** The value itself when this database holds it (generated, imported from a data folder, or not secret). */
    value: text('value'),
    /** scrypt fingerprint of a value that lives only in the instances' environment. */
    fingerprint: text('fingerprint'),
    origin: text('origin', { enum: sharedSettingOrigins }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check('shared_settings_value_or_fingerprint', sql`num_nonnulls(${table.value}, ${table.fingerprint}) = 1`),
    check('shared_settings_origin_check', sql`${table.origin} in ('generated', 'imported', 'environment', 'default', 'adopted')`),
  ],
);
