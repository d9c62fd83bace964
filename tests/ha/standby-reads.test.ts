import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishSharedSettings } from '@/lib/instances/shared-settings';
import { config, parseConfig, setConfig } from '@/lib/platform/config';
import { openDatabase, type OpenDatabase } from '@/lib/platform/database';
import { standbyStalenessMs } from '@/lib/platform/db/read-pool';
import { metrics } from '@/lib/platform/metrics';
import { sleep } from '@/lib/platform/postgres/processes';
import { createApiApp } from '@/lib/service/app';
import { newMerchant } from '../support/fixtures';
import { clusterFolder, startCluster, type Cluster } from './support/cluster';
import { one, startStandby, waitForReplay } from './support/standby';

/**
 * DATABASE_READ_URL on a real streaming standby of Debian's PostgreSQL 15: lists go to the standby, a
 * caller's read after its own write is served from where the write is (its WAL position), a standby
 * beyond the lag bound or stopped is passed over, and no read fails because of it.
 */
const MAX_LAG_MS = 8_000;

let primary: Cluster;
let standby: Cluster;
let database: OpenDatabase | undefined;
let server: ServerType | undefined;
let baseUrl = '';
let dataDir = '';
let owner: { email: string; password: string };

async function request(method: string, route: string, token: string, json?: unknown): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.9.8.7' };
  if (json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${baseUrl}${route}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
}

/** A session of its own: each sign-in is another caller, with its own remembered writes. */
async function signIn(): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.1.1` },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

async function served(server: 'standby' | 'primary', reason: string): Promise<number> {
  const { values } = await metrics().standbyReads.get();
  return values.find((value) => value.labels.server === server && value.labels.reason === reason)?.value ?? 0;
}

async function customerNames(token: string): Promise<string[]> {
  const response = await request('GET', '/merchants/me/customers?limit=100', token);
  expect(response.status).toBe(200);
  return ((await response.json()) as { displayName: string }[]).map((customer) => customer.displayName);
}

const newCustomer = (displayName: string) => ({ displayName, externalRef: `REF-${randomUUID().slice(0, 8)}`, phone: '254712345678' });

/** Until the app's probe has seen the standby hold everything written so far. */
async function untilStandbyFresh(): Promise<void> {
  await waitForReplay(primary, standby);
  const since = Date.now();
  const deadline = since + 20_000;
  while (Date.now() - standbyStalenessMs() < since) {
    if (Date.now() > deadline) throw new Error(`the standby never looked fresh (staleness ${standbyStalenessMs()} ms)`);
    await sleep(100);
  }
}

beforeAll(async () => {
  primary = await startCluster({ name: 'reads-primary' });
  standby = await startStandby(primary, { name: 'reads-standby' });
  dataDir = clusterFolder('reads-app');
  setConfig(
    parseConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(dataDir, 'unused'),
      DATABASE_URL: primary.url,
      DATABASE_READ_URL: standby.url,
      DATABASE_READ_MAX_LAG_MS: String(MAX_LAG_MS),
    }),
  );
  database = await openDatabase(config());
  const shared = await establishSharedSettings(config());
  setConfig({ ...config(), SANDBOX: shared.sandbox });
  const merchant = await newMerchant('Standby Reads Ltd');
  owner = { email: merchant.user.email, password: merchant.password };
  const api = createApiApp();
  await new Promise<void>((resolve) => {
    server = serve({ fetch: api.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/api/v1`;
});

afterAll(async () => {
  (server as { closeAllConnections?: () => void } | undefined)?.closeAllConnections?.();
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
  await standby?.stop();
  await primary?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a hot standby taking reads (DATABASE_READ_URL)', () => {
  it("serves a merchant's lists, searches and summaries from the standby", async () => {
    const token = await signIn();
    await untilStandbyFresh();
    const before = await served('standby', 'standby');
    const routes = [
      '/merchants/me/payments?limit=10',
      '/merchants/me/payments?q=254712&limit=10',
      '/merchants/me/customers',
      '/merchants/me/expected-payments',
      '/merchants/me/events',
      '/merchants/me/expected-payments/summary',
      '/merchants/me/audit-events',
    ];
    for (const route of routes) expect((await request('GET', route, token)).status, route).toBe(200);
    expect(await served('standby', 'standby')).toBe(before + routes.length);

    // The standby's own account of it: the app's read pool is connected there.
    const { connections } = await one<{ connections: number }>(standby.url, "select count(*)::int as connections from pg_stat_activity where application_name = 'collect-read'");
    expect(connections).toBeGreaterThan(0);
  });

  it('shows a caller its own write at once, even while the standby has stopped replaying', async () => {
    const writer = await signIn();
    const onlooker = await signIn(); // another session of the same merchant: it wrote nothing
    await untilStandbyFresh();
    await one(standby.url, 'select pg_wal_replay_pause()');
    try {
      const name = `Written While Paused ${randomUUID().slice(0, 6)}`;
      const created = await request('POST', '/merchants/me/customers', writer, newCustomer(name));
      expect(created.status).toBe(201);

      const readYourWrites = await served('primary', 'read_your_writes');
      expect(await customerNames(writer)).toContain(name);
      expect(await served('primary', 'read_your_writes')).toBe(readYourWrites + 1);

      // Another caller may see the list as it was, up to the bound (docs/scaling.md, "Read replicas")…
      const stale = await served('standby', 'standby');
      expect(await customerNames(onlooker)).not.toContain(name);
      expect(await served('standby', 'standby')).toBe(stale + 1);

      // …and no longer than that: past the bound, a paused standby is passed over.
      while (standbyStalenessMs() <= MAX_LAG_MS) await sleep(200);
      const lagging = await served('primary', 'lagging');
      expect(await customerNames(onlooker)).toContain(name);
      expect(await served('primary', 'lagging')).toBe(lagging + 1);
    } finally {
      await one(standby.url, 'select pg_wal_replay_resume()');
    }
  });

  it('answers every read while the standby is stopped, from the primary', async () => {
    const token = await signIn();
    const name = `Before The Outage ${randomUUID().slice(0, 6)}`;
    expect((await request('POST', '/merchants/me/customers', token, newCustomer(name))).status).toBe(201);
    await untilStandbyFresh();
    const onStandby = await served('standby', 'standby');
    expect(await customerNames(token)).toContain(name);
    expect(await served('standby', 'standby')).toBe(onStandby + 1); // the standby's idle connection is open

    await standby.stop();
    const statuses: number[] = [];
    const deadline = Date.now() + 3_000;
    while (Date.now() < deadline) {
      for (const route of ['/merchants/me/customers', '/merchants/me/payments', '/merchants/me/expected-payments/summary']) {
        statuses.push((await request('GET', route, token)).status);
      }
    }
    expect(statuses.length).toBeGreaterThan(3);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await customerNames(token)).toContain(name);
    expect(await served('primary', 'standby_down')).toBeGreaterThan(0);
  });
});
