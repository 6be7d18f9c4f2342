/**
 * The steps the desk's journeys on the shared server (playwright.config.ts) take before their own: an order
 * paid in the shop as a shopper pays it, the owner signed in, an order moved on through the owner's API.
 * Each step waits for what the page or the server says when it is done.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../domain/config';
import { enterEmail, fillTestCheckout, type IrishAddress } from '../e2e/checkout-steps';

/** playwright.config.ts hands the server this token (ADMIN_TOKEN). */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123';
/** The owner's headers for the API, as her scripts send them. */
export const E2E_OWNER_HEADERS = { authorization: `Bearer ${E2E_ADMIN_TOKEN}` } as const;

/** A line of the cart as the shop keeps it in the browser (the name and price are optional there). */
export interface StoredCartLine {
  readonly id: string;
  readonly quantity: number;
  readonly name?: string;
  readonly price?: number;
}

const ONE_FIRST_LIGHT: readonly StoredCartLine[] = [
  { id: '1', name: 'First Light', price: 3500, quantity: 1 },
];

/**
 * Until the image pipeline has run, product images 404 on the shop's pages: not what the desk's journeys
 * test, so their console guard lets those through (and only when the images are missing).
 */
export async function allowMissingProductImages(
  consoleGuard: { allow: (pattern: RegExp) => void },
  request: APIRequestContext,
): Promise<void> {
  const probe = await request.get('/img/first-light-320.webp');
  if (!probe.ok()) consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
}

/**
 * Puts `cart` in the browser's cart, checks out as `email` and pays on the TEST MODE checkout with the card
 * that succeeds, delivered to `address`; waits for the confirmation and answers the order's reference.
 */
export async function payAnOrderInTheShop(
  page: Page,
  email: string,
  address: IrishAddress,
  cart: readonly StoredCartLine[] = ONE_FIRST_LIGHT,
): Promise<string> {
  await page.goto('/#/cart');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEYS.cart,
    JSON.stringify(cart),
  ] as const);
  // A fresh load, so the cart page reads what was just stored.
  await page.goto('about:blank');
  await page.goto('/#/cart');
  await enterEmail(page, email);
  await page.waitForURL(/\/test-checkout\/cs_test_[A-Za-z0-9]+$/);
  const sessionId = page.url().split('/').pop() ?? '';
  await payOnTestCheckout(page, address);
  return `SOL-${sessionId.slice(8, 16).toUpperCase()}`;
}

/**
 * On an open TEST MODE checkout page: pays with the card that succeeds, delivered to `address`, and waits
 * for the shop's confirmation.
 */
export async function payOnTestCheckout(page: Page, address: IrishAddress): Promise<void> {
  await fillTestCheckout(page, '4242 4242 4242 4242', address);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL(/#\/order-confirmation\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
}

/** /admin's sign-in with the owner token; the desk opens on Today. */
export async function signInToDesk(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Owner token').fill(E2E_ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
}

/** Dispatches a paid order with An Post's `trackingNumber`, then marks it delivered, as the order's page does. */
export async function dispatchAndDeliver(
  request: APIRequestContext,
  reference: string,
  trackingNumber: string,
): Promise<void> {
  for (const [action, data] of [
    ['dispatch', { carrier: 'an_post', trackingNumber }],
    ['status', { status: 'delivered' }],
  ] as const) {
    const res = await request.post(`/api/admin/orders/${reference}/${action}`, {
      headers: E2E_OWNER_HEADERS,
      data,
    });
    expect(res.status()).toBe(200);
  }
}
