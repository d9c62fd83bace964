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

/**
 * Signs in without the login form, for the tests about something else. It posts to next-auth's
 * Credentials callback, which signs in through the same `passwordSignIn` as the form's server
 * action and sets the same session cookie, with the page's own request client, whose cookies are
 * the browser context's. The page stays where it was (blank, usually): the test's first `goto` is
 * its first render. The form's way rendered /login and then the overview, about two seconds a test;
 * the tests about signing in (e2e/auth.spec.ts, the invitation and reset flows) keep using it.
 */
export async function signInWithoutTheForm(page: Page, account: Account): Promise<void> {
  const csrf = await page.request.get('/api/auth/csrf');
  expect(csrf.status(), await csrf.text()).toBe(200);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const answer = await page.request.post('/api/auth/callback/credentials', {
    form: { csrfToken, email: account.email, password: account.password, json: 'true' },
    maxRedirects: 0,
  });
  expect(answer.status(), await answer.text()).toBe(200);
  // A refused sign-in is a 200 too, sending the browser back to /login?error=<reason>.
  const { url } = (await answer.json()) as { url: string };
  expect(url, `signing in as ${account.email}`).not.toContain('error=');
  expect(await sessionCookie(page.context()), `a session cookie for ${account.email}`).toBeDefined();
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
