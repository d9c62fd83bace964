/**
 * The process under load: the real /api/v1 app, and beside it a bare Hono app doing one
 * primary-key SELECT on the same database, each on its own loopback port.
 * Prints one JSON line ({ apiPort, barePort, accessToken, merchantId }) when ready.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApiApp } from '@/lib/api/app';
import { createMerchant } from '@/lib/merchants/operations';
import { parseConfig, setConfig } from '@/lib/platform/config';
import { openDatabase } from '@/lib/platform/database';
import { pool } from '@/lib/platform/db';

const listen = (fetch: (request: Request) => Response | Promise<Response>) =>
  new Promise<number>((resolve) => {
    const server = serve({ fetch, hostname: '127.0.0.1', port: 0 }, () => resolve((server.address() as AddressInfo).port));
  });

setConfig(parseConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', NODE_ENV: 'production' }));
const { config } = await import('@/lib/platform/config');
const database = await openDatabase(config());
process.on('SIGINT', () => void database.close().finally(() => process.exit(0)));

const password = 'bench-password-123';
const email = `bench-${Date.now()}@bench.example`;
const { merchant } = await createMerchant({ name: 'Bench Merchant', email, password });

const bare = new Hono();
bare.get('/merchant/:id', async (c) => {
  const { rows } = await pool().query({ name: 'bare_pk', text: 'select id, name, created_at from merchants where id = $1', values: [c.req.param('id')] });
  return c.json(rows[0]);
});

const apiPort = await listen(createApiApp().fetch);
const barePort = await listen(bare.fetch);
const login = await fetch(`http://127.0.0.1:${apiPort}/api/v1/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password }),
});
const { accessToken } = (await login.json()) as { accessToken: string };
console.log(JSON.stringify({ apiPort, barePort, accessToken, merchantId: merchant.id }));
