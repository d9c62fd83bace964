import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensureDatabase } from '@/lib/platform/postgres/server';
import { clusterFolder, freePort, PG15_BIN, postgresUser } from './cluster';
import { killTree, postmasterOf, signalGroup, spawnLogged, waitFor, type Spawned } from './patroni-processes';

/**
 * The deployment of docs/operations.md ("Production layout") on one machine, each "machine" a set of
 * processes: etcd (one member: the DCS), two Patroni nodes each running a PostgreSQL 15, and HAProxy
 * sending connections to whichever node Patroni's REST API says is the primary. Everything on free
 * ports in one temp folder; `stop()` ends only the processes started here.
 */

/**
 * Patroni's timing (bootstrap.dcs). The leader key lives `ttl` seconds unless the leader renews it
 * every `loop_wait`; a dead leader is replaced within ttl + loop_wait. Patroni requires
 * loop_wait + 2 × retry_timeout <= ttl (a leader that cannot reach etcd for retry_timeout demotes
 * itself before its key can expire), hence 10 / 2 / 4.
 */
export const PATRONI_TIMING = { ttl: 10, loop_wait: 2, retry_timeout: 4 };
/** HAProxy's health check of each node's Patroni REST API: every 1 s, down after 2 failures, up after 1 success. */
export const HAPROXY_CHECK = { inter: '1s', fall: 2, rise: 1 };
/** A replica lagging more than this (bytes of WAL) is never promoted (Patroni's default, 1 MiB). */
export const MAXIMUM_LAG_ON_FAILOVER = 1_048_576;

export interface PatroniNode {
  name: string;
  pgPort: number;
  restPort: number;
  dataDir: string;
  patroni: Spawned;
  /** The machine is gone: its Patroni and its postmaster were killed. */
  killed: boolean;
}

export interface PatroniCluster {
  folder: string;
  /** postgres://…@127.0.0.1:<haproxy port>/collect: what the app is given as DATABASE_URL. */
  url: string;
  /** The same through a node directly (for checks that must bypass HAProxy). */
  nodeUrl(node: PatroniNode): string;
  nodes: PatroniNode[];
  /** Patroni's own view (GET /cluster on a live node): each member's name, role and state. */
  members(): Promise<Member[]>;
  /** The node whose REST API answers 200 to GET /primary, as HAProxy asks. */
  primary(): Promise<PatroniNode | undefined>;
  /** Waits until `name` is primary and another member is its synchronous standby, streaming. */
  waitForSyncStandby(timeoutMs?: number): Promise<{ primary: string; standby: string }>;
  /** A planned switchover through Patroni's REST API (what `patronictl switchover` sends): the primary is demoted, the standby promoted. */
  switchover(from: PatroniNode, to: PatroniNode): Promise<void>;
  /** SIGKILL to a node's Patroni and to its postmaster with every backend, at the same instant. */
  killMachine(node: PatroniNode): Promise<void>;
  /** The lost machine back: its Patroni started again on the data folder it left (rejoining, rewound if need be). */
  restartMachine(node: PatroniNode): void;
  /** Logs of every process, for a failure message. */
  explain(): string;
  stop(): Promise<void>;
}

export interface Member {
  name: string;
  role: string;
  state: string;
  lag?: number | string;
}

const httpStatus = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(1_000) }).then(
    (response) => response.status,
    () => 0,
  );

