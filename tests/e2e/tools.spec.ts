import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../domain/config';
import { allViolations, axeScan } from './axe';
import { expect, test } from './fixtures';

/** playwright.config.ts hands the server this token (ADMIN_TOKEN). */
const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123';

// Each journey has its own page and storage, and what it leaves on the server (an edited image) is its own:
// the journeys spread over the workers alongside storage-fuzz.spec.ts, the other file run last.
test.describe.configure({ mode: 'parallel' });

const flagSwitch = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Feature flags' }).getByRole('switch', { name });

async function resetAllFlags(page: Page) {
  await page
    .getByRole('region', { name: 'Feature flags' })
    .getByRole('button', { name: 'Reset all' })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Reset all feature flags?' });
  await dialog.getByRole('button', { name: 'Reset flags' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('feature flag panel (?flags=1)', () => {
  test('hero_v2 visibly changes the home page, flags persist, and Reset all asks first', async ({ page }) => {
    await page.goto('/?flags=1#/');
    const panel = page.getByRole('region', { name: 'Feature flags' });
    await expect(panel).toBeVisible();
    const hero = page.locator('[data-hero]');
    await expect(hero).toHaveAttribute('data-hero', 'v3');
    await expect(flagSwitch(page, 'hero_v3')).toHaveAttribute('aria-checked', 'true');
    // No invented ratings are left for content_purge to hide (docs/product/settled-choices.md §8.13): none shows either way.
    await expect(page.getByText(/Rated 5\.0 out of 5/)).toHaveCount(0);

    await flagSwitch(page, 'content_purge').click();
    await expect(flagSwitch(page, 'content_purge')).toHaveAttribute('aria-checked', 'true');
    expect(await page.evaluate(() => localStorage.getItem('content_purge'))).toBe('true');

    await flagSwitch(page, 'hero_v2').click();
    await expect(hero).toHaveAttribute('data-hero', 'v2');
    expect(await page.evaluate(() => localStorage.getItem('hero_v2'))).toBe('true');

    // Survives a reload (saved in this browser), then Reset all: Cancel keeps, confirming clears.
    await page.reload();
    await expect(page.locator('[data-hero]')).toHaveAttribute('data-hero', 'v2');
    await panel.getByRole('button', { name: 'Reset all' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(flagSwitch(page, 'hero_v2')).toHaveAttribute('aria-checked', 'true');
    await resetAllFlags(page);
    await expect(page.locator('[data-hero]')).toHaveAttribute('data-hero', 'v3');
    await expect(flagSwitch(page, 'content_purge')).toHaveAttribute('aria-checked', 'false');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('mobile_nav switches the mobile menu implementation', async ({ page }) => {
      await page.goto('/?flags=1#/');
      const menuTag = async () => {
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await expect(menu).toBeVisible();
        const tag = await menu.evaluate((el) => el.tagName);
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
        return tag;
      };
      expect(await menuTag()).not.toBe('DIALOG');
      await flagSwitch(page, 'mobile_nav').click();
      await expect(flagSwitch(page, 'mobile_nav')).toHaveAttribute('aria-checked', 'true');
      expect(await menuTag()).toBe('DIALOG');
    });
  });
});

test.describe('error tracker and debug console (?debug=1)', () => {
  test('errors thrown from /error-test appear in the console, expand and clear', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/Test (uncaught error|unhandled rejection|render error) from \/error-test/);
    consoleGuard.allow(/status of 404/);
    await page.goto('/#/error-test?debug=1');
    const console = page.getByRole('region', { name: 'Debug console' });
    await expect(console.getByText('No errors logged yet')).toBeVisible();

    await page.getByRole('button', { name: 'Throw an uncaught error' }).click();
    await expect(console.getByText('Test uncaught error from /error-test', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Reject a promise' }).click();
    await expect(
      console.getByText('Unhandled promise rejection: Test unhandled rejection from /error-test', {
        exact: true,
      }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Make a failing request' }).click();
    await expect(console.getByText('HTTP 404: GET /api/error-test/missing', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Log a checkout event' }).click();
    await expect(console.getByText('Test checkout event from /error-test', { exact: true })).toBeVisible();
    await expect(console.getByText('4 entries')).toBeVisible();

    await console.getByText('HTTP 404: GET /api/error-test/missing', { exact: true }).click();
    const details = console.locator('details[open]');
    await expect(details.getByText('/api/error-test/missing', { exact: true })).toBeVisible();
    await expect(details.getByText('404', { exact: true })).toBeVisible();
    await expect(details.getByText(/\/error-test/).first()).toBeVisible();

    // A render error: the route's error screen, and the console has it too.
    await page.getByRole('button', { name: 'Throw a render error' }).click();
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(console.getByText('Test render error from /error-test', { exact: true })).toBeVisible();

    const stored = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? '[]') as { type: string }[],
      STORAGE_KEYS.errorLog,
    );
    expect(stored.map((e) => e.type)).toEqual(['error', 'error', 'network', 'checkout', 'error']);

    await console.getByRole('button', { name: 'Clear log' }).click();
    await expect(console.getByText('No errors logged yet')).toBeVisible();
  });
});

test('/diagnostics: QR code, automatic hero snapshot, JSON download and copy, not-found error, clear', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/#/diagnostics');
  await expect(
    page.getByRole('img', { name: /^QR code for http:\/\/127\.0\.0\.1:\d+\/#\/diagnostics$/ }),
  ).toBeVisible();
  const result = page.getByTestId('diagnostics-result');
  await expect(result).toBeVisible({ timeout: 15_000 });
  await expect(result.getByText('[data-hero]', { exact: true })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download JSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^solas-diagnostics-\d{8}-\d{6}\.json$/);
  const file = await download.path();
  const snapshot = JSON.parse(readFileSync(file, 'utf8')) as {
    tool: string;
    viewport: { width: number };
    hero: {
      selector: string;
      variant: string;
      rect: { width: number; height: number };
      images: { currentSrc: string; naturalWidth: number }[];
    };
  };
  expect(snapshot.tool).toBe('solas-diagnostics');
  expect(snapshot.hero.selector).toBe('[data-hero]');
  expect(snapshot.hero.variant).toBe('v3');
  expect(snapshot.hero.rect.width).toBe(snapshot.viewport.width);
  expect(snapshot.hero.images.length).toBeGreaterThan(0);
  expect(snapshot.hero.images[0]?.currentSrc).toMatch(/\/img\/hero-\d+\.(avif|webp)$/);
  expect(snapshot.hero.images[0]?.naturalWidth).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Copy JSON' }).click();
  await expect(page.getByText('Diagnostics copied to clipboard — paste into ticket or chat.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect((JSON.parse(copied) as { hero: { selector: string } }).hero.selector).toBe('[data-hero]');

  await page.getByLabel('Page to inspect').fill('/about');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Hero section not found on this page' }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Download JSON' })).toBeDisabled();

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText('No snapshot yet. Press Run to take one.')).toBeVisible();
});

test('/diagnostics: copy failure says to use Download JSON', async ({ page }) => {
  await page.goto('/#/diagnostics');
  await expect(page.getByTestId('diagnostics-result')).toBeVisible({ timeout: 15_000 });
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
  });
  await page.getByRole('button', { name: 'Copy JSON' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Copy to clipboard failed — please use Download JSON instead.' }),
  ).toBeVisible();
});

test.describe('/image-editor', () => {
  test('with the admin token it returns the edited image beside the original', async ({ page }) => {
    await page.goto('/#/image-editor');
    await expect(page.getByRole('img', { name: 'Original' })).toBeVisible();
    await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
    await page
      .getByLabel('Edit instruction')
      .fill('Black and white, then crop to square, and remove the background');
    await page.getByRole('button', { name: 'Edit image' }).click();
    await expect(page.getByText('Image edited successfully!')).toBeVisible({ timeout: 15_000 });
    const edited = page.getByRole('img', { name: /^Edited: Black and white/ });
    await expect(edited).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText('Applied: black and white, crop to square')).toBeVisible();
    await expect(main.getByText(/Not applied:.*remove the background/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download edited image' })).toHaveAttribute(
      'download',
      /\.webp$/,
    );

    // The result really is square and grey.
    const pixel = await edited.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d');
      ctx?.drawImage(img, 0, 0);
      const d = ctx?.getImageData(
        Math.floor(img.naturalWidth / 2),
        Math.floor(img.naturalHeight / 2),
        1,
        1,
      ).data;
      return { w: img.naturalWidth, h: img.naturalHeight, rgb: d ? [d[0], d[1], d[2]] : [] };
    });
    expect(pixel.w).toBe(pixel.h);
    const [r, g, b] = pixel.rgb as [number, number, number];
    expect(Math.abs(r - g)).toBeLessThanOrEqual(3);
    expect(Math.abs(g - b)).toBeLessThanOrEqual(3);
    expect(await page.evaluate(() => sessionStorage.getItem('solas-admin-token'))).toBe(ADMIN_TOKEN);
  });
});

test('the test plan prints without the shop chrome and its buttons', async ({ page }) => {
  await page.goto('/#/checkout-test-plan');
  await expect(page.getByRole('heading', { name: 'Checkout Test Plan' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Copy checklist' })).toBeHidden();
  await expect(page.getByText('4242 4242 4242 4242').first()).toBeVisible();
});

test('tool pages and panels pass an accessibility scan', async ({ page }) => {
  // Five pages, one waiting for the hero snapshot: more than the default 30 s on a busy 2-core machine.
  test.setTimeout(90_000);
  for (const route of [
    '/image-editor',
    '/diagnostics',
    '/checkout-test-plan',
    '/checkout-health',
    '/error-test?debug=1&flags=1',
  ]) {
    await page.goto(`/#${route}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The route's own page, not the placeholder shown while its chunk loads (which fades in, and a scan
    // that meets it half-faded finds its text too faint).
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    if (route.includes('debug'))
      await expect(page.getByRole('region', { name: 'Debug console' })).toBeVisible();
    if (route === '/diagnostics')
      await expect(page.getByTestId('diagnostics-result')).toBeVisible({ timeout: 15_000 });
    const scan = axeScan(page).include('main').include('[data-print-hide]').withTags(['wcag2a', 'wcag2aa']);
    expect(await allViolations(scan), route).toEqual([]);
  }
});
