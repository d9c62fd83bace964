/**
 * The backup drill (docs/operations.md, "Backups and point-in-time restore"), end to end on Debian's
 * PostgreSQL 15: a primary archiving its WAL (archive_command), a base backup (backup-base.sh), payments
 * of one merchant, a named restore point, payments of another, then a restore into a new data folder
 * up to that point (backup-restore.sh), started and checked: exactly the first merchant's payments,
 * none of the second's, and `ledger:check` clean. tests/ha/pitr.test.ts runs it small; run it large
 * for the figures in docs/scaling.md:
 *
 *   node --import tsx scripts/ha/backup-drill.ts 1000000 2000   # seeded rows, payments ingested
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { seedPayments } from '@/bench/seed-payments';
import { ingestPayment } from '@/lib/payments/ingest';
import { config, parseConfig, setConfig } from '@/lib/platform/config';
import { openDatabase } from '@/lib/platform/database';
import { withLongStatements } from '@/lib/platform/db';
import { createMerchant } from '@/lib/merchants/operations';
import { clusterFolder, launchCluster, postgresUser, startCluster, type Cluster } from '@/tests/ha/support/cluster';
import { one, ownedEmptyFolder } from '@/tests/ha/support/standby';

const root = path.resolve(import.meta.dirname, '../..');

export interface DrillResult {
  /** Payments of the merchant paid before the restore point, as the restored server has them. */
  restoredBefore: number;
  /** The seeded rows the restored server has (all of them, when seededRows was given). */
  restoredSeeded: number;
  /** Payments of the merchant paid after it (0 when the restore stopped where it should), and whether that merchant exists. */
  restoredAfter: number;
  afterMerchantExists: boolean;
  ledgerCheck: { exitCode: number; report: { ok: boolean } & Record<string, unknown> };
  /** Seconds: seeding, the base backup, the restore script (extract + verify), and the start up to promotion (WAL replay). */
  seconds: { seed: number; baseBackup: number; restoreFiles: number; replayAndPromote: number; restoreTotal: number };
  walArchivedMiB: number;
  baseBackupMiB: number;
  /** WAL written by the ingested payments, and by the seeded rows (MiB). */
  walIngestedMiB: number;
  walSeededMiB: number;
}

