import type { FullConfig } from '@playwright/test';
import { DEMO_MERCHANT_NAME, disabled, slotAccounts, throttled, type Account } from './support/accounts';
import { cliInBackground } from './support/cli';

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
 * The web server is up by now (Playwright starts it before the global setup). The commands run side
 * by side: each starts a Node process of its own.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
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
}
