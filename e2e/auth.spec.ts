import { expect, test } from '@playwright/test';
import { demo, DEMO_MERCHANT_NAME, DEMO_USER_NAME, disabled, support, throttled } from './support/accounts';
import { ACCESS_TOKEN_TTL_SECONDS } from './support/environment';
import { mainNav, sessionCookie, signIn, signInFromLogin } from './support/portal';

test.describe('signing in', () => {
  test('a merchant signs in and sees the portal with their name and their merchant', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, demo);

    await expect(page).toHaveURL(/\/$/);
    const banner = page.getByRole('banner');
    await expect(banner).toContainText(DEMO_MERCHANT_NAME);
    await expect(banner).toContainText(DEMO_USER_NAME);
    await expect(banner.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Demo');
    await expect(mainNav(page).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    for (const section of ['Accounts', 'Bills', 'Customers', 'Payments', 'Webhooks']) {
      await expect(mainNav(page).getByRole('link', { name: section })).toBeVisible();
    }
  });

  test('a wrong password is refused with a clear message, keeps the email and creates no session', async ({ page, context }) => {
    await page.goto('/login');
    await signIn(page, { email: demo.email, password: 'not-the-password' });

    await expect(page.getByText('Wrong email or password.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(demo.email);
    await expect(page.getByLabel('Password')).toHaveValue('');
    expect(await sessionCookie(context)).toBeUndefined();

    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an empty form is answered field by field', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter your email address.')).toBeVisible();
    await expect(page.getByText('Enter your password.')).toBeVisible();
  });

  test('a disabled account is told so', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, disabled);
    await expect(page.getByText('This account has been disabled.', { exact: false })).toBeVisible();
  });

  test('repeated wrong passwords are throttled, and the message says how long to wait', async ({ page }) => {
    await page.goto('/login');
    const throttledMessage = page.getByText(/Too many sign-in attempts\. Try again in \d+ minutes?\./);
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      await signIn(page, { email: throttled.email, password: `wrong-password-${attempt}` });
      // The form has answered once it is reset (React clears it after each action); only then type again.
      await expect(page.getByLabel('Password')).toHaveValue('');
      if (await throttledMessage.isVisible()) break;
      await expect(page.getByText('Wrong email or password.')).toBeVisible();
    }
    await expect(throttledMessage).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(throttled.email);
  });
});

test.describe('staying signed in and out', () => {
  test('a signed-out visit goes to /login and, after signing in, back to the page asked for', async ({ page }) => {
    await page.goto('/customers');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fcustomers$/);

    await signIn(page, demo);
    await expect(page).toHaveURL(/\/customers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Customers' })).toHaveAttribute('aria-current', 'page');
  });

  test('a callbackUrl pointing at another site is ignored', async ({ page }) => {
    await page.goto('/login?callbackUrl=https%3A%2F%2Fevil.example%2F');
    await signIn(page, demo);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  test('signing out returns to /login, and the portal asks to sign in again', async ({ page, context }) => {
    await signInFromLogin(page, demo);
    await page.getByRole('button', { name: 'Sign out' }).click();

    await expect(page).toHaveURL(/\/login$/);
    expect(await sessionCookie(context)).toBeUndefined();
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a copy of the cookie kept from before signing out stops working once its access token lapses', async ({ page, context }) => {
    await signInFromLogin(page, demo);
    const kept = await sessionCookie(context);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    await context.addCookies([kept!]);
    await page.goto('/accounts');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Faccounts$/);
  });

  test('after the access token lapses the portal refreshes it and pages keep working', async ({ page, context }) => {
    await signInFromLogin(page, demo);
    const before = await sessionCookie(context);

    await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    await mainNav(page).getByRole('link', { name: 'Payments' }).click();
    await expect(page).toHaveURL(/\/payments$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(DEMO_USER_NAME);
    expect((await sessionCookie(context))?.value).not.toBe(before?.value);

    await page.reload();
    await expect(page.getByRole('banner')).toContainText(DEMO_MERCHANT_NAME);
  });

  test('requests that all carry the same lapsed cookie share one refresh and the session survives', async ({ page, context, playwright, baseURL }) => {
    await signInFromLogin(page, demo);
    await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);

    // Sent together, from outside the browser, so none of them can bring the new cookie back to the others.
    const cookie = await sessionCookie(context);
    const outside = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: `${cookie!.name}=${cookie!.value}` } });
    const responses = await Promise.all(
      ['/accounts', '/bills', '/payments', '/webhooks'].map((path) => outside.get(path, { maxRedirects: 0 })),
    );
    for (const response of responses) expect(response.status()).toBe(200);
    await outside.dispose();

    // The browser still holds the old cookie too. Had a used refresh token reached the service, it
    // would have ended the whole session and this would land on /login.
    await page.goto('/customers');
    await expect(page).toHaveURL(/\/customers$/);
    await expect(page.getByRole('banner')).toContainText(DEMO_USER_NAME);
  });

  test('a support user is shown as read-only', async ({ page }) => {
    await signInFromLogin(page, support);
    await expect(page.getByRole('banner')).toContainText('Support (read-only)');
    await expect(page.getByText('You have read-only access')).toBeVisible();
  });
});

test.describe('security', () => {
  test('pages carry a CSP with a fresh nonce that Next puts on its scripts', async ({ page }) => {
    const response = await page.goto('/login');
    const headers = response!.headers();
    const policy = headers['content-security-policy'] ?? '';

    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toContain('unsafe-eval');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toBeDefined();

    const nonce = policy.match(/'nonce-([^']+)'/)![1];
    const scriptNonces = await page.evaluate(() => [...document.scripts].map((script) => script.nonce));
    expect(scriptNonces.length).toBeGreaterThan(0);
    for (const scriptNonce of scriptNonces) expect(scriptNonce).toBe(nonce);

    const again = await page.goto('/login');
    expect(again!.headers()['content-security-policy']).not.toContain(`'nonce-${nonce}'`);
  });

  test('the login page runs without any CSP violation, including a failed sign-in', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });

    await page.goto('/login');
    await signIn(page, { email: 'nobody@example.com', password: 'not-a-password' });
    await expect(page.getByText('Wrong email or password.')).toBeVisible();
    await page.goto('/docs');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    expect(violations).toEqual([]);
  });

  test('the session cookie is httpOnly and the browser never sees the service tokens', async ({ page, context }) => {
    await signInFromLogin(page, demo);

    const cookie = await sessionCookie(context);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(await page.evaluate(() => document.cookie)).not.toContain('collect.session');
    expect(await page.content()).not.toContain('v4.public.');

    const session = await page.evaluate(() => fetch('/api/auth/session').then((response) => response.text()));
    expect(session).toContain(DEMO_MERCHANT_NAME);
    expect(session).not.toMatch(/accessToken|refreshToken|v4\.public\./);
  });
});

test('the API reference is public and lists the service operations', async ({ page }) => {
  await page.goto('/docs');
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Authentication' })).toBeVisible();
  // The index lists each operation by its summary; its tag's page shows the full path.
  await page.getByRole('heading', { level: 2, name: 'Authentication' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/docs\/authentication$/);
  await expect(page.getByText('/api/v1/auth/login', { exact: true }).first()).toBeVisible();
});
