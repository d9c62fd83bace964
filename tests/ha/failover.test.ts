import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '@/lib/platform/db/errors';
import { PATRONI_TIMING, startPatroniCluster, type PatroniCluster } from './support/patroni';
import { ledgerCheck, startAppProcess, type AppProcess } from './support/patroni-app';
import { waitFor } from './support/patroni-processes';
import { startRailLoad, type Attempt, type RailLoad } from './support/patroni-rails';

/**
 * Patroni (etcd as its DCS) runs PostgreSQL 15 as a primary and a synchronous standby; HAProxy sends
 * connections to whichever node Patroni's REST API calls primary; the app is a process of its own
 * given HAProxy's address. Under M-Pesa and bank load, the primary's machine is lost: its Patroni and
 * its postmaster are SIGKILLed together. What must hold: the standby is promoted, the app answers 2xx
 * again without anyone touching it, and every notification answered 2xx before, during and after is
 * exactly one payment on the new primary, with `ledger:check` clean (docs/scaling.md, "Failover").
 */
const BANK_SECRET = randomBytes(24).toString('hex');

let cluster: PatroniCluster | undefined;
let app: AppProcess | undefined;
let synchronous: { primary: string; standby: string };
/** What the machine-loss test left: the node lost, and the references acknowledged around it. */
const lost: { node?: string; references: string[] } = { references: [] };

beforeAll(async () => {
  cluster = await startPatroniCluster();
  synchronous = await cluster.waitForSyncStandby();
  app = await startAppProcess({
    databaseUrl: cluster.url,
    folder: cluster.folder,
    environment: {
      BANK_WEBHOOK_SECRET: BANK_SECRET,
      SANDBOX: 'false',
      // A dead server must be answered "unavailable" quickly, not after the default 5 s per attempt.
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATABASE_QUERY_TIMEOUT_MS: '5000',
    },
  });
}, 300_000);

afterAll(async () => {
  await app?.stop();
  await cluster?.stop();
}, 120_000);

async function onPrimary<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster!.url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

const AT_LEAST = 40;

const acknowledgedCount = (load: RailLoad, after = 0) =>
  load.deliveries.filter((delivery) => delivery.attempts.some((attempt) => attempt.acknowledged && attempt.sentAt >= after)).length;

/** Every notification was delivered in the end, and each is exactly one payment (or suspense entry) on the primary now. */
async function expectEachKeptOnce(load: RailLoad): Promise<{ acknowledged: number; kept: number }> {
  let kept = 0;
  expect(load.deliveries.filter((delivery) => !delivery.acknowledged).map((delivery) => delivery.reference)).toEqual([]);
  for (const rail of ['MPESA', 'BANK'] as const) {
    const references = load.deliveries.filter((delivery) => delivery.rail === rail).map((delivery) => delivery.reference);
    const rows = await onPrimary<{ reference: string; count: number }>(
      `select provider_reference as reference, count(*)::int as count from (
         select provider_reference from payments where rail = $1 and provider_reference = any($2)
         union all
         select provider_reference from suspense_payments where rail = $1 and provider_reference = any($2)) kept
       group by provider_reference`,
      [rail, references],
    );
    expect(rows.map((row) => row.reference).sort(), `${rail}: every acknowledged notification is kept`).toEqual([...references].sort());
    expect(rows.filter((row) => row.count !== 1), `${rail}: none is kept twice`).toEqual([]);
    kept += rows.length;
  }
  return { acknowledged: load.deliveries.filter((delivery) => delivery.acknowledged).length, kept };
}

/** Refused attempts said "unavailable, retry" (503 with Retry-After), never 500 and never nothing. */
function expectRefusalsSayRetry(load: RailLoad): void {
  const refusals: Attempt[] = load.attempts().filter((attempt) => !attempt.acknowledged);
  const appErrors = () => app!.output().split('\n').filter((line) => line.includes('"level":50')).slice(-5).join('\n');
  expect(refusals.filter((attempt) => attempt.status !== 503).map((attempt) => attempt.status), appErrors()).toEqual([]);
  expect(refusals.every((attempt) => /^\d+$/.test(attempt.retryAfter ?? ''))).toBe(true);
}

