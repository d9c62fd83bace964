import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { migrateJobQueue } from '@/lib/platform/jobs/worker';
import { migrationsFolder } from '@/lib/platform/paths';
import { databaseTimeouts, separatePool } from './index';

// Any constant works; it only has to be the same in every instance of the app.
const MIGRATION_LOCK_KEY = 72_410_019;

/**
 * Applies pending migrations; an advisory lock keeps two instances starting together from racing.
 * A pool of their own, with the long statement timeout: an index built on a large table, or the
 * wait for another instance's migrations, may rightly take longer than a request's statement.
 */
export async function applyMigrations(): Promise<void> {
  const migrationPool = separatePool(2, 'collect-migrate', { statementMs: databaseTimeouts().longQueryMs });
  try {
    const client = await migrationPool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrate(drizzle(migrationPool), { migrationsFolder: migrationsFolder() });
      await migrateJobQueue(migrationPool);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
  } finally {
    await migrationPool.end();
  }
}
