import { demo, disabled, support, throttled } from './support/accounts';
import { cli, cliWithPassword } from './support/cli';

/** The web server is up by now (Playwright starts it before the global setup). */
export default async function globalSetup(): Promise<void> {
  const { merchant } = cli('merchant:show', '--email', demo.email) as { merchant: { id: string } };
  const createUser = (account: { email: string; password: string }, role: string, firstName: string) =>
    cliWithPassword(account.password, 'user:create', '--merchant-id', merchant.id, '--email', account.email,
      '--role', role, '--first-name', firstName, '--last-name', 'Tester');

  createUser(support, 'SUPPORT', 'Sam');
  createUser(throttled, 'PLAIN_MERCHANT', 'Tom');
  createUser(disabled, 'PLAIN_MERCHANT', 'Dee');
  cli('user:disable', '--email', disabled.email);
}
