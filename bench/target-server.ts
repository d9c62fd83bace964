/**
 * The process under load: the real /api/v1 app and the job worker, and beside them a bare Hono
 * app doing the baseline work (one primary-key SELECT, one single-row INSERT) on the same
 * database, each on its own loopback port.
 * Prints one JSON line ({ apiPort, barePort, accessToken, merchantId, email, mpesaToken }) when ready.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApiApp } from '@/lib/service/app';
import { crontab, tasks } from '@/lib/service/tasks';
import { startWorker } from '@/lib/platform/jobs/worker';
import { createMerchant } from '@/lib/merchants/operations';
import { config, parseConfig, setConfig } from '@/lib/platform/config';
import { openDatabase } from '@/lib/platform/database';
import { pool } from '@/lib/platform/db';
import { mpesaCallbackSecret } from '@/lib/rails/secrets';
import { BENCH_PASSWORD } from './scenarios/target';

const listen = (fetch: (request: Request) => Response | Promise<Response>) =>
  new Promise<number>((resolve) => {
    const server = serve({ fetch, hostname: '127.0.0.1', port: 0 }, () => resolve((server.address() as AddressInfo).port));
  });

setConfig(parseConfig({ ...process.env, NODE_ENV: 'production' }));
const database = await openDatabase(config());
const worker = await startWorker({ tasks, crontab, concurrency: Number(process.env.BENCH_WORKER_CONCURRENCY ?? 20) });
process.on('SIGINT', () => void worker.stop().finally(() => database.close().finally(() => process.exit(0))));

const password = BENCH_PASSWORD;
const email = `bench-${Date.now()}@bench.example`;
const { merchant } = await createMerchant({ name: 'Bench Merchant', email, password });
await pool().query('create table if not exists bench_raw_inserts (id uuid primary key default gen_random_uuid(), reference text not null unique, amount numeric(20, 4) not null, created_at timestamptz not null default now())');

const bare = new Hono();
bare.get('/merchant/:id', async (c) => {
  const { rows } = await pool().query({ name: 'bare_pk', text: 'select id, name, created_at from merchants where id = $1', values: [c.req.param('id')] });
  return c.json(rows[0]);
});
bare.post('/raw-insert', async (c) => {
  const body = await c.req.json<{ reference: string; amount: string }>();
  await pool().query({ name: 'bare_insert', text: 'insert into bench_raw_inserts (reference, amount) values ($1, $2)', values: [body.reference, body.amount] });
  return c.json({ ok: true }, 201);
});

const apiPort = await listen(createApiApp().fetch);
const barePort = await listen(bare.fetch);
const login = await fetch(`http://127.0.0.1:${apiPort}/api/v1/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password }),
});
const { accessToken } = (await login.json()) as { accessToken: string };
console.log(JSON.stringify({ apiPort, barePort, pid: process.pid, accessToken, merchantId: merchant.id, email, mpesaToken: await mpesaCallbackSecret() }));
