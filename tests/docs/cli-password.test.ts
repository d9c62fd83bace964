import { spawn } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { DISCOURAGED_FLAG_WARNING } from '@/scripts/cli-password';
import { useTestApi } from '../support/api-server';
import { signIn, uniqueEmail } from '../support/fixtures';

const api = useTestApi();

/**
 * The operator CLI as the README runs it (`npm run cli`: scripts/cli.ts through tsx), against the test
 * database, with standard input given. Through tsx on purpose: the other tests start the CLI compiled
 * once per run (tests/support/compiled-scripts.ts), so this file is what keeps the documented path run.
 */
function cli(args: string[], options: { stdin?: string; env?: Record<string, string> } = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', ...args], {
      env: { ...process.env, DATABASE_URL: inject('databaseUrl'), DATA_DIR: inject('testDataDir'), COLLECT_PASSWORD: '', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
    child.stdin.end(options.stdin ?? '');
  });
}

describe('the operator CLI takes a new password off the command line', () => {
  it('reads it from standard input (its first line), and the user signs in with it', { timeout: 60_000 }, async () => {
    const email = uniqueEmail('stdin');
    const made = await cli(['merchant:create', '--name', 'Piped Duka', '--email', email], { stdin: 'piped-password-123\nignored second line\n' });
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).not.toContain('--password');
    expect(JSON.parse(made.stdout)).toMatchObject({ user: { email } });
    await expect(signIn(api, email, 'piped-password-123')).resolves.toMatchObject({ accessToken: expect.any(String) });
  });

  it('reads it from COLLECT_PASSWORD, for scripts', { timeout: 60_000 }, async () => {
    const email = uniqueEmail('env');
    const made = await cli(['merchant:create', '--name', 'Env Duka', '--email', email], { env: { COLLECT_PASSWORD: 'env-password-1234' } });
    expect(made.code, made.stderr).toBe(0);
    await expect(signIn(api, email, 'env-password-1234')).resolves.toMatchObject({ accessToken: expect.any(String) });
  });

  it('still takes the discouraged --password flag, with a warning on standard error', { timeout: 60_000 }, async () => {
    const email = uniqueEmail('flag');
    const made = await cli(['merchant:create', '--name', 'Flag Duka', '--email', email, '--password', 'flag-password-123']);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toContain(DISCOURAGED_FLAG_WARNING.trim());
    await expect(signIn(api, email, 'flag-password-123')).resolves.toMatchObject({ accessToken: expect.any(String) });
  });

  it('refuses a short password as a usage mistake (exit code 2), creating nothing', { timeout: 60_000 }, async () => {
    const email = uniqueEmail('short');
    const made = await cli(['merchant:create', '--name', 'Short Duka', '--email', email], { stdin: 'short\n' });
    expect(made.code).toBe(2);
    expect(made.stderr).toContain('The password must be at least 8 characters.');
    expect((await cli(['merchant:show', '--email', email])).code).toBe(1);
  });
});
