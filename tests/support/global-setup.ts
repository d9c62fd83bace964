import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type RunningPostgres } from '@/lib/platform/postgres/embedded';
import { useDatabaseUrl, closePool } from '@/lib/platform/db';
import { applyMigrations } from '@/lib/platform/db/migrate';

let embedded: RunningPostgres | undefined;
let dataDir: string | undefined;
let createdDatabase: { adminUrl: string; name: string } | undefined;

/**
 * One real PostgreSQL for the whole run: embedded in a temporary folder, or a fresh database on
 * the server named by DATABASE_URL (dropped afterwards; the database named there is never touched).
 */
export async function setup(project: TestProject): Promise<void> {
  let url: string;
  if (process.env.DATABASE_URL) {
    const name = `collect_test_${Date.now()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    createdDatabase = { adminUrl: process.env.DATABASE_URL, name };
    const parsed = new URL(process.env.DATABASE_URL);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  } else {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'collect-test-'));
    await chmod(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
    embedded = await startEmbeddedPostgres({ dataDir });
    url = embedded.url;
  }
  useDatabaseUrl(url);
  await applyMigrations();
  await closePool();
  project.provide('databaseUrl', url);
  project.provide('testDataDir', dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'collect-test-'))));
}

export async function teardown(): Promise<void> {
  await embedded?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (createdDatabase) {
    const admin = new pg.Client({ connectionString: createdDatabase.adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${createdDatabase.name} with (force)`);
    await admin.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    testDataDir: string;
  }
}
