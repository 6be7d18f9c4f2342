import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * React has hydrated the prerendered element: it attaches itself to the server's DOM nodes. Typing into a
 * field before then is kept by the page, but a fast run could submit what React had not yet seen.
 */
export async function expectHydrated(page: Page, element: Locator) {
  await expect
    .poll(() => element.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber'))))
    .toBe(true);
  await expect(page.locator('html[data-stale]')).toHaveCount(0);
}
