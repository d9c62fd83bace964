import { expect, type BrowserContext, type Page } from '@playwright/test';
import type { Account } from './accounts';

/** Submits the login form and waits for the server action's answer. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/login',
  );
  await page.getByRole('button', { name: 'Sign in' }).click();
  await answered;
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
