import type { Page } from '@playwright/test';
import { getProduct } from '../../domain/catalogue';
import { LIMITS, STORAGE_KEYS } from '../../domain/config';
import { axeScan, expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';

function product(id: string) {
  const p = getProduct(id);
  if (!p) throw new Error(`missing product ${id}`);
  return p;
}
const P30 = product('5'); // €30.00
const P35 = product('3'); // €35.00
const BURGUNDY = product('26'); // Burgundy Safari, €40.00

/** Loose on purpose: journeys also store what a tampering shopper would. */
type Seed = ReadonlyArray<Record<string, unknown>>;

/** Stores a cart, then loads `path` fresh (a hash change alone does not re-read storage in this tab). */
async function seedCart(page: Page, lines: Seed, path: string) {
  await page.goto('/#/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEYS.cart,
    JSON.stringify(lines),
  ] as const);
  await page.goto(`/#${path}`);
  await page.reload();
}

async function badge(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Cart, / });
}

/**
 * Opens the bag from the header and waits for its slide-in to end. A press and its release on a link
 * that is still sliding can land on two elements, and the browser then sends the link no click: once in
 * a full run on a busy host the bag stayed open on its "View cart" (a finger on a slow phone meets the
 * same, and a shopper waits for the sheet to settle).
 */
async function openBag(page: Page) {
  await (await badge(page)).click();
  const bag = page.getByRole('dialog', { name: 'Your bag' });
  await expect(bag).toBeVisible();
  await bag.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
  );
  return bag;
}

// Until the image pipeline has produced every rendition, some images 404; that is not what these
// journeys test, so only then are resource 404s tolerated.
test.beforeEach(async ({ consoleGuard, request }) => {
  const urls = [BURGUNDY, P30, P35].flatMap((p) => [`/img/${p.image}-320.avif`, `/img/${p.image}-320.webp`]);
  const probes = await Promise.all([...urls, '/img/hero-1600.avif'].map((u) => request.get(u)));
  if (probes.some((r) => !r.ok())) {
    consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
  }
});

