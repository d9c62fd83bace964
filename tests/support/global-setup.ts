import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type RunningPostgres } from '@/lib/platform/postgres/embedded';
import { useDatabaseUrl, closePool } from '@/lib/platform/db';
import { applyMigrations } from '@/lib/platform/db/migrate';
import { workerCount } from './worker-count';

let embedded: RunningPostgres | undefined;
let dataDir: string | undefined;
let createdDatabases: { adminUrl: string; names: string[] } | undefined;
let ownDataDir: string | undefined;

const urlOf = (serverUrl: string, database: string) => {
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

/**
 * One real PostgreSQL for the whole run: embedded in a temporary folder, or the server named by
 * DATABASE_URL (whose own database is never touched: ours are made there and dropped afterwards).
 *
 * The migrations run once, on a template database; each vitest worker then gets a database of its
 * own copied from it (`CREATE DATABASE … TEMPLATE`, a file copy, well under a second), so that test
 * files running at the same time never share job queues (graphile-worker runners in one file would
 * take another file's jobs), singletons (the settlement schedule, shared secrets) or global counts.
 * Within one worker, files run one after another on that database, as the whole suite did when it
 * ran on one worker. tests/support/worker-database.ts points each file at its worker's database.
 */
export async function setup(project: TestProject): Promise<void> {
  let serverUrl: string;
  let base: string;
  if (process.env.DATABASE_URL) {
    serverUrl = process.env.DATABASE_URL;
    base = `collect_test_${Date.now()}_${process.pid}`;
  } else {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'collect-test-'));
    await chmod(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
    embedded = await startEmbeddedPostgres({ dataDir });
    serverUrl = embedded.url;
    base = 'collect';
  }
  const template = `${base}_template`;
  const workers = Array.from({ length: workerCount(project) }, (_, index) => `${base}_w${index + 1}`);

  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${template}`);
    createdDatabases = { adminUrl: serverUrl, names: [template] };
    useDatabaseUrl(urlOf(serverUrl, template));
    await applyMigrations();
    await closePool(); // a template must have no connections while it is copied
    for (const name of workers) {
      await admin.query(`create database ${name} template ${template}`);
      createdDatabases.names.push(name);
      // A commit does not wait for its WAL to reach the disk: on a busy disk the suite stops queueing
      // behind fsyncs, and a throwaway database has nothing to lose. Tests that kill PostgreSQL start
      // one of their own (tests/outage, tests/platform), which keeps the server's default.
      await admin.query(`alter database ${name} set synchronous_commit = off`);
    }
  } finally {
    await admin.end();
  }

  const testDataDir = dataDir ?? (ownDataDir = await mkdtemp(path.join(os.tmpdir(), 'collect-test-')));
  // Each worker has a data folder of its own too: the secrets' legacy files there belong to one database.
  for (let index = 1; index <= workers.length; index += 1) await mkdir(path.join(testDataDir, `w${index}`), { recursive: true });
  project.provide('databaseUrls', workers.map((name) => urlOf(serverUrl, name)));
  project.provide('templateDatabase', template);
  project.provide('testDataDirRoot', testDataDir);
  // What a file reads through inject(); tests/support/worker-database.ts replaces both with its worker's.
  project.provide('databaseUrl', urlOf(serverUrl, workers[0]!));
  project.provide('testDataDir', path.join(testDataDir, 'w1'));
}

export async function teardown(): Promise<void> {
  await embedded?.stop();
  for (const folder of [dataDir, ownDataDir]) if (folder) await rm(folder, { recursive: true, force: true });
  if (createdDatabases && !embedded) {
    const admin = new pg.Client({ connectionString: createdDatabases.adminUrl });
    await admin.connect();
    for (const name of createdDatabases.names.reverse()) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** This worker's database (set per worker by tests/support/worker-database.ts). */
    databaseUrl: string;
    /** This worker's data folder (set per worker by tests/support/worker-database.ts). */
    testDataDir: string;
    /** Every worker's database, in VITEST_POOL_ID order. */
    databaseUrls: string[];
    /** The migrated, empty database the workers' databases were copied from (`CREATE DATABASE x TEMPLATE …`). */
    templateDatabase: string;
    testDataDirRoot: string;
  }
}
