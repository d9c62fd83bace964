import { existsSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { DEMO_MERCHANT_NAME, disabled, slotAccounts, throttled, type Account } from './support/accounts';
import { cliInBackground } from './support/cli';
import { compileCli } from './support/compiled-cli';
import { removeStaleDataFolders } from './support/stale-data';

const createUser = (merchantId: string, account: Account, role: string, firstName: string) =>
  cliInBackground(['user:create', '--merchant-id', merchantId, '--email', account.email, '--role', role, '--first-name', firstName, '--last-name', 'Tester'], account.password);

/** Slot 0's merchant is the server's demo merchant; every other worker slot gets one alike (support/accounts.ts). */
async function merchantOfSlot(slot: number): Promise<string> {
  const { demo } = slotAccounts(slot);
  if (slot === 0) {
    const { merchant } = (await cliInBackground(['merchant:show', '--email', demo.email])) as { merchant: { id: string } };
    return merchant.id;
  }
  const { merchant } = (await cliInBackground(
    ['merchant:create', '--name', DEMO_MERCHANT_NAME, '--email', demo.email, '--first-name', 'Demo', '--last-name', 'Merchant'],
    demo.password,
  )) as { merchant: { id: string } };
  return merchant.id;
}

/**
 * The web server is up by now (Playwright starts it before the global setup). The CLI is compiled
 * once for the run (support/compiled-cli.ts); its path reaches the workers through the environment
 * they inherit, and the returned teardown removes it. The commands run side by side: each starts a
 * Node process of its own.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const [compiled] = await Promise.all([compileCli(), removeStaleDataFolders(process.env.COLLECT_E2E_DATA_DIR)]);
  process.env.COLLECT_E2E_CLI = compiled.file;
  const slots = Array.from({ length: Math.max(1, config.workers) }, (_, slot) => slot);
  await Promise.all(
    slots.map(async (slot) => {
      const merchantId = await merchantOfSlot(slot);
      const made = [createUser(merchantId, slotAccounts(slot).support, 'SUPPORT', 'Sam')];
      if (slot === 0) {
        made.push(createUser(merchantId, throttled, 'PLAIN_MERCHANT', 'Tom'));
        made.push(createUser(merchantId, disabled, 'PLAIN_MERCHANT', 'Dee').then(() => cliInBackground(['user:disable', '--email', disabled.email])));
      }
      await Promise.all(made);
    }),
  );
  await gateOpens();
  return compiled.remove;
}

/**
 * Under `npm test` (scripts/test-all.mjs) the suite starts while the unit suite still runs, and its
 * tests must not: the server, the CLI and the merchants are ready now, and the first test waits
 * until that script creates the file COLLECT_E2E_GATE names. Without it (a run of its own), no wait.
 */
async function gateOpens(): Promise<void> {
  const gate = process.env.COLLECT_E2E_GATE;
  if (!gate) return;
  while (!existsSync(gate)) await new Promise((resolve) => setTimeout(resolve, 250));
}
