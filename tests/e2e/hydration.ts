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

/**
 * A slow phone's start: the page's scripts (the app's chunks) are held until `release` is called, so
 * whatever the journey does meanwhile happens to the prerendered page, before hydration.
 */
export async function holdAppScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
