/**
 * Discount codes in a real browser against the real server and its test checkout: the owner creates
 * XMAS15 (15%, minimum €60, 2 uses) on the desk; a shopper applies it in the cart, sees the line and the
 * new total, pays on the test checkout (which shows `Discount (XMAS15) -€x.xx`) and the confirmation
 * shows it; the code stays with the cart through a reload until the order is paid; a second checkout takes
 * the last use, a third is refused with the reason, and a browser that kept the code hears that it no
 * longer applies. The owner sets the early-bird price on the same screen; the Bespoke & Corporate page
 * (no box before) and the cart state its terms and the cart applies it without a code.
 */

import type { Page } from '@playwright/test';
import { getProduct } from '../../domain/catalogue';
import { STORAGE_KEYS } from '../../domain/config';
import { addDays, formatDayOfMonth, irishDate } from '../../domain/shared/calendar-date';
import { enterEmail, fillTestCheckout } from './checkout-steps';
import { expect, test } from './fixtures';
import { shopOfItsOwn } from './own-shop';

// It changes what every shopper sees: a shop of its own.
shopOfItsOwn();

const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123';
const FIRST_LIGHT = getProduct('1');
if (!FIRST_LIGHT) throw new Error('catalogue changed: product 1 is missing');

/** The owner signs in to the desk and opens its Discounts screen. */
async function openDiscounts(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Owner token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Discounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Discounts' })).toBeVisible();
}

test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ consoleGuard, request }) => {
  const probe = await request.get(`/img/${FIRST_LIGHT.image}-320.webp`);
  if (!probe.ok()) consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
});

test('owner creates XMAS15; a shopper applies it and pays; a third use is refused', async ({
  page,
  request,
  consoleGuard,
}) => {
  // The owner, on the desk.
  await openDiscounts(page);
  await page.getByRole('button', { name: 'New code' }).click();
  await page.getByRole('textbox', { name: 'Code' }).fill('XMAS15');
  await page.getByRole('textbox', { name: 'Percent off' }).fill('15');
  await page.getByRole('textbox', { name: 'Minimum subtotal (€)' }).fill('60');
  await page.getByRole('textbox', { name: 'Total uses' }).fill('2');
  await page.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByRole('rowheader', { name: /XMAS15/ })).toBeVisible();

  // The shopper: two First Light (€80.00), the code applied in the cart.
  await page.goto('/#/cart');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEYS.cart,
    JSON.stringify([{ id: '1', quantity: 2 }]),
  ] as const);
  await page.goto('about:blank');
  await page.goto('/#/cart');
  await page.getByRole('textbox', { name: 'Gift card or discount code' }).fill('xmas15');
  await page.getByRole('button', { name: 'Apply' }).click();
  const subtotal = FIRST_LIGHT.price * 2;
  const off = Math.ceil((subtotal * 15) / 100);
  const euro = (c: number) => `€${(c / 100).toFixed(2)}`;
  await expect(page.getByTestId('cart-discount')).toHaveText(`−${euro(off)}`);
  await expect(page.getByTestId('cart-total')).toHaveText(euro(subtotal - off));

  // The code stays with the cart through a reload (the server is asked about it again).
  await page.reload();
  await expect(page.getByTestId('cart-discount')).toHaveText(`−${euro(off)}`);
  await expect(page.getByTestId('cart-total')).toHaveText(euro(subtotal - off));
  await expect(page.getByRole('button', { name: 'Remove XMAS15' })).toBeVisible();

  await enterEmail(page, 'saoirse.kelly@example.ie');
  await page.waitForURL(/\/test-checkout\//);
  await expect(page.getByText(`Discount (XMAS15)`)).toBeVisible();
  await expect(page.getByText(`-${euro(off)}`)).toBeVisible();
  await fillTestCheckout(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL(/#\/order-confirmation\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Discount (XMAS15)')).toBeVisible();
  // The paid order took the code with the cart.
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.discountCode)).toBeNull();

  // The second use goes to another checkout; the third is refused with its reason.
  const cart = (email: string) => ({
    email,
    items: [{ id: '1', quantity: 2 }],
    zone: 'IE',
    discountCode: 'XMAS15',
  });
  const second = await request.post('/api/checkout', { data: cart('niamh@example.ie') });
  expect(second.status()).toBe(200);
  const third = await request.post('/api/checkout', { data: cart('aoife@example.ie') });
  expect(third.status()).toBe(400);
  expect(await third.json()).toEqual({
    ok: false,
    error: 'The code XMAS15 has been used as many times as it can be.',
  });

  // A browser that kept the code from before hears that it no longer applies, and loses it. The server's
  // refusal is a 400, which the browser reports in its console.
  consoleGuard.allow(/the server responded with a status of 400/);
  await page.goto('/#/cart');
  await page.evaluate(
    ([cartKey, cart, codeKey, code]) => {
      localStorage.setItem(cartKey, cart);
      localStorage.setItem(codeKey, code);
    },
    [
      STORAGE_KEYS.cart,
      JSON.stringify([{ id: '1', quantity: 2 }]),
      STORAGE_KEYS.discountCode,
      JSON.stringify({ code: 'XMAS15' }),
    ] as const,
  );
  await page.reload();
  await expect(
    page.getByText(
      'The code XMAS15 has been used as many times as it can be. We have taken it off your cart.',
    ),
  ).toBeVisible();
  await expect(page.getByTestId('cart-discount')).toHaveCount(0);
  await expect(page.getByTestId('cart-total')).toHaveText(euro(subtotal));
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.discountCode)).toBeNull();
});