function patroniConfig(options: { name: string; folder: string; dataDir: string; pgPort: number; restPort: number; etcdPort: number; superuserPassword: string; replicationPassword: string }): string {
  const { name, folder, dataDir, pgPort, restPort, etcdPort } = options;
  // JSON is YAML: written with JSON.stringify, nothing here needs YAML's quoting rules.
  const config = {
    scope: 'collect-ha',
    name,
    log: { level: 'INFO' },
    restapi: { listen: `127.0.0.1:${restPort}`, connect_address: `127.0.0.1:${restPort}` },
    // Debian 12's etcd-server is 3.4; Patroni's `etcd3` client talks to its v3 JSON gateway (no v2 API needed).
    etcd3: { hosts: [`127.0.0.1:${etcdPort}`] },
    bootstrap: {
      dcs: {
        ...PATRONI_TIMING,
        maximum_lag_on_failover: MAXIMUM_LAG_ON_FAILOVER,
        // A commit returns only once the synchronous standby has the WAL on its disk, and Patroni promotes
        // only that standby: an acknowledged payment survives the primary's machine (docs/scaling.md, "Failover").
        synchronous_mode: true,
        // With the standby gone the primary keeps taking payments alone (then one more loss would lose
        // data): strict mode would stop every write instead. Production runs three nodes (docs/operations.md).
        synchronous_mode_strict: false,
        postgresql: {
          use_pg_rewind: true,
          parameters: {
            synchronous_commit: 'on',
            wal_level: 'replica',
            hot_standby: 'on',
            wal_log_hints: 'on',
            max_wal_senders: 10,
            max_replication_slots: 10,
            max_connections: 200,
          },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }, 'data-checksums'],
    },
    postgresql: {
      listen: `127.0.0.1:${pgPort}`,
      connect_address: `127.0.0.1:${pgPort}`,
      data_dir: dataDir,
      bin_dir: PG15_BIN,
      pgpass: path.join(folder, `${name}.pgpass`),
      // The clone starts at once instead of waiting for a spread checkpoint (about 100 s here).
      basebackup: [{ checkpoint: 'fast' }],
      authentication: {
        superuser: { username: 'postgres', password: options.superuserPassword },
        replication: { username: 'replicator', password: options.replicationPassword },
        rewind: { username: 'postgres', password: options.superuserPassword },
      },
      // The socket in the trial's own folder: two trials (or a system PostgreSQL) never share one.
      parameters: { unix_socket_directories: folder },
      pg_hba: ['local all all trust', 'host replication replicator 127.0.0.1/32 scram-sha-256', 'host all all 127.0.0.1/32 scram-sha-256'],
    },
    tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
  };
  return JSON.stringify(config, null, 2);
}

function haproxyConfig(port: number, nodes: { name: string; pgPort: number; restPort: number }[]): string {
  const check = `inter ${HAPROXY_CHECK.inter} fall ${HAPROXY_CHECK.fall} rise ${HAPROXY_CHECK.rise}`;
  return [
    'global',
    '  maxconn 400',
    'defaults',
    '  mode tcp',
    '  timeout connect 2s',
    // Pooled connections stay idle for long; the app's own timeouts bound every wait.
    '  timeout client 30m',
    '  timeout server 30m',
    '  timeout check 1s',
    'listen postgres_primary',
    `  bind 127.0.0.1:${port}`,
    // Patroni answers 200 on /primary only on the node holding the leader key and running as primary.
    '  option httpchk GET /primary',
    '  http-check expect status 200',
    // A node marked down has its sessions cut: clients reconnect (to the new primary) instead of
    // holding connections to a dead or demoted server.
    `  default-server ${check} on-marked-down shutdown-sessions`,
    ...nodes.map((node) => `  server ${node.name} 127.0.0.1:${node.pgPort} maxconn 200 check port ${node.restPort}`),
    '',
  ].join('\n');
}

