import { expect, type BrowserContext, type Page } from '@playwright/test';
import type { Account } from './accounts';

export async function signIn(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signInFromLogin(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  await signIn(page, account);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/** The portal's session cookie (its name carries a __Secure- prefix only behind https). */
export async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name.endsWith('collect.session'));
}

export function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}
