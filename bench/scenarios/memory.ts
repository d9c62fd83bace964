import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { load, table, type Figures } from '../load';
import { freePort, signIn, waitForPage } from '../portal-session';

/**
 * `npm run bench -- memory`: the memory of the whole process tree an operator starts, idle after
 * start (a minute of it, sampled every 2 s, so that the minute's scheduled sweeps are in it) and
 * idle again after a portal benchmark (signed-in pages under load), and the time from the start
 * command to the first page. A fresh data folder: the embedded PostgreSQL is part of
 * the tree. BENCH_MEMORY_START chooses the command: `npm` (`npm start`, the default), `node`
 * (`node dist/server.mjs`, without npm's wrapper) or `tsx` (`node --import tsx server.ts`, as
 * before issue 17 and as the e2e suite still starts it).
 */
const COMMANDS: Record<string, string[]> = {
  npm: ['npm', 'start', '--silent'],
  node: [process.execPath, '--expose-gc', 'dist/server.mjs'],
  tsx: [process.execPath, '--import', 'tsx', 'server.ts'],
};
const PAGES = ['/', '/payments', '/bills', '/customers', '/accounts', '/webhooks'];
const SETTLE_MS = 10_000;
/**
 * After the load, idle is measured from 12 s: the database connections the burst opened close
 * after 10 s idle (lib/platform/db), and the server gives its heap back 7.5 s after the last
 * request (lib/platform/idle-memory.ts). The tree 2 s after the load is shown too, as it was then.
 */
const AFTER_LOAD_MS = 12_000;
const RIGHT_AFTER_MS = 2_000;
const LATER_MS = 60_000;
/** Idle is watched for a minute, a sample every 2 s: the scheduled sweeps tick once a minute. */
const WATCH_MS = 60_000;
const SAMPLE_EVERY_MS = 2_000;
const DEMO_EMAIL = 'demo@example.com';
const DEMO_PASSWORD = 'bench-demo-password';

interface Member {
  pid: number;
  name: string;
  rssKiB: number;
  pssKiB: number;
}

/** Every live process whose parent chain reaches `root`, with its resident (RSS) and proportional (PSS) memory. */
function processTree(root: number): Member[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid: number): boolean => {
    for (let current = pid; current > 1; current = parents.get(current) ?? 0) if (current === root) return true;
    return false;
  };
  const members: Member[] = [];
  for (const pid of parents.keys()) {
    if (!inTree(pid)) continue;
    try {
      const field = (text: string, name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const name = command[0]?.includes('postgres') ? `postgres ${command.slice(1).join(' ').slice(0, 40)}` : command.map((part) => path.basename(part)).join(' ').slice(0, 60);
      members.push({ pid, name, rssKiB: field(status, 'VmRSS'), pssKiB: field(rollup, 'Pss') });
    } catch {
      // gone meanwhile
    }
  }
  return members;
}

const mib = (kib: number) => (kib / 1024).toFixed(0);
const totals = (members: Member[]) => members.reduce((sum, member) => ({ rss: sum.rss + member.rssKiB, pss: sum.pss + member.pssKiB }), { rss: 0, pss: 0 });

/** The tree grouped by kind (node, npm, postgres, esbuild…), summed: RSS counts shared pages in each process, PSS shares them out. */
function report(title: string, members: Member[]): string {
  const kinds = new Map<string, { count: number; rss: number; pss: number }>();
  for (const member of members) {
    const kind = member.name.startsWith('postgres') ? 'postgres' : /esbuild/.test(member.name) ? 'esbuild (tsx)' : /npm/.test(member.name) ? 'npm' : /^(sh|bash)\b/.test(member.name) ? 'sh' : 'node (server)';
    const sum = kinds.get(kind) ?? { count: 0, rss: 0, pss: 0 };
    kinds.set(kind, { count: sum.count + 1, rss: sum.rss + member.rssKiB, pss: sum.pss + member.pssKiB });
  }
  const total = totals(members);
  return [
    `\n### ${title}\n`,
    '| processes | count | RSS MiB | PSS MiB |',
    '|---|---:|---:|---:|',
    ...[...kinds].map(([kind, sum]) => `| ${kind} | ${sum.count} | ${mib(sum.rss)} | ${mib(sum.pss)} |`),
    `| **whole tree** | ${members.length} | **${mib(total.rss)}** | **${mib(total.pss)}** |`,
  ].join('\n');
}

