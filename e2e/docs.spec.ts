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
    // Every page of the reference is fetched, then two are checked by axe: over a minute on a busy 2-core machine.
    test.setTimeout(150_000);
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

  test('teaches the integration: guides, a curl and a JSON answer for every operation, every event type with its payload', async ({ page, request }) => {
    await page.goto('/docs');
    const guides = page.getByRole('navigation', { name: 'Guides' });
    for (const name of ['Authentication and API keys', 'Collect a bill', 'Receive webhooks', 'Errors and idempotency', 'Pagination']) {
      await expect(guides.getByRole('link', { name })).toBeVisible();
    }

    // Every operation of a tag shows its request as curl and its success answer as JSON.
    await page.goto('/docs/expected-payments');
    const operations = page.locator('article[id]');
    const count = await operations.count();
    expect(count).toBeGreaterThan(3);
    for (let index = 0; index < count; index += 1) {
      const operation = operations.nth(index);
      await expect(operation.getByRole('region', { name: /^Example request \(curl\) of / })).toContainText('curl -sS -X');
      await expect(operation.getByRole('region', { name: /^Example response 2\d\d of / })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: /^Example request \(curl\) of / }).first()).toContainText('"$COLLECT_URL/api/v1/merchants/me/expected-payments"');

    // Every event type of the document, with its payload's fields and an example body.
    const document = (await (await request.get('/api/v1/openapi.json')).json()) as { webhooks: Record<string, unknown> };
    await page.goto('/docs/event-types');
    for (const type of Object.keys(document.webhooks)) {
      const event = page.locator(`article[id="event-${type.replace(/[^a-z0-9]+/g, '-')}"]`);
      await expect(event.getByRole('heading', { name: type, exact: true })).toBeVisible();
      // Its own example, or the earlier type whose body it shares (a payment, a bill), linked.
      await expect(event.getByRole('region', { name: `Example ${type} body` }).or(event.getByText('Its body is that of'))).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Example payment.received body' })).toContainText('"type": "payment.received"');
    await page.locator('#event-payment-reversed').getByRole('link', { name: 'payment.received' }).click();
    await expect(page).toHaveURL(/#event-payment-received$/);
    await page.locator('#event-payment-received').getByText('Payload fields').click();
    await expect(page.getByRole('region', { name: 'Fields of payment.received' })).toContainText('data.amount');

    // The webhooks guide shows verification code in Node and in Python.
    await page.goto('/docs/guides/receive-webhooks');
    await expect(page.getByRole('region', { name: 'verify-webhook.mjs' })).toContainText("createHmac('sha256', key)");
    await expect(page.getByRole('region', { name: 'verify_webhook.py' })).toContainText('hmac.new(key, signed, hashlib.sha256)');
    await expect(page.getByRole('cell', { name: 'webhook-signature' })).toBeVisible();

    // An operation named in a description is a link to its entry.
    await page.goto('/docs/event-types');
    await page.getByRole('link', { name: 'GET /merchants/me/payments/{paymentId}' }).first().click();
    await expect(page).toHaveURL(/\/docs\/[a-z0-9-]+(\/\d+)?#[a-z0-9-]+$/);
    const named = page.locator(`article[id="${new URL(page.url()).hash.slice(1)}"]`);
    await expect(named.getByRole('heading', { level: 2 })).toContainText('/api/v1/merchants/me/payments/{paymentId}');
    await expect(named.getByRole('heading', { level: 2 })).toContainText('GET');
  });

  test('every link of the guides leads to a page and a place on it, every page of every tag stays light, and reads on a phone', async ({ browser, page, request }) => {
    test.setTimeout(180_000);
    await page.goto('/docs');
    // Every operation's address from the index: tags too heavy for one page are split, and each part is weighed too.
    const referencePages = new Set(
      (await page.locator('main a[href^="/docs/"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname))).filter((path) => !path.startsWith('/docs/guides/')),
    );
    const guidePages = [
      '/docs/event-types',
      ...(await page.getByRole('navigation', { name: 'Guides' }).getByRole('link').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname))),
    ];
    const html = new Map<string, string>();
    const fetchOnce = async (path: string) => {
      if (!html.has(path)) {
        const response = await request.get(path);
        expect(response.status(), path).toBe(200);
        html.set(path, await response.text());
      }
      return html.get(path)!;
    };
    const weights: Record<string, number> = {};
    for (const path of [...referencePages, ...guidePages]) weights[path] = Buffer.byteLength(await fetchOnce(path));
    console.log(`/docs page weights (bytes): ${JSON.stringify(weights)}`);
    for (const [path, weight] of Object.entries(weights)) expect(weight, path).toBeLessThan(400_000);

    const targets = new Set<string>();
    for (const path of guidePages) {
      await page.goto(path);
      for (const href of await page.locator('main a[href^="/docs"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!))) targets.add(href);
    }
    expect(targets.size).toBeGreaterThan(15);
    for (const target of targets) {
      const [path, anchor] = target.split('#');
      const body = await fetchOnce(path!);
      if (anchor) expect(body, target).toContain(`id="${anchor}"`);
      else expect(body, target).toContain('<h1');
    }

    const context = await browser.newContext({ viewport: PHONE });
    const phone = await context.newPage();
    for (const path of ['/docs/guides/receive-webhooks', '/docs/guides/collect-a-bill', '/docs/event-types']) {
      await phone.goto(path);
      await expectNoSidewaysScroll(phone);
      await expectNoAxeViolations(phone);
    }
    await context.close();
  });
});