/** The node PostgreSQL answers on through HAProxy, and whether it is a primary. */
async function serverBehindHaproxy(): Promise<{ node: string | undefined; recovering: boolean }> {
  const [server] = await onPrimary<{ port: number; recovering: boolean }>("select current_setting('port')::int as port, pg_is_in_recovery() as recovering");
  return { node: cluster!.nodes.find((node) => node.pgPort === server!.port)?.name, recovering: server!.recovering };
}

/**
 * Where HAProxy sends a new connection once it has seen the new leader: its health check runs every
 * second, so for a moment after the app's first 2xx a new connection may still reach the old node,
 * which Patroni is restarting (the connection then ends unexpectedly). Asked until it answers the
 * expected primary, within 30 s; the last answer is what a failure shows.
 */
async function serverBehindHaproxyBecomes(node: string): Promise<{ node: string | undefined; recovering: boolean } | undefined> {
  let last: { node: string | undefined; recovering: boolean } | undefined;
  const reached = await waitFor(`HAProxy sends connections to ${node}, a primary`, async () => {
    last = await serverBehindHaproxy();
    return last.node === node && !last.recovering ? last : undefined;
  }, 30_000, explain).catch(() => undefined);
  return reached ?? last;
}

const startLoad = () => startRailLoad({ baseUrl: app!.baseUrl, mpesaToken: app!.mpesaToken, bankSecret: BANK_SECRET, accountNumber: app!.accountNumber, senders: 8 });
const explain = () => `${cluster!.explain()}\napp:\n${app!.output().slice(-3_000)}`;