/** Samples the tree every 2 s for `ms`; returns every sample. */
async function watch(root: number, ms: number): Promise<Member[][]> {
  const samples: Member[][] = [];
  for (const until = Date.now() + ms; Date.now() < until; ) {
    samples.push(processTree(root));
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
  }
  return samples;
}

/** The sample of median RSS, and a line with the spread over the window (the minute's sweep shows as the maximum). */
function spread(title: string, samples: Member[][]): string {
  const sorted = [...samples].sort((a, b) => totals(a).rss - totals(b).rss);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const rss = sorted.map((sample) => totals(sample).rss);
  const pss = samples.map((sample) => totals(sample).pss).sort((a, b) => a - b);
  return [
    report(`${title}: the median sample of ${samples.length}, one every ${SAMPLE_EVERY_MS / 1000} s`, median),
    `
Whole tree over the ${(samples.length * SAMPLE_EVERY_MS) / 1000} s: RSS min ${mib(rss[0]!)}, median ${mib(rss[Math.floor(rss.length / 2)]!)}, max **${mib(rss.at(-1)!)}** MiB; PSS median ${mib(pss[Math.floor(pss.length / 2)]!)}, max ${mib(pss.at(-1)!)} MiB`,
  ].join('\n');
}

export async function memoryScenario(): Promise<string> {
  const how = process.env.BENCH_MEMORY_START ?? 'npm';
  const command = COMMANDS[how];
  if (!command) throw new Error(`BENCH_MEMORY_START must be one of ${Object.keys(COMMANDS).join(', ')}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'collect-memory-'));
  await chmod(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // BENCH_APP_DIR: run a copy of the tree, as the portal scenario does (its start rebuilds the portal).
  const root = process.env.BENCH_APP_DIR ?? path.resolve(import.meta.dirname, '../..');
  const started = Date.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    detached: true, // its own process group: stopped as a whole at the end
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_PASSWORD, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
  });
  try {
    await waitForPage(`${origin}/login`, 300_000);
    const firstPage = Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const idle = await watch(child.pid!, WATCH_MS);

    const cookie = await signIn(origin, DEMO_EMAIL, DEMO_PASSWORD);
    const figures: Figures[] = [];
    for (const page of PAGES) figures.push(await load(`GET ${page} (signed in)`, `${origin}${page}`, { cookie }, 8));
    await new Promise((resolve) => setTimeout(resolve, RIGHT_AFTER_MS));
    const rightAfter = processTree(child.pid!);
    await new Promise((resolve) => setTimeout(resolve, AFTER_LOAD_MS - RIGHT_AFTER_MS));
    const afterLoad = processTree(child.pid!);
    // And on until a minute after the load, sweeps included.
    const later = await watch(child.pid!, LATER_MS - AFTER_LOAD_MS);

    return [
      `\nStarted with \`${command.map((part) => path.basename(part)).join(' ')}\` on a fresh data folder: first page (GET /login → 200) after **${(firstPage / 1000).toFixed(1)} s**`,
      spread(`Idle, from ${SETTLE_MS / 1000} s after the first page for a minute`, idle),
      table('Portal benchmark (8 connections, signed in)', figures),
      report(`${RIGHT_AFTER_MS / 1000} s after the portal benchmark (its connections still open)`, rightAfter),
      report(`Idle, ${AFTER_LOAD_MS / 1000} s after the portal benchmark`, afterLoad),
      spread(`Idle, from ${AFTER_LOAD_MS / 1000} to ${LATER_MS / 1000} s after the portal benchmark`, later),
      '\ntargets: whole tree ≤ 300 MiB idle after start, ≤ 450 MiB after the portal benchmark; first page within 20 s after install',
    ].join('\n');
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    await rm(dataDir, { recursive: true, force: true });
  }
}
