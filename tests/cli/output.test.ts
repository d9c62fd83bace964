import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { compiledEntry } from '../support/compiled-scripts';

/** Runs the operator CLI with standard output and standard error as pipes, as `… | jq` would. */
function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [compiledEntry('scripts/cli.ts'), ...args], {
      env: { ...process.env, DATABASE_URL: inject('databaseUrl'), DATA_DIR: inject('testDataDir'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') }));
  });
}

const ROWS = 200;
const batch = `cli-pipe-${randomUUID().slice(0, 8)}`;

describe('operator CLI output', () => {
  let client: pg.Client;

  beforeAll(async () => {
    client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    // Unassigned suspense (no merchant), dated long ago so that other tests' newer rows list first.
    // Each row prints about 1.6 KB: the whole list is several times a pipe's 64 KiB buffer.
    await client.query(
      `insert into suspense_payments (rail, provider_reference, account_number, amount, amount_text, currency, reason, detail, payload, received_at, created_at)
       select 'BANK', $1 || '-' || n, '0000000000', 10.00, '10.00', 'KES', 'UNKNOWN_ACCOUNT', 'No account has this number.',
              jsonb_build_object('channel', 'INSTANT_BANK', 'narration', repeat('n', 1200)),
              timestamptz '2001-01-01' + n * interval '1 second', timestamptz '2001-01-01' + n * interval '1 second'
       from generate_series(1, $2::int) as n`,
      [batch, ROWS],
    );
    // Each reference claimed, as the service claims it (migration 0019), so ledger:check holds meanwhile.
    await client.query(`insert into rail_references (rail, provider_reference) select rail, provider_reference from suspense_payments where provider_reference like $1`, [`${batch}-%`]);
  });

  afterAll(async () => {
    await client.query('delete from suspense_payments where provider_reference like $1', [`${batch}-%`]);
    await client.query(`delete from rail_references where rail = 'BANK' and provider_reference like $1`, [`${batch}-%`]);
    await client.end();
  });

  it('writes a JSON answer far larger than a pipe buffer whole, then exits', async () => {
    const { code, stdout } = await runCli(['suspense:list', '--limit', '1000'], { LOG_LEVEL: 'silent' });
    expect(code).toBe(0);
    expect(Buffer.byteLength(stdout)).toBeGreaterThan(2 * 65_536);
    const rows = JSON.parse(stdout) as { providerReference: string }[];
    const ours = rows.filter((row) => row.providerReference.startsWith(`${batch}-`));
    expect(new Set(ours.map((row) => row.providerReference)).size).toBe(ROWS);
  }, 60_000);

  it('prints only the JSON answer on standard output; its log lines go to standard error', async () => {
    const { code, stdout, stderr } = await runCli(['suspense:list', '--limit', '1000'], { LOG_LEVEL: 'info' });
    expect(code).toBe(0);
    expect(() => JSON.parse(stdout)).not.toThrow();
    const logLines = stderr.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { msg: string; command?: string });
    expect(logLines).toContainEqual(expect.objectContaining({ msg: 'operator command finished', command: 'suspense:list' }));
    expect(stdout).not.toContain('operator command finished');
  }, 60_000);

  it('says a usage mistake on standard error and prints nothing on standard output', async () => {
    const { code, stdout, stderr } = await runCli(['suspense:list', '--limit', 'many'], { LOG_LEVEL: 'info' });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('--limit');
  }, 60_000);
});
