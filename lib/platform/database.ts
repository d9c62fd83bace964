import { mkdir } from 'node:fs/promises';
import type { AppConfig } from './config';
import { closePool, useDatabaseUrl } from './db';
import { applyMigrations } from './db/migrate';
import { warnWithoutPooledStatementTimeout } from './db/pooler';
import { closeReadPool, useReadDatabaseUrl } from './db/read-pool';
import { logger } from './logger';
import { startEmbeddedPostgres } from './postgres/embedded';

export interface OpenDatabase {
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL in the data folder (started, joined
 * when another live process of ours runs it, or recovered after a crash; restarted when it exits
 * unexpectedly while this process owns it). Migrations are applied.
 */
export async function openDatabase(
  appConfig: AppConfig,
  options: { migrate?: boolean; onLog?: (line: string) => void } = {},
): Promise<OpenDatabase> {
  let stopEmbedded = async () => {};
  let url = appConfig.DATABASE_URL;
  if (!url) {
    await mkdir(appConfig.dataDir, { recursive: true });
    const running = await startEmbeddedPostgres({
      dataDir: appConfig.dataDir,
      onLog: options.onLog,
      // Back within about a second after a crash, on its own (docs/architecture.md, "Supervision").
      supervise: { onEvent: (level, message) => logger()[level]({ component: 'postgres' }, message) },
    });
    url = running.url;
    stopEmbedded = () => running.stop();
  }
  useDatabaseUrl(url, appConfig.DATABASE_POOL_SIZE, {
    connectMs: appConfig.DATABASE_CONNECT_TIMEOUT_MS,
    queryMs: appConfig.DATABASE_QUERY_TIMEOUT_MS,
    longQueryMs: appConfig.DATABASE_LONG_QUERY_TIMEOUT_MS,
  }, { directUrl: appConfig.DATABASE_POOLER ? appConfig.DATABASE_DIRECT_URL : undefined });
  if (options.migrate !== false) await applyMigrations();
  await warnWithoutPooledStatementTimeout();
  if (appConfig.DATABASE_READ_URL) useReadDatabaseUrl(appConfig.DATABASE_READ_URL, { maxLagMs: appConfig.DATABASE_READ_MAX_LAG_MS, poolSize: appConfig.DATABASE_POOL_SIZE });
  return {
    url,
    embedded: !appConfig.DATABASE_URL,
    async close() {
      await closeReadPool();
      await closePool();
      await stopEmbedded();
    },
  };
}
