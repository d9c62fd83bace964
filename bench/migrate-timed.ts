/**
 * Applies the pending migrations to a data folder as the service does when it starts (embedded
 * PostgreSQL in DATA_DIR, or DATABASE_URL), and prints how long they took: the time a migration
 * holds its tables, for an operator to plan by (docs/scaling.md, "Partitioning", "Running the
 * migration"). `DATA_DIR=<folder> DATABASE_LONG_QUERY_TIMEOUT_MS=7200000 node --import tsx bench/migrate-timed.ts`
 */
import { performance } from 'node:perf_hooks';
import { config, parseConfig, setConfig } from '@/lib/platform/config';
import { openDatabase } from '@/lib/platform/database';

setConfig(parseConfig({ ...process.env, NODE_ENV: 'production' }));
const started = performance.now();
console.log(new Date().toISOString(), 'opening and migrating', config().DATABASE_URL ? 'DATABASE_URL' : config().dataDir);
const database = await openDatabase(config());
console.log(new Date().toISOString(), `migrated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await database.close();
