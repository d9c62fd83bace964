/**
 * npm run bench: load on loopback only, bounded in time. The server runs in a child process so
 * that the load generator (autocannon, this process) and the server each have a core.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(name: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  // A short warm-up fills caches and JIT-compiles both servers alike.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_SECONDS });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function startTarget(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'target-server.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<{ apiPort: number; barePort: number; accessToken: string; merchantId: string }>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`bench target exited early (${code})`)));
    lines.on('line', (line) => {
      if (line.startsWith('{"apiPort"')) resolve(JSON.parse(line));
    });
  });
  return { ...ready, stop: () => new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGINT'); }) };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'collect-bench-'));
await chmod(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
const target = await startTarget(dataDir);
try {
  const bare = await load('bare Hono, one primary-key SELECT', `http://127.0.0.1:${target.barePort}/merchant/${target.merchantId}`);
  const me = await load('GET /api/v1/auth/me (valid token)', `http://127.0.0.1:${target.apiPort}/api/v1/auth/me`, {
    authorization: `Bearer ${target.accessToken}`,
  });
  const rows = [bare, me];
  console.log(`\n${CONNECTIONS} connections, ${DURATION_SECONDS} s each, loopback, ${os.cpus().length} cores\n`);
  console.log('| scenario | requests/s | p50 ms | p99 ms | errors | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(`| ${row.name} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.non2xx} |`);
  }
  console.log(`\nratio /auth/me ÷ bare: ${(me.requestsPerSecond / bare.requestsPerSecond).toFixed(2)} (target ≥ 0.50)`);
  if (me.non2xx > 0 || me.errors > 0) process.exitCode = 1;
} finally {
  await target.stop();
  await rm(dataDir, { recursive: true, force: true });
}
