import { expect, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { serviceAs } from './service';

type Playwright = PlaywrightWorkerArgs['playwright'];

export interface SimulatedPayment {
  id: string;
  providerReference: string;
  amount: number;
  accountNumber: string;
  matchStatus: string;
}

/** A fresh M-Pesa-like receipt: ten capitals and digits, as payers read them off their SMS. */
export function receipt(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return `T${Array.from({ length: 9 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('')}`;
}

/** A payment arriving through the sandbox, as M-Pesa or the bank would deliver it. */
export function simulatePayment(
  playwright: Playwright,
  payment: { accountNumber: string; amount: number; channel?: 'MOBILE_MONEY' | 'INSTANT_BANK' | 'RTGS'; providerReference?: string; payerName?: string; payerPhone?: string },
) {
  return serviceAs(playwright, async (api) => {
    const answer = await api.post('/api/v1/merchants/me/sandbox/inbound-payments', { data: { channel: 'MOBILE_MONEY', ...payment } });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as SimulatedPayment;
  });
}

/** Amounts as the portal shows them ("KES 1,350.49") in exact cents, to add them up without floating point. */
export function cents(shown: string): bigint {
  const match = shown.match(/(-?)([\d,]+)\.(\d{2})/);
  if (!match) throw new Error(`Not an amount: ${shown}`);
  const value = BigInt(match[2]!.replace(/,/g, '')) * 100n + BigInt(match[3]!);
  return match[1] ? -value : value;
}

/** The value shown for a term of a details list. */
export const detail = (page: Page, term: string) => page.locator(`dt:text-is("${term}") + dd`);
