import { execFileSync } from 'node:child_process';
import { demo, disabled, support, throttled } from './support/accounts';
import { serverEnvironment } from './support/environment';

/** Runs the operator CLI against the test server's database and returns what it printed. */
function cli(...args: string[]): Record<string, unknown> {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', ...args], {
    env: { ...process.env, ...serverEnvironment },
    encoding: 'utf8',
  });
  // The JSON answer is the last thing printed; anything before it is log lines.
  const start = output.lastIndexOf('\n{\n') + 1;
  return JSON.parse(output.slice(start)) as Record<string, unknown>;
}

/** The web server is up by now (Playwright starts it before the global setup). */
export default async function globalSetup(): Promise<void> {
  const { merchant } = cli('merchant:show', '--email', demo.email) as { merchant: { id: string } };
  const createUser = (account: { email: string; password: string }, role: string, firstName: string) =>
    cli('user:create', '--merchant-id', merchant.id, '--email', account.email, '--password', account.password,
      '--role', role, '--first-name', firstName, '--last-name', 'Tester');

  createUser(support, 'SUPPORT', 'Sam');
  createUser(throttled, 'PLAIN_MERCHANT', 'Tom');
  createUser(disabled, 'PLAIN_MERCHANT', 'Dee');
  cli('user:disable', '--email', disabled.email);
}