describe('a Patroni cluster under rail load', () => {
  it('commits on the primary only once the synchronous standby has the WAL', async () => {
    const [settings] = await onPrimary<{ commit: string; standbys: string }>(
      "select current_setting('synchronous_commit') as commit, current_setting('synchronous_standby_names') as standbys",
    );
    expect(settings!.commit).toBe('on');
    expect(settings!.standbys).toContain(synchronous.standby);
    const [replication] = await onPrimary<{ sync_state: string; state: string }>('select sync_state, state from pg_stat_replication');
    expect(replication).toEqual({ sync_state: 'sync', state: 'streaming' });
  });

  it('answers a write that reaches a standby (a primary moving) as "unavailable, retry", not as a failure', async () => {
    const standby = cluster!.nodes.find((node) => node.name === synchronous.standby)!;
    const client = new pg.Client({ connectionString: cluster!.nodeUrl(standby) });
    await client.connect();
    const refused = await client.query('create table written_on_a_standby (id int)').then(() => undefined, (error: unknown) => error);
    await client.end();
    expect(refused).toMatchObject({ code: '25006' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
  });

  it('switches over on request (the old primary demoted to a standby) without a payment lost, doubled or answered 500', async () => {
    const load = startLoad();
    try {
      await waitFor('payments acknowledged before the switchover', async () => acknowledgedCount(load) >= AT_LEAST, 60_000);
      const from = cluster!.nodes.find((node) => node.name === synchronous.primary)!;
      const to = cluster!.nodes.find((node) => node.name === synchronous.standby)!;
      await cluster!.switchover(from, to);
      const switchedAt = Date.now();
      await waitFor('payments acknowledged after the switchover', async () => acknowledgedCount(load, switchedAt) >= AT_LEAST, 90_000, explain);
      await load.stop();

      expect(await serverBehindHaproxyBecomes(to.name)).toEqual({ node: to.name, recovering: false });
      expectRefusalsSayRetry(load);
      await expectEachKeptOnce(load);
      // The demoted primary follows the new one as its synchronous standby: the cluster is whole again.
      synchronous = await cluster!.waitForSyncStandby();
      expect(synchronous).toEqual({ primary: to.name, standby: from.name });
    } finally {
      await load.stop();
    }
  });

  it("loses the primary's machine: the standby is promoted, the app answers 2xx again by itself, and every acknowledged confirmation is exactly one payment", async () => {
    const load = startLoad();
    try {
      await waitFor('payments acknowledged before the kill', async () => acknowledgedCount(load) >= AT_LEAST, 60_000);
      const primary = await cluster!.primary();
      expect(primary?.name).toBe(synchronous.primary);

      const killedAt = Date.now();
      await cluster!.killMachine(primary!);
      lost.node = primary!.name;

      const firstAfter = await waitFor('a confirmation sent after the kill answered 2xx', async () => load.attempts().find((attempt) => attempt.sentAt >= killedAt && attempt.acknowledged), 90_000, explain);
      const secondsToFirst2xx = (firstAfter.answeredAt - killedAt) / 1000;
      const settledAt = Date.now();
      await waitFor('payments acknowledged after the failover', async () => acknowledgedCount(load, settledAt) >= AT_LEAST, 60_000, explain);
      await load.stop();

      // The synchronous standby is the primary now, and HAProxy sends the app there.
      expect((await cluster!.primary())?.name).toBe(synchronous.standby);
      expect(await serverBehindHaproxyBecomes(synchronous.standby)).toEqual({ node: synchronous.standby, recovering: false });
      // Back within the leader key's life, Patroni's loop and HAProxy's check, with room for a busy machine.
      expect(secondsToFirst2xx).toBeLessThan(PATRONI_TIMING.ttl + PATRONI_TIMING.loop_wait + 15);
      expect(app!.running(), 'the app was not restarted').toBe(true);

      const duringOutage = load.attempts().filter((attempt) => attempt.sentAt >= killedAt && attempt.answeredAt < firstAfter.answeredAt);
      expect(duringOutage.length, 'the outage was seen').toBeGreaterThan(0);
      expectRefusalsSayRetry(load);
      const acknowledgedBefore = load.deliveries.filter((delivery) => delivery.attempts.some((attempt) => attempt.acknowledged && attempt.answeredAt < killedAt));
      expect(acknowledgedBefore.length).toBeGreaterThanOrEqual(AT_LEAST);
      const { acknowledged, kept } = await expectEachKeptOnce(load);
      lost.references = load.deliveries.map((delivery) => delivery.reference);

      const ledger = await ledgerCheck(cluster!.url);
      expect(ledger.exitCode, ledger.report).toBe(0);
      // The figure docs/scaling.md quotes ("Failover").
      const figures = { secondsToFirst2xx, deliveries: load.deliveries.length, acknowledgedBeforeKill: acknowledgedBefore.length, refusedWhileFailingOver: duringOutage.length, lost: acknowledged - kept };
      console.log(`failover figures: ${JSON.stringify(figures)}`);
    } finally {
      await load.stop();
    }
  });

  it('takes the lost machine back as the synchronous standby of the new primary, with every payment made meanwhile', async () => {
    const node = cluster!.nodes.find((candidate) => candidate.name === lost.node);
    expect(node, 'the machine-loss test ran').toBeDefined();
    cluster!.restartMachine(node!);
    const whole = await cluster!.waitForSyncStandby();
    expect(whole).toEqual({ primary: synchronous.standby, standby: node!.name });
    // Its copy has the payments acknowledged while it was gone: it follows the new timeline, not its own.
    await waitFor(
      'the rejoined standby has replayed every payment',
      async () => {
        const client = new pg.Client({ connectionString: cluster!.nodeUrl(node!) });
        await client.connect();
        try {
          const { rows } = await client.query<{ count: number }>('select count(*)::int as count from payments where provider_reference = any($1)', [lost.references]);
          return rows[0]!.count === lost.references.length;
        } finally {
          await client.end();
        }
      },
      30_000,
      explain,
    );
  });
});