test('owner sets the early-bird price; the Bespoke & Corporate page and the cart state it, the cart applies it', async ({
  page,
  request,
}) => {
  // 30 pieces and more: no other journey's cart comes near, so they run beside this one unchanged.
  const lastDay = addDays(irishDate(new Date()), 30);
  const worded = formatDayOfMonth(lastDay);
  try {
    // No early-bird price yet: once the page has its terms, it shows no box at all.
    await page.goto('/bespoke-corporate');
    await expect(page.getByRole('complementary', { name: 'Early bird offer' })).toHaveCount(0);
    await expect(page.getByText(/no early-bird price/)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Corporate & Bulk Orders' })).toBeVisible();

    await openDiscounts(page);
    const form = page.getByRole('region', { name: 'Early-bird price' });
    await expect(form).toContainText('It never stacks with a discount code');
    await form.getByRole('checkbox', { name: 'Offer an early-bird price' }).check();
    await form.getByRole('spinbutton', { name: 'Percent off' }).fill('10');
    await form.getByRole('spinbutton', { name: 'Minimum pieces' }).fill('30');
    await form.getByLabel('Last day').fill(lastDay);
    await form.getByRole('button', { name: 'Save early-bird price' }).click();
    await expect(form.getByRole('status')).toHaveText(
      `Saved: 10% off orders of 30+ pieces through ${worded}.`,
    );

    await page.goto('/bespoke-corporate');
    await expect(page.getByRole('complementary', { name: 'Early bird offer' })).toContainText(
      `10% off orders of 30+ pieces placed until ${worded}, applied in the cart automatically.`,
    );

    await page.goto('/#/cart');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      STORAGE_KEYS.cart,
      JSON.stringify([
        { id: '1', quantity: 10 },
        { id: '5', quantity: 10 },
        { id: '6', quantity: 10 },
      ]),
    ] as const);
    await page.goto('about:blank');
    await page.goto('/#/cart');
    await expect(
      page.getByText(
        `Early bird: 10% off orders of 30+ pieces until ${worded}, applied automatically. It never adds to a discount code: the better one for you applies.`,
      ),
    ).toBeVisible();
    await expect(page.getByText('Early bird', { exact: true })).toBeVisible();
    const subtotal = Number((await page.getByTestId('cart-subtotal').textContent())?.replace(/[^\d]/g, ''));
    const off = Math.ceil((subtotal * 10) / 100);
    await expect(page.getByTestId('cart-discount')).toHaveText(`−€${(off / 100).toFixed(2)}`);
  } finally {
    // Back to no tier for the journeys that run after this one.
    const off = await request.patch('/api/admin/settings', {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      data: { earlyBird: null },
    });
    expect(off.ok()).toBe(true);
  }
});