test('empty cart offers the collection', async ({ page }) => {
  await page.goto('/#/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(await badge(page)).toHaveAccessibleName('Cart, empty');
  await page.getByRole('link', { name: 'Shop Collection' }).click();
  await expect(page).toHaveURL(/#\/shop$/);
});

test('cart page: quantities, remove, badge and live announcements', async ({ page }) => {
  await seedCart(
    page,
    [
      { id: BURGUNDY.id, quantity: 1 },
      { id: P35.id, quantity: 2 },
    ],
    '/cart',
  );
  await expect(await badge(page)).toHaveAccessibleName('Cart, 3 items');
  await expect(page.getByTestId('cart-count')).toHaveText('3');

  await page.getByRole('button', { name: 'Increase quantity of Burgundy Safari' }).click();
  await expect(page.getByTestId('cart-announcer')).toHaveText('Burgundy Safari (Medium) quantity 2');
  await expect(await badge(page)).toHaveAccessibleName('Cart, 4 items');
  await expect(page.getByTestId('cart-subtotal')).toHaveText('€150.00');

  await page.getByRole('button', { name: `Decrease quantity of ${P35.name}` }).click();
  await page.getByRole('button', { name: `Decrease quantity of ${P35.name}` }).click();
  await expect(page.getByRole('link', { name: P35.name })).toHaveCount(0);
  await expect(page.getByTestId('cart-announcer')).toHaveText(`${P35.name} (Medium) removed from cart`);
  // The pressed button is gone; focus lands on the page heading, not on <body>.
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeFocused();

  await page.getByRole('button', { name: 'Remove Burgundy Safari (Medium) from cart' }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(await badge(page)).toHaveAccessibleName('Cart, empty');
  expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.cart)).toBe('[]');
});

test('order summary totals for each zone and gift wrap; reload keeps everything', async ({ page }) => {
  await seedCart(page, [{ id: P30.id, quantity: 1 }], '/cart');
  const zone = page.getByLabel('Delivery destination');
  const giftWrap = page.getByLabel('Add gift wrapping (+€3.50)');
  await expect(zone).toHaveValue('IE');
  // A target a thumb can hit: 24 x 24 px at least.
  const box = await giftWrap.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(24);
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
  await expect(page.getByTestId('cart-subtotal')).toHaveText('€30.00');
  await expect(page.getByTestId('cart-shipping')).toHaveText('€4.95');
  await expect(page.getByTestId('cart-total')).toHaveText('€34.95');
  await expect(page.getByText("You're €10.00 away from free shipping")).toBeVisible();
  await expect(
    page.getByText('Made to order: 2-3 business days, then delivery in 3-5 business days'),
  ).toBeVisible();

  await giftWrap.check();
  await expect(page.getByTestId('cart-gift-wrap')).toHaveText('€3.50');
  await expect(page.getByTestId('cart-total')).toHaveText('€38.45');

  await zone.selectOption({ label: 'EU' });
  await expect(page.getByTestId('cart-shipping')).toHaveText('€9.95');
  await expect(page.getByTestId('cart-total')).toHaveText('€43.45');
  await expect(
    page.getByText('Made to order: 2-3 business days, then delivery in 5-10 business days'),
  ).toBeVisible();

  await zone.selectOption({ label: 'Rest of world' });
  await expect(page.getByTestId('cart-shipping')).toHaveText('€14.95');
  await expect(page.getByTestId('cart-total')).toHaveText('€48.45');
  await expect(page.getByText('then delivery in 10-15 business days')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Delivery destination')).toHaveValue('WORLD');
  await expect(page.getByLabel('Add gift wrapping (+€3.50)')).toBeChecked();
  await expect(page.getByTestId('cart-total')).toHaveText('€48.45');
  await expect(await badge(page)).toHaveAccessibleName('Cart, 1 item');

  // Back to Ireland and past the threshold: shipping is free.
  await page.getByLabel('Delivery destination').selectOption({ label: 'Ireland' });
  await page.getByLabel('Add gift wrapping (+€3.50)').uncheck();
  await page.getByRole('button', { name: `Increase quantity of ${P30.name}` }).click();
  await expect(page.getByTestId('cart-subtotal')).toHaveText('€60.00');
  await expect(page.getByTestId('cart-shipping')).toHaveText('Free');
  await expect(page.getByTestId('cart-total')).toHaveText('€60.00');
  await expect(page.getByText("You've qualified for free shipping 🎉")).toBeVisible();
});

test('mini cart opens from the header: +, -, remove, progress, links', async ({ page }) => {
  await seedCart(
    page,
    [
      { id: P30.id, quantity: 1 },
      { id: P35.id, quantity: 1 },
    ],
    '/about',
  );
  await (await badge(page)).click();
  const bag = page.getByRole('dialog', { name: 'Your bag' });
  await expect(bag).toBeVisible();
  await expect(bag.getByText("You've qualified for free shipping 🎉")).toBeVisible();
  await expect(bag.getByText('€65.00')).toBeVisible();

  await bag.getByRole('button', { name: `Remove ${P35.name} (Medium) from cart` }).click();
  await expect(bag.getByRole('link', { name: P35.name })).toHaveCount(0);
  await expect(bag.getByText("You're €10.00 away from free shipping")).toBeVisible();
  // Outside the open dialog the page is hidden from assistive tech, so read the visible badge.
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await bag.getByRole('button', { name: `Increase quantity of ${P30.name}` }).click();
  await expect(bag.getByText("You've qualified for free shipping 🎉")).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  await bag.getByRole('button', { name: `Decrease quantity of ${P30.name}` }).click();
  await bag.getByRole('button', { name: `Decrease quantity of ${P30.name}` }).click();
  await expect(bag.getByText('Your bag is empty')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  // Escape closes it and focus returns to the header button.
  await page.keyboard.press('Escape');
  await expect(bag).toBeHidden();
  await expect(await badge(page)).toBeFocused();
  await expect(await badge(page)).toHaveAccessibleName('Cart, empty');
});

test('the header has one cart control: it names the count and opens the mini cart', async ({ page }) => {
  await seedCart(page, [{ id: P30.id, quantity: 2 }], '/about');
  const banner = page.getByRole('banner');
  // Nothing else in the header's bar speaks of a cart or a bag: one obvious control. (The navigation
  // below it lists the cart page among the others.)
  const bar = banner.locator(':scope > div');
  await expect(bar.getByRole('link', { name: /cart|bag/i })).toHaveCount(0);
  await expect(bar.getByRole('button', { name: /cart|bag/i })).toHaveCount(1);
  const control = await badge(page);
  await expect(control).toHaveAccessibleName('Cart, 2 items');
  await expect(control).toHaveAttribute('aria-haspopup', 'dialog');
  await expect(control).toHaveAttribute('aria-expanded', 'false');
  const bag = await openBag(page);
  await bag.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/#\/cart$/);
});

test('mini cart links go to the cart and to checkout', async ({ page }) => {
  await seedCart(page, [{ id: BURGUNDY.id, quantity: 1 }], '/');
  await (await openBag(page)).getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/#\/cart$/);
  await expect(page.getByRole('dialog', { name: 'Your bag' })).toBeHidden();
  await (await openBag(page)).getByRole('link', { name: 'Checkout' }).click();
  // The cart page's checkout section opens its e-mail step and drops the flag from the address.
  await expect(page.getByRole('dialog', { name: 'Checkout' })).toBeVisible();
  await expect(page).toHaveURL(/#\/cart$/);
});

test('a second tab sees cart changes without reloading', async ({ page, context }) => {
  await seedCart(page, [{ id: BURGUNDY.id, quantity: 1 }], '/cart');
  const other = await context.newPage();
  await other.goto('/#/cart');
  await expect(other.getByRole('link', { name: 'Burgundy Safari' })).toBeVisible();

  await page.getByRole('button', { name: 'Increase quantity of Burgundy Safari' }).click();
  await expect(other.getByTestId('cart-subtotal')).toHaveText('€80.00');
  await expect(other.getByRole('banner').getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();

  await page.getByLabel('Delivery destination').selectOption({ label: 'EU' });
  await expect(other.getByLabel('Delivery destination')).toHaveValue('EU');

  await other.getByRole('button', { name: 'Remove Burgundy Safari (Medium) from cart' }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await other.close();
});

test('add to cart from the product page', async ({ page }) => {
  await page.goto('/#/product/1');
  const add = page.getByRole('button', { name: 'Add to Cart', exact: true });
  await expect(add).toBeVisible();
  await add.click();
  await expect(await badge(page)).toHaveAccessibleName('Cart, 1 item');
  await add.click();
  await expect(await badge(page)).toHaveAccessibleName('Cart, 2 items');
  await page.goto('/#/cart');
  await expect(page.getByRole('link', { name: product('1').name })).toBeVisible();
  await expect(page.getByTestId('cart-subtotal')).toHaveText('€80.00');
});

test.describe('accessibility', () => {
  test('/cart with items and empty has no serious or critical axe violations', async ({ page }) => {
    await seedCart(
      page,
      [
        { id: BURGUNDY.id, quantity: LIMITS.maxQuantityPerLine },
        { id: P30.id, quantity: 1 },
      ],
      '/cart',
    );
    await expect(page.getByRole('link', { name: 'Burgundy Safari' })).toBeVisible();
    await expectNoSeriousViolations(axeScan(page));
    await page.evaluate((k) => localStorage.removeItem(k), STORAGE_KEYS.cart);
    await page.reload();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expectNoSeriousViolations(axeScan(page));
  });

  test('open mini cart has no serious or critical axe violations', async ({ page }) => {
    await seedCart(page, [{ id: P30.id, quantity: 2 }], '/');
    await (await badge(page)).click();
    await expect(page.getByRole('dialog', { name: 'Your bag' })).toBeVisible();
    await expectNoSeriousViolations(axeScan(page));
  });
});
