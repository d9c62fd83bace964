import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from './support/phone';

test.describe('API reference', () => {
  test('is navigable by tag and operation, with a search box, anchors and a way back to the portal', async ({ page }) => {
    await page.goto('/docs');
    await expect(page.getByRole('link', { name: 'Back to the portal' })).toHaveAttribute('href', '/');
    const sections = page.getByRole('navigation', { name: 'API reference sections' });
    await expect(sections.getByRole('link', { name: /^Payer instructions/ })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search operations' }).fill('payer link');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/docs\?q=payer\+link$/);
    await expect(page.getByRole('heading', { name: /operations? match(es)? “payer link”/ })).toBeVisible();
    await page.getByRole('link', { name: /Get the public payer link/ }).click();

    await expect(page).toHaveURL(/\/docs\/payer-instructions#[a-z0-9-]+$/);
    const anchor = new URL(page.url()).hash.slice(1);
    const operation = page.locator(`article[id="${anchor}"]`);
    await expect(operation.getByRole('heading', { level: 2 })).toContainText('/merchants/me/payer-links');
    await expect(operation).toBeInViewport();
    await expect(operation.getByRole('link', { name: /^Link to POST/ })).toHaveAttribute('href', `#${anchor}`);
    await expect(sections.getByRole('link', { name: /^Payer instructions/ })).toHaveAttribute('aria-current', 'page');

    await page.goto('/docs?q=no-such-thing-at-all');
    await expect(page.getByRole('heading', { name: 'No operation matches “no-such-thing-at-all”' })).toBeVisible();
    expect((await page.goto('/docs/no-such-tag'))?.status()).toBe(404);
  });

  test('no page weighs what the single page did, and none breaks a field name or path inside a word on a phone', async ({ browser, page, request }) => {
    await page.goto('/docs');
    const paths = ['/docs', ...(await page.getByRole('navigation', { name: 'API reference sections' }).getByRole('link').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname)))];
    expect(paths.length).toBeGreaterThan(10);
    const weights: Record<string, { html: number; gzip: number }> = {};
    for (const path of paths) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const body = await response.body();
      weights[path] = { html: body.length, gzip: gzipSync(body).length };
    }
    console.log(`API reference page weights (bytes): ${JSON.stringify(weights)}`);
    // The one page it replaces was 2,034,424 bytes, 102,672 gzipped (docs/benchmarks.md).
    for (const [path, { html }] of Object.entries(weights)) expect(html, path).toBeLessThan(400_000);

    const context = await browser.newContext({ viewport: PHONE });
    const phone = await context.newPage();
    for (const path of ['/docs', '/docs/expected-payments']) {
      await phone.goto(path);
      await expectNoSidewaysScroll(phone);
      await expectNoAxeViolations(phone);
    }
    // Every field name and every path segment sits on one line.
    const broken = await phone.evaluate(() => {
      const lines = (element: Element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      };
      const tokens = [...document.querySelectorAll('th[scope="row"]'), ...document.querySelectorAll('article h2 code span.whitespace-nowrap')];
      return { checked: tokens.length, broken: tokens.filter((token) => lines(token) > 1).map((token) => token.textContent) };
    });
    expect(broken.checked).toBeGreaterThan(20);
    expect(broken.broken).toEqual([]);
    await context.close();
  });
});
