import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sleep } from '@/lib/platform/postgres/processes';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** What bench/target-server.ts prints once it serves: its API port, a merchant of its own and a token for it. */
export interface AppInstance {
  pid: number;
  /** http://127.0.0.1:<port>/api/v1 */
  baseUrl: string;
  merchantId: string;
  email: string;
  accessToken: string;
  mpesaToken: string;
  /** What it wrote besides its ready line (warnings, errors). */
  output(): string;
  /** SIGINT (it stops its worker and pool), SIGKILL to its process group after 15 s. Idempotent. */
  stop(): Promise<void>;
}

/**
 * One instance of the app as a process of its own: bench/target-server.ts, the real /api/v1 app and
 * job worker that `npm start` serves (without the portal), configured only by its environment. It
 * applies the migrations (once across instances: an advisory lock) and makes a merchant before it
 * prints its line.
 */
export async function startAppInstance(options: { folder: string; environment: Record<string, string> }): Promise<AppInstance> {
  const dataDir = fs.mkdtempSync(path.join(options.folder, 'app-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/target-server.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...options.environment },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const killGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const ready = await new Promise<{ apiPort: number; merchantId: string; email: string; accessToken: string; mpesaToken: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start within 180 s:\n${output}`)), 180_000);
    void exited.then(() => reject(new Error(`the app exited during start-up (${child.exitCode}):\n${output}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('{"apiPort"')) return void (output += `${line}\n`);
      clearTimeout(timer);
      resolve(JSON.parse(line));
    });
  }).catch(async (error: unknown) => {
    killGroup();
    await exited;
    throw error;
  });

  let stopping: Promise<void> | undefined;
  return {
    pid: child.pid!,
    baseUrl: `http://127.0.0.1:${ready.apiPort}/api/v1`,
    merchantId: ready.merchantId,
    email: ready.email,
    accessToken: ready.accessToken,
    mpesaToken: ready.mpesaToken,
    output: () => output,
    stop: () =>
      (stopping ??= (async () => {
        if (running()) {
          child.kill('SIGINT');
          const deadline = Date.now() + 15_000;
          while (running() && Date.now() < deadline) await sleep(50);
          if (running()) killGroup();
          await exited;
        }
      })()),
  };
}