export async function startPatroniCluster(options: { database?: string } = {}): Promise<PatroniCluster> {
  const user = await postgresUser();
  const folder = clusterFolder('patroni');
  if (user) fs.chownSync(folder, user.uid, user.gid);
  const database = options.database ?? 'collect';
  const superuserPassword = randomBytes(12).toString('hex');
  const replicationPassword = randomBytes(12).toString('hex');
  const started: Spawned[] = [];
  const nodes: PatroniNode[] = [];
  let haproxyPort = 0;

  const explain = () =>
    [...started.map((process) => `--- ${path.basename(process.log)} (pid ${process.pid}, ${process.running() ? 'running' : 'exited'})\n${process.lastLines(25)}`)].join('\n');

  const nodeUrl = (node: PatroniNode, db = database) => `postgres://postgres:${superuserPassword}@127.0.0.1:${node.pgPort}/${db}`;

  /** Patroni as the postgres OS user, on the config file of that node, its log appended to `<name>.log`. */
  const launchPatroni = (name: string): Spawned => {
    const patroni = spawnLogged('/usr/bin/patroni', [path.join(folder, `${name}.yml`)], {
      log: path.join(folder, `${name}.log`),
      user,
      cwd: folder,
      env: { NODE_ENV: 'production', PATH: '/usr/sbin:/usr/bin:/sbin:/bin', HOME: folder, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
    });
    started.push(patroni);
    return patroni;
  };

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // HAProxy first (nothing routes any more), then Patroni (it stops its PostgreSQL with it), then etcd.
      const [etcd, ...rest] = started;
      await Promise.all(rest.map((process) => process.stop('SIGTERM', 20_000)));
      // A postmaster Patroni left behind (Patroni was killed, or did not stop it in time): only ours, by data folder.
      for (const node of nodes) {
        const postmaster = postmasterOf(node.dataDir);
        if (postmaster) await killTree(postmaster);
      }
      await etcd?.stop('SIGTERM', 10_000);
      fs.rmSync(folder, { recursive: true, force: true });
    })());

  try {
    const etcdPort = await freePort();
    const etcdPeerPort = await freePort();
    const etcd = spawnLogged(
      '/usr/bin/etcd',
      [
        '--name=dcs',
        `--data-dir=${path.join(folder, 'etcd')}`,
        `--listen-client-urls=http://127.0.0.1:${etcdPort}`,
        `--advertise-client-urls=http://127.0.0.1:${etcdPort}`,
        `--listen-peer-urls=http://127.0.0.1:${etcdPeerPort}`,
        `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeerPort}`,
        `--initial-cluster=dcs=http://127.0.0.1:${etcdPeerPort}`,
        '--initial-cluster-state=new',
        '--log-level=warn',
      ],
      { log: path.join(folder, 'etcd.log') },
    );
    started.push(etcd);
    await waitFor('etcd answers /health', async () => (await httpStatus(`http://127.0.0.1:${etcdPort}/health`)) === 200, 30_000, explain);

    for (const name of ['node1', 'node2']) {
      const node = { name, pgPort: await freePort(), restPort: await freePort(), dataDir: path.join(folder, name) };
      const configFile = path.join(folder, `${name}.yml`);
      fs.writeFileSync(configFile, patroniConfig({ ...node, folder, etcdPort, superuserPassword, replicationPassword }), { mode: 0o600 });
      if (user) fs.chownSync(configFile, user.uid, user.gid);
      const patroni = launchPatroni(name);
      nodes.push({ ...node, patroni, killed: false });
      // The first node bootstraps the cluster alone; the second then clones it with pg_basebackup.
      if (name === 'node1') await waitFor('node1 is the primary', async () => (await httpStatus(`http://127.0.0.1:${node.restPort}/primary`)) === 200, 90_000, explain);
    }

    haproxyPort = await freePort();
    const haproxyFile = path.join(folder, 'haproxy.cfg');
    fs.writeFileSync(haproxyFile, haproxyConfig(haproxyPort, nodes));
    // -db: stay in the foreground, so that the trial owns its process (and its group).
    started.push(spawnLogged('/usr/sbin/haproxy', ['-db', '-f', haproxyFile], { log: path.join(folder, 'haproxy.log') }));
  } catch (error) {
    await stop();
    throw error;
  }

  const cluster: PatroniCluster = {
    folder,
    url: `postgres://postgres:${superuserPassword}@127.0.0.1:${haproxyPort}/${database}`,
    nodeUrl: (node) => nodeUrl(node),
    nodes,
    async members() {
      for (const node of nodes.filter((candidate) => !candidate.killed)) {
        const response = await fetch(`http://127.0.0.1:${node.restPort}/cluster`, { signal: AbortSignal.timeout(1_000) }).catch(() => undefined);
        if (response?.ok) return ((await response.json()) as { members: Member[] }).members;
      }
      return [];
    },
    async primary() {
      for (const node of nodes.filter((candidate) => !candidate.killed)) {
        if ((await httpStatus(`http://127.0.0.1:${node.restPort}/primary`)) === 200) return node;
      }
      return undefined;
    },
    async waitForSyncStandby(timeoutMs = 120_000) {
      return waitFor(
        'a primary with a streaming synchronous standby',
        async () => {
          const members = await cluster.members();
          const primary = members.find((member) => member.role === 'leader' && member.state === 'running');
          const standby = members.find((member) => member.role === 'sync_standby' && ['streaming', 'running'].includes(member.state));
          return primary && standby ? { primary: primary.name, standby: standby.name } : undefined;
        },
        timeoutMs,
        () => `${explain()}\nmembers: ${JSON.stringify(nodes.map((node) => node.name))}`,
      );
    },
    async switchover(from, to) {
      const response = await fetch(`http://127.0.0.1:${from.restPort}/switchover`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ leader: from.name, candidate: to.name }),
        signal: AbortSignal.timeout(60_000),
      });
      if (!response.ok) throw new Error(`Patroni refused the switchover (${response.status}): ${await response.text()}`);
    },
    async killMachine(node) {
      const postmaster = postmasterOf(node.dataDir);
      node.killed = true;
      // Patroni's group (its helper processes too) and the postmaster's tree, in the same instant.
      signalGroup(node.patroni.pid, 'SIGKILL');
      await Promise.all([node.patroni.exited, postmaster ? killTree(postmaster) : Promise.resolve()]);
    },
    restartMachine(node) {
      node.patroni = launchPatroni(node.name);
      node.killed = false;
    },
    explain,
    stop,
  };

  // The app's database, created on the primary through HAProxy, as an operator would.
  try {
    await waitFor('HAProxy routes to the primary', async () => {
      await ensureDatabase(cluster.url, database);
      return true;
    }, 30_000, explain);
  } catch (error) {
    await stop();
    throw error;
  }
  return cluster;
}
