/**
 * The owner's Products screens at /admin (docs/product/desk.md §10.10, Products) on a phone, against the real
 * server: add a bracelet, give it two photos (small JPEGs made here with sharp, uploaded through the
 * photo-library input), write their alt text, make it active; it is in /shop and on its own page. Then a
 * new price, a pause and a retirement, each seen by the shop. axe finds nothing serious on the list and the
 * form; screenshots go to test-results/desk-products/.
 */

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { axeScan, expectNoSeriousViolations } from './axe';
import { chooseCategory, openProducts, pauseProduct, photo } from './desk-product-steps';
import { expect, test } from './fixtures';
import { shopOfItsOwn } from './own-shop';
import { shot } from './shot';

// It changes what every shopper sees: a shop of its own.
shopOfItsOwn();

/** playwright.config.ts sets it for the server. */
const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123';
const SHOTS = path.resolve('test-results/desk-products');
const NAME = 'Winter Berry';

/** The shop's page for the product, checked until it shows `text` (the server re-renders after a change). */
async function expectShopShows(page: Page, url: string, text: string) {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(url);
        return (await response.text()).includes(text);
      },
      { timeout: 5_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
}

test.beforeEach(async ({ consoleGuard, request }) => {
  // Until the image pipeline has run, drawn product images 404 on the shop's pages; not what this tests.
  const probe = await request.get('/img/first-light-320.webp');
  if (!probe.ok()) consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
});

test.describe('products in the desk on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('add a bracelet with two photos, activate it, see it in the shop, reprice, pause and retire it', async ({
    page,
    consoleGuard,
  }) => {
    test.setTimeout(180_000);
    // The retired page may answer 410.
    consoleGuard.allow(/the server responded with a status of 410/);
    mkdirSync(SHOTS, { recursive: true });

    await openProducts(page, '', ADMIN_TOKEN);
    const list = page.getByRole('list', { name: 'Products' });
    await expect(list.getByRole('listitem')).toHaveCount(27);
    await page.getByLabel('Search products').fill('first light');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await page.getByLabel('Search products').fill('');
    await shot(page, { path: path.join(SHOTS, 'phone-list.png'), fullPage: true });
    await expectNoSeriousViolations(axeScan(page));

    // New: the form says what is missing, then creates the product paused.
    await page.getByRole('link', { name: 'New product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByText('Enter a name.')).toBeVisible();
    await expectNoSeriousViolations(axeScan(page));
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    await chooseCategory(page, 'Gemstone');
    await page.getByLabel('Materials').fill('garnet, sterling silver');
    await page.getByLabel('Price in euro').fill('29');
    await page
      .getByLabel('Short description')
      .fill('Deep red garnets on sterling silver, for the dark evenings.');
    await page.getByLabel('Colour', { exact: true }).fill('Red/Silver');
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    const id = /#\/products\/(\d+)$/.exec(page.url())?.[1] ?? '';
    expect(Number(id)).toBeGreaterThanOrEqual(28);

    // Two photos from the "photo library", several at once, each with its progress.
    await page.getByLabel('Add photos').setInputFiles([
      { name: 'winter-berry-1.jpg', mimeType: 'image/jpeg', buffer: await photo('#7a1f2b') },
      { name: 'winter-berry-2.jpg', mimeType: 'image/jpeg', buffer: await photo('#4a5d3a') },
    ]);
    const firstAlt = page.getByLabel('Alt text of photo 1');
    const secondAlt = page.getByLabel('Alt text of photo 2');
    await expect(secondAlt).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByText('One photo has none yet.').or(page.getByText('2 photos have none yet.')),
    ).toBeVisible();

    // Active is refused while a photo has no alt text, next to the status.
    await page.getByLabel('Active').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByText('2 photos have no alt text: add it before making this product active.'),
    ).toBeVisible();

    for (const [field, text] of [
      [firstAlt, 'Winter Berry bracelet of deep red garnets on a linen cloth'],
      [secondAlt, 'Winter Berry bracelet worn on a wrist'],
    ] as const) {
      await field.fill(text);
      const item = page.getByRole('listitem').filter({ has: field });
      await item.getByRole('button', { name: 'Save alt text' }).click();
      await expect(item.getByText('Alt text saved.')).toBeVisible();
    }
    await page.getByLabel('Active').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved. The shop shows the change within seconds.')).toBeVisible();
    await shot(page, { path: path.join(SHOTS, 'phone-product.png'), fullPage: true });
    await expectNoSeriousViolations(axeScan(page));

    // The shop shows it: in the listing and on its own page, with its price.
    await expectShopShows(page, '/shop', NAME);
    await expectShopShows(page, `/product/${id}`, '€29.00');
    const shopPage = await page.context().newPage();
    await shopPage.goto(`/product/${id}`);
    await expect(shopPage.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    await expect(
      shopPage.getByRole('img', { name: /deep red garnets on a linen cloth/ }).first(),
    ).toBeVisible();
    await expect(shopPage.getByRole('button', { name: /Add to Cart/ })).toBeVisible();

    // A new price.
    await page.getByLabel('Price in euro').fill('32.50');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved. The shop shows the change within seconds.')).toBeVisible();
    await expectShopShows(page, `/product/${id}`, '€32.50');

    // Paused with a note in one step: its page stays, without Add to Cart.
    await pauseProduct(page, 'Back in January');
    await expect
      .poll(
        async () => {
          await shopPage.goto(`/product/${id}`);
          return shopPage.getByRole('button', { name: /Add to Cart/ }).count();
        },
        { timeout: 5_000 },
      )
      .toBe(0);
    await expect(shopPage.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    await expect(shopPage.getByText('Back in January')).toBeVisible();

    // Retired, after the confirmation: out of the listing; its page says so (410, or 200 with noindex).
    await page.getByRole('button', { name: 'Retire…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Retire', exact: true }).click();
    await expect(page.getByText('Retired: it has left the listings.')).toBeVisible();
    // Polled on the page itself: the paused product had already left the listing before the retirement.
    await expect
      .poll(
        async () => {
          const retired = await page.request.get(`/product/${id}`);
          const html = await retired.text();
          return retired.status() === 410 || /<meta name="robots" content="[^"]*noindex/.test(html);
        },
        { timeout: 5_000, intervals: [250, 500, 1000] },
      )
      .toBe(true);
    expect((await (await page.request.get('/shop')).text()).includes(NAME)).toBe(false);

    // The history lists the changes made here.
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  });
});
