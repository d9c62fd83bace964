import { serverEnvironment } from './environment';

export interface Account {
  email: string;
  password: string;
}

export const DEMO_MERCHANT_NAME = 'Demo Duka Ltd';
export const DEMO_USER_NAME = 'Demo Merchant';

/**
 * Spec files run on several workers at once, each worker's files one after another. Each worker
 * slot (Playwright's TEST_PARALLEL_INDEX, 0 … workers − 1, kept by a worker started again after a
 * failure) works as a merchant of its own, so that files running at the same time never see each
 * other's bills, payments, prompts or settings. Slot 0 is the demo merchant the server makes on its
 * empty database; the global setup makes one alike for every other slot (the same names, its own
 * emails). In the runner (the global setup) the slot is undefined: 0.
 */
export const WORKER_SLOT = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** demo@example.com in slot 0, demo-w1@example.com in slot 1, … */
function inSlot(email: string, slot: number): string {
  return slot === 0 ? email : email.replace('@', `-w${slot}@`);
}

/** The accounts each slot's merchant has: its administrator (the demo user) and a read-only support user. */
export function slotAccounts(slot: number): { demo: Account; support: Account } {
  return {
    demo: { email: inSlot('demo@example.com', slot), password: serverEnvironment.DEMO_PASSWORD! },
    support: { email: inSlot('support@example.com', slot), password: 'support-password-123' },
  };
}

/** This worker's merchant: its administrator, made by the server (slot 0) or the global setup. */
export const demo: Account = slotAccounts(WORKER_SLOT).demo;
/** This worker's merchant's support user, made by the global setup. */
export const support: Account = slotAccounts(WORKER_SLOT).support;

/**
 * Made by the global setup in slot 0's merchant; only e2e/auth.spec.ts signs in as them (one file,
 * so one worker at a time).
 */
export const disabled: Account = { email: 'disabled@example.com', password: 'disabled-password-123' };
/** Only the throttling test signs in wrongly as this one, so its failures count alone. */
export const throttled: Account = { email: 'throttled@example.com', password: 'throttled-password-123' };
