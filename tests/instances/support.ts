import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { parseConfig, setConfig, type AppConfig } from '@/lib/platform/config';
import { closePool, type Database, useDatabaseUrl } from '@/lib/platform/db';
import { applyMigrations } from '@/lib/platform/db/migrate';

/**
 * A database of this file's own on the run's PostgreSQL: these tests are about the first start of
 * a database, which the shared test database had long ago.
 */
export function useFreshDatabase(): { url: () => string } {
  let url = '';
  const name = `collect_instances_${process.pid}_${Date.now()}`;
  const admin = () => new pg.Client({ connectionString: inject('databaseUrl') });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    // A copy of the run's migrated, empty template (global-setup.ts): applyMigrations below finds nothing to do.
    await client.query(`create database ${name} template ${inject('templateDatabase')}`);
    await client.end();
    const parsed = new URL(inject('databaseUrl'));
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    useDatabaseUrl(url);
    await applyMigrations();
  });

  afterAll(async () => {
    await closePool();
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });

  return { url: () => url };
}

/** Another instance's own connections to the same database (its own pool, as another process has). */
export function separateConnection(url: string): { database: Database; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  return { database: drizzle(pool), close: () => pool.end() };
}

/** The configuration of one instance: its own data folder, the environment it was started with. */
export function instanceConfig(environment: Record<string, string>): AppConfig {
  const settings = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...environment });
  setConfig(settings);
  return settings;
}

export async function temporaryDataDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'collect-instance-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
