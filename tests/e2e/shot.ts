import type { Locator, Page } from '@playwright/test';

/**
 * A picture of a page or an element for a person to look at (docs/testing.md, "Running a part"), taken when
 * E2E_SHOTS is set: `E2E_SHOTS=1 npx playwright test quotes`. No journey asserts on one, and the journeys'
 * 90-odd pictures (most of them whole phone pages, about 150 ms of CPU each) were CPU the journeys in
 * `npm test` share with the browser and the server. A failed journey keeps its own screenshot regardless
 * (playwright.config.ts).
 */
export async function shot(
  target: Page | Locator,
  options: { readonly path: string; readonly fullPage?: boolean },
): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  if ('mouse' in target) await target.screenshot(options);
  else await target.screenshot({ path: options.path });
}
