import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { migrateJobQueue } from '@/lib/platform/jobs/worker';
import { migrationsFolder } from '@/lib/platform/paths';
import { db, pool } from './index';

// Any constant works; it only has to be the same in every instance of the app.
const MIGRATION_LOCK_KEY = 72_410_019;

/** Applies pending migrations; an advisory lock keeps two instances starting together from racing. */
export async function applyMigrations(): Promise<void> {
  const client = await pool().connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(db(), { migrationsFolder: migrationsFolder() });
    await migrateJobQueue();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
