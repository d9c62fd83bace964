import { spawn, execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import pg from 'pg';
import { signalGroup } from './patroni-processes';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** What bench/target-server.ts prints once it serves: its API port and a merchant of its own. */
export interface AppProcess {
  pid: number;
  baseUrl: string;
  merchantId: string;
  /** The merchant's virtual account number: what payers put in BillRefNumber / the bank's accountNumber. */
  accountNumber: string;
  mpesaToken: string;
  output(): string;
  /** Still running: the app survived the failover without a restart. */
  running(): boolean;
  stop(): Promise<void>;
}

/**
 * The app as a process of its own (bench/target-server.ts: the real /api/v1 app and the job worker,
 * what `npm start` serves without the portal), given only DATABASE_URL, as an operator points every
 * instance at HAProxy. It migrates the database and makes a merchant before it prints its line.
 */
export async function startAppProcess(options: { databaseUrl: string; folder: string; environment?: Record<string, string> }): Promise<AppProcess> {
  const dataDir = path.join(options.folder, 'app');
  fs.mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/target-server.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/root',
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...options.environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const lines = createInterface({ input: child.stdout! });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<{ apiPort: number; merchantId: string; mpesaToken: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start within 120 s:\n${output}`)), 120_000);
    void exited.then(() => reject(new Error(`the app exited during start-up (${child.exitCode}):\n${output}`)));
    lines.on('line', (line) => {
      if (!line.startsWith('{"apiPort"')) return void (output += `${line}\n`);
      clearTimeout(timer);
      resolve(JSON.parse(line));
    });
  }).catch(async (error: unknown) => {
    signalGroup(child.pid!, 'SIGKILL');
    await exited;
    throw error;
  });

  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ account_number: string }>('select account_number from virtual_accounts where merchant_id = $1 limit 1', [ready.merchantId]);
  await client.end();

  return {
    pid: child.pid!,
    baseUrl: `http://127.0.0.1:${ready.apiPort}/api/v1`,
    merchantId: ready.merchantId,
    accountNumber: rows[0]!.account_number,
    mpesaToken: ready.mpesaToken,
    output: () => output,
    running: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      signalGroup(child.pid!, 'SIGINT'); // target-server stops its worker and pool on SIGINT
      const done = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 15_000))]);
      if (!done) signalGroup(child.pid!, 'SIGKILL');
      await exited;
    },
  };
}

/** `npm run cli -- ledger:check` as an operator runs it after a failover: exit code 0 and the report. */
export async function ledgerCheck(databaseUrl: string): Promise<{ exitCode: number; report: string }> {
  const run = promisify(execFile);
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', 'ledger:check'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', NODE_ENV: 'production', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      timeout: 120_000,
    });
    return { exitCode: 0, report: stdout };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { exitCode: typeof failure.code === 'number' ? failure.code : 1, report: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}
