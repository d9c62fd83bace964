import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** A small Android phone's viewport, the narrowest the portal is built for. */
export const PHONE = { width: 360, height: 740 };

/**
 * The page does not scroll sideways: nothing is wider than the window. When something is, the
 * message names the outermost elements that reach past the right edge. Soft, so a loop over
 * pages reports them all.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth, culprits } = await page.evaluate(() => {
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).slice(0, 4).join('.')}` : ''}`;
    const wide = [...document.body.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5);
    // Only the outermost: an element whose parent is already too wide adds nothing.
    const outermost = wide.filter((element) => !wide.includes(element.parentElement!));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      culprits: outermost.slice(0, 5).map((element) => `${describe(element)} (right edge ${Math.round(element.getBoundingClientRect().right)} px)`),
    };
  });
  expect.soft(scrollWidth, `${new URL(page.url()).pathname} is ${scrollWidth} px wide in a ${innerWidth} px window: ${culprits.join('; ')}`).toBeLessThanOrEqual(innerWidth);
}

/** axe (WCAG 2.x A and AA rules, and its best practices) finds no violation on the page as it is now. Soft, like the above. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const found = results.violations.map((violation) => `${violation.id} on ${new URL(page.url()).pathname}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect.soft(found).toEqual([]);
}