/** Runs a command (as the postgres OS user when we are root, unless asCaller), with the cluster's password. */
function run(cluster: Cluster, command: string, args: string[], env: Record<string, string> = {}, asCaller = false): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, PGPASSWORD: cluster.password, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(cluster.user && !asCaller ? { uid: cluster.user.uid, gid: cluster.user.gid } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

async function must(cluster: Cluster, command: string, args: string[]): Promise<string> {
  const result = await run(cluster, command, args);
  if (result.code !== 0) throw new Error(`${path.basename(command)} failed (${result.code}):\n${result.stderr}${result.stdout}`);
  return result.stdout.trim().split('\n').pop()!;
}

const folderMiB = (folder: string): number =>
  fs.readdirSync(folder, { recursive: true, withFileTypes: true }).reduce((sum, entry) => (entry.isFile() ? sum + fs.statSync(path.join(entry.parentPath, entry.name)).size : sum), 0) / 2 ** 20;

const since = (started: number) => Math.round((performance.now() - started) / 100) / 10;

/** The payments counted per merchant on a server. */
async function paymentsOf(url: string, merchantId: string): Promise<number> {
  return (await one<{ count: number }>(url, 'select count(*)::int as count from payments where merchant_id = $1', [merchantId])).count;
}

export interface DrillOptions {
  /** Payments recorded as a rail's confirmations are (ingestPayment: ledger entries, events, totals) before the restore point. */
  payments: number;
  /** …and after it, for another merchant: none of them may come back. */
  paymentsAfter?: number;
  /**
   * Extra payment rows made set-based by the bench seeder (bench/seed-payments.ts), before the point, for
   * a size figure: they carry no ledger entries or events, so ledger:check reports them (seconds only).
   */
  seededRows?: number;
  /** Restore to a named restore point (pg_create_restore_point, the default) or to a timestamp (recovery_target_time). */
  target?: 'name' | 'time';
  log?: (line: string) => void;
}

/** Rail confirmations into an account, `concurrency` at a time, as Daraja delivers them: group-committed in batches. */
async function ingest(account: { accountNumber: string; currency: string }, count: number, prefix: string, concurrency = 32): Promise<void> {
  // Receipts of this run only: the process remembers receipts it has recorded (a redelivery is a duplicate), drill after drill.
  const run = Math.random().toString(36).slice(2, 5).toUpperCase().padEnd(3, '0');
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) {
      const outcome = await ingestPayment(
        {
          rail: 'MPESA',
          channel: 'MOBILE_MONEY',
          providerReference: `${prefix}${run}${index.toString(36).toUpperCase().padStart(6, '0')}`,
          accountReference: account.accountNumber,
          amount: String(10 + (index % 4990)),
          currency: account.currency,
          payerName: 'Achieng Otieno',
          payerPhone: '254712345678',
          receivedAt: new Date(),
        },
        { strict: false },
      );
      if (outcome.outcome !== 'recorded' || outcome.duplicate) throw new Error(`payment ${index} was not recorded anew: ${outcome.outcome}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

const walPosition = async (url: string) => (await one<{ lsn: string }>(url, 'select pg_current_wal_lsn()::text as lsn')).lsn;
const walMiBBetween = async (url: string, from: string) =>
  (await one<{ mib: number }>(url, 'select round(pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn) / 1048576.0, 1)::float as mib', [from])).mib;

export async function runDrill(options: DrillOptions): Promise<DrillResult> {
  const log = options.log ?? (() => undefined);
  const backups = clusterFolder('pitr-backups');
  let primary: Cluster | undefined;
  let restored: Cluster | undefined;
  let close: (() => Promise<void>) | undefined;
  try {
    const owner = { user: await postgresUser() };
    const archive = ownedEmptyFolder(owner, path.join(backups, 'wal'));
    const baseRoot = ownedEmptyFolder(owner, path.join(backups, 'base'));
    // The archive_command of docs/operations.md: never overwrite a segment already archived.
    primary = await startCluster({
      name: 'pitr-primary',
      settings: { archive_mode: 'on', archive_command: `'test ! -f ${archive}/%f && cp %p ${archive}/%f'`, max_wal_size: "'4GB'" },
    });
    setConfig(parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(backups, 'unused'), DATABASE_URL: primary.url }));
    const database = await openDatabase(config());
    close = () => database.close();

    // 1. The nightly base backup, before the day's payments: the restore replays them from the archive.
    let started = performance.now();
    const base = await must(primary, 'bash', [path.join(root, 'scripts/ha/backup-base.sh'), `host=127.0.0.1 port=${primary.port} user=postgres`, baseRoot]);
    const baseBackup = since(started);
    log(`base backup ${base} in ${baseBackup} s`);

    // 2. The day: one merchant's payments, the restore point, then another merchant's.
    started = performance.now();
    const before = await createMerchant({ name: 'Paid Before Ltd', email: `before-${Date.now()}@drill.example`, password: 'correct-horse-battery' });
    let position = await walPosition(primary.url);
    await ingest(before.virtualAccount, options.payments, 'Q');
    const walIngestedMiB = await walMiBBetween(primary.url, position);
    let walSeededMiB = 0;
    let seededMerchant: string | undefined;
    if (options.seededRows) {
      const seeded = await createMerchant({ name: 'Seeded Ltd', email: `seeded-${Date.now()}@drill.example`, password: 'correct-horse-battery' });
      seededMerchant = seeded.merchant.id;
      position = await walPosition(primary.url);
      // Long by nature: 100,000 rows a statement, beyond the request path's statement timeout.
      await withLongStatements(() => seedPayments(seeded.merchant.id, [{ id: seeded.virtualAccount.id, accountNumber: seeded.virtualAccount.accountNumber }], options.seededRows!, 100_000));
      walSeededMiB = await walMiBBetween(primary.url, position);
    }
    const seed = since(started);
    log(`${options.payments} payments ingested (${walIngestedMiB} MiB of WAL), ${options.seededRows ?? 0} rows seeded (${walSeededMiB} MiB) in ${seed} s`);
    // The point: a named restore point, or the time now (commits after it are not restored), a moment before the next payment.
    let targetArgs = ['--name', 'collect-drill'];
    if (options.target === 'time') {
      const { at } = await one<{ at: string }>(primary.url, "select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' as at");
      targetArgs = ['--time', at];
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } else {
      await one(primary.url, "select pg_create_restore_point('collect-drill')");
    }
    const after = await createMerchant({ name: 'Paid After Ltd', email: `after-${Date.now()}@drill.example`, password: 'correct-horse-battery' });
    await ingest(after.virtualAccount, options.paymentsAfter ?? 100, 'S');
    // The restore point's segment reaches the archive only once it is complete: closed now, then waited for.
    const { segment } = await one<{ segment: string }>(primary.url, 'select pg_walfile_name(pg_switch_wal()) as segment');
    const deadline = Date.now() + 120_000;
    while (!fs.existsSync(path.join(archive, segment))) {
      if (Date.now() > deadline) throw new Error(`WAL segment ${segment} was not archived within 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await close();
    close = undefined;

    // 3. The restore, into a new data folder, up to the restore point; started; promoted.
    const restoreFolder = clusterFolder('pitr-restored');
    const dataDir = path.join(restoreFolder, 'data');
    ownedEmptyFolder(owner, dataDir);
    started = performance.now();
    await must(primary, 'bash', [path.join(root, 'scripts/ha/backup-restore.sh'), base, archive, dataDir, ...targetArgs]);
    const restoreFiles = since(started);
    const replayStarted = performance.now();
    restored = await launchCluster({ folder: restoreFolder, dataDir, password: primary.password, user: owner.user });
    const restoredUrl = restored.url.replace(/\/[^/]*$/, '/collect');
    const promoteDeadline = Date.now() + 3_600_000;
    while ((await one<{ recovering: boolean }>(restoredUrl, 'select pg_is_in_recovery() as recovering')).recovering) {
      if (Date.now() > promoteDeadline) throw new Error('the restored server did not finish recovery within an hour');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const replayAndPromote = since(replayStarted);
    log(fs.readFileSync(path.join(restoreFolder, 'postgres.log'), 'utf8').split('\n').filter((line) => /recovery stopping|target|consistent/.test(line)).join('\n'));
    log(`primary has ${await paymentsOf(primary.url, before.merchant.id)} payments of the first merchant; target ${targetArgs.join(' ')}`);
    log(`restored: files in ${restoreFiles} s, WAL replayed and promoted in ${replayAndPromote} s`);

    // 4. The checks: exactly the payments up to the point, and the ledger's invariants.
    const restoredBefore = await paymentsOf(restoredUrl, before.merchant.id);
    const restoredSeeded = seededMerchant ? await paymentsOf(restoredUrl, seededMerchant) : 0;
    const restoredAfter = await paymentsOf(restoredUrl, after.merchant.id);
    const afterMerchantExists = (await one<{ count: number }>(restoredUrl, 'select count(*)::int as count from merchants where id = $1', [after.merchant.id])).count > 0;
    const check = await run(primary, process.execPath, ['--import', 'tsx', 'scripts/cli.ts', 'ledger:check'], {
      DATABASE_URL: restoredUrl,
      LOG_LEVEL: 'silent',
    }, true);
    const ledgerCheck = { exitCode: check.code, report: JSON.parse(check.stdout.slice(check.stdout.indexOf('{'))) as DrillResult['ledgerCheck']['report'] };
    return {
      restoredBefore,
      restoredSeeded,
      walIngestedMiB,
      walSeededMiB,
      restoredAfter,
      afterMerchantExists,
      ledgerCheck,
      seconds: { seed, baseBackup, restoreFiles, replayAndPromote, restoreTotal: Math.round((restoreFiles + replayAndPromote) * 10) / 10 },
      walArchivedMiB: Math.round(folderMiB(archive)),
      baseBackupMiB: Math.round(folderMiB(base)),
    };
  } finally {
    await close?.();
    await restored?.stop();
    await primary?.stop();
    fs.rmSync(backups, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  // node --import tsx scripts/ha/backup-drill.ts [seededRows=1000000] [ingestedPayments=2000]
  const seededRows = Number(process.argv[2] ?? 1_000_000);
  const payments = Number(process.argv[3] ?? 2_000);
  runDrill({ payments, seededRows, log: (line) => console.error(line) })
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
