import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { QueryConfig } from 'pg';
import { pool } from '@/lib/platform/db';
import { jobWorkerRunning } from '@/lib/platform/jobs/worker';
import { migrationsFolder } from '@/lib/platform/paths';

/** One check of /readyz: whether it passed and, when not, a sentence saying why. */
export interface Check {
  ok: boolean;
  detail?: string;
}

export interface Readiness {
  ready: boolean;
  checks: { database: Check; migrations: Check; worker: Check };
}

/** A check that has not answered in this time has failed: a load balancer must not wait on a hung database. */
const CHECK_TIMEOUT_MS = 2_000;

const JOURNAL = () => path.join(migrationsFolder(), 'meta', '_journal.json');

/** The newest migration this code ships (its `when`, which drizzle records as created_at when it applies it). */
function newestShipped(journalFile: string): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string; when: number }[] };
  return journal.entries.reduce((newest, entry) => (entry.when > newest.when ? entry : newest));
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const failed = (error: unknown): Check => ({ ok: false, detail: (error as Error).message.split('\n')[0] });

/**
 * Whether this instance can do its work: the database answers, it has every migration this code
 * ships (compared by drizzle's record of applied migrations against migrations/meta/_journal.json:
 * an instance of newer code on an older schema is not ready), and the job worker runs.
 */
export async function checkReadiness(options: { journalFile?: string } = {}): Promise<Readiness> {
  // The query's own timeout too: the connection of a probe that gave up is dropped at once
  // (lib/platform/db/timeouts.ts) rather than held for the pool's longer statement timeout.
  const database = await withTimeout(pool().query({ text: 'select 1', query_timeout: CHECK_TIMEOUT_MS } as QueryConfig), 'the database')
    .then((): Check => ({ ok: true }))
    .catch(failed);
  let migrations: Check = { ok: false, detail: 'not checked: the database does not answer' };
  if (database.ok) {
    migrations = await withTimeout(
      pool().query<{ applied: number; newest: string | null }>('select count(*)::int as applied, max(created_at)::text as newest from drizzle.__drizzle_migrations'),
      'the database',
    )
      .then(({ rows }): Check => {
        const shipped = newestShipped(options.journalFile ?? JOURNAL());
        const newest = Number(rows[0]?.newest ?? 0);
        return newest >= shipped.when ? { ok: true } : { ok: false, detail: `migration ${shipped.tag} is not applied (${rows[0]?.applied ?? 0} applied)` };
      })
      .catch(failed);
  }
  const worker: Check = jobWorkerRunning() ? { ok: true } : { ok: false, detail: 'the job worker is not running' };
  return { ready: database.ok && migrations.ok && worker.ok, checks: { database, migrations, worker } };
}
