import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import type { Runner } from 'graphile-worker';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { config, parseConfig, setConfig } from '@/lib/platform/config';
import { openDatabase, type OpenDatabase } from '@/lib/platform/database';
import { startWorker } from '@/lib/platform/jobs/worker';
import { createApiApp } from '@/lib/service/app';

export interface OwnApp<Line> {
  /** The data folder of this app's own embedded PostgreSQL (postgres-process.ts finds its postmaster there). */
  dataDir: string;
  /** http://127.0.0.1:<port>/api/v1 */
  baseUrl: string;
  /** What the app logged, parsed: what an operator would read. */
  logLines: Line[];
  /** Whether a job queued now runs within `withinMs`: the worker outlived the outage. */
  runsAJob(withinMs: number): Promise<boolean>;
}

/**
 * The API and the job worker on an embedded PostgreSQL of their own, in a folder of this test and
 * supervised as `npm start` runs it, so that an outage test can kill or freeze that PostgreSQL
 * without touching the run's shared one. `beforeClose` runs first at the end, whatever failed
 * (a frozen PostgreSQL must be thawed before anything waits on it).
 */
export function useOwnApp<Line>(name: string, environment: Record<string, string>, options: { beforeClose?: () => void } = {}): OwnApp<Line> {
  const jobsRun: string[] = [];
  const app: OwnApp<Line> = {
    dataDir: '',
    baseUrl: '',
    logLines: [],
    async runsAJob(withinMs) {
      const id = randomBytes(4).toString('hex');
      await worker.addJob('outage.ping', { id });
      const deadline = Date.now() + withinMs;
      while (!jobsRun.includes(id) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      return jobsRun.includes(id);
    },
  };
  let database: OpenDatabase | undefined;
  let server: ServerType | undefined;
  let worker: Runner;

  beforeAll(async () => {
    app.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `collect-${name}-`));
    fs.chmodSync(app.dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
    setConfig(parseConfig({ NODE_ENV: 'test', DATA_DIR: app.dataDir, LOG_LEVEL: 'info', ...environment }));
    (globalThis as { __collectLogger?: unknown }).__collectLogger = pino({ level: 'info', base: undefined }, { write: (line: string) => void app.logLines.push(JSON.parse(line) as Line) });
    database = await openDatabase(config());
    worker = await startWorker({ tasks: { 'outage.ping': async (payload) => void jobsRun.push((payload as { id: string }).id) }, concurrency: 2 });
    const api = createApiApp();
    await new Promise<void>((resolve) => {
      server = serve({ fetch: api.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve());
    });
    app.baseUrl = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/api/v1`;
  }, 120_000);

  afterAll(async () => {
    options.beforeClose?.();
    (server as { closeAllConnections?: () => void } | undefined)?.closeAllConnections?.();
    await new Promise((resolve) => server?.close(resolve));
    await worker?.stop();
    await database?.close();
    if (app.dataDir) fs.rmSync(app.dataDir, { recursive: true, force: true });
    delete (globalThis as { __collectLogger?: unknown }).__collectLogger;
  });

  return app;
}
