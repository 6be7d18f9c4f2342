/**
 * The owner's catalogue on two instances (docs/product/desk.md §10.10 Products, §11.1): two real shop processes
 * on one PostgreSQL behind nginx (tests/support/cluster.ts), e-mail to a real SMTP server in this process,
 * payments on the built-in test checkout. The owner, on a phone, adds a bracelet with two photos through
 * instance A; instance B shows it in /shop and on its page within 5 s (measured). A shopper buys it; the
 * order, both e-mails, the order page, the desk and the orders CSV show it. Then, while another shopper's
 * cart holds it, the owner reprices, pauses and retires it; after each change the past order reads exactly
 * as it was sold. Screenshots go to test-results/catalogue-cluster/.
 */

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator } from '@playwright/test';
import { BRAND } from '../../domain/config';
import { addDays, irishDate } from '../../domain/shared/calendar-date';
import type { Cluster } from '../support/cluster';
import { type ShopCluster, startShopCluster } from '../support/shop-cluster';
import type { SmtpSink } from '../support/smtp-sink';
import { enterEmail, fillTestCheckout } from './checkout-steps';
import {
  createProduct,
  openProducts,
  pauseProduct,
  photo,
  SAVED,
  saveAltTexts,
  uploadPhotos,
} from './desk-product-steps';
import { expect, test } from './fixtures';
import { shot } from './shot';

const ADMIN_TOKEN = 'catalogue-cluster-admin-token-0123456789';
const SHOTS = path.resolve('test-results/catalogue-cluster');
const NAME = 'Holly Berry';
const SHOPPER = 'orla.dunne@example.ie';
const LINK = /https?:\/\/[^\s"]+\/#\/order\/(SOL-[A-Z0-9_-]+)\?key=([A-Za-z0-9_-]+)/;
/** "Every instance serves the new version within 5 seconds." */
const LIVE_WITHIN_MS = 5_000;

test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.use({ viewport: { width: 390, height: 844 } });

let shop: ShopCluster;
let sink: SmtpSink;
let cluster: Cluster;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  shop = await startShopCluster('catalogue', {
    RATE_LIMITS: 'off',
    ADMIN_TOKEN,
  });
  ({ cluster, sink } = shop);
  mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  await shop?.stop();
});

function instance(i: 0 | 1) {
  const s = cluster.instances[i];
  if (!s) throw new Error(`no instance ${i}`);
  return s;
}

const owner = { authorization: `Bearer ${ADMIN_TOKEN}` };

async function text(url: string): Promise<{ status: number; body: string }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.text() };
}

/** Polls `check` until it holds; answers how long that took from `since`. */
async function timeUntil(since: number, check: () => Promise<boolean>, timeoutMs = 15_000) {
  for (;;) {
    if (await check()) return Date.now() - since;
    if (Date.now() - since > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A shopper's own browser on nginx's address, failing on an unexpected console error as the journeys do. */
async function shopperPage(browser: Browser, allowed: readonly RegExp[]) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !allowed.some((re) => re.test(msg.text())))
      problems.push(`${msg.text()} ${msg.location().url}`);
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return { page, problems, close: () => context.close() };
}

/** Clicks a prerendered button once React has hydrated it (before that, a click does nothing). */
async function clickHydrated(button: Locator) {
  await expect
    .poll(() => button.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber'))))
    .toBe(true);
  await button.click();
}

/** Everything the shop keeps and shows of one past order, as read by the shopper, the desk and the CSV. */
interface PastOrder {
  readonly orderPage: unknown;
  readonly desk: unknown;
  readonly csvRow: string;
  /** The order as the packing slips print it (paid orders are in production). */
  readonly packingSlip: unknown;
}

/** The Irish day this file started on: before any order of it was paid. */
const STARTED_ON = irishDate(new Date());

async function readPastOrder(reference: string, key: string): Promise<PastOrder> {
  const pageRes = await fetch(`${cluster.url}/api/order-page`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: cluster.url },
    body: JSON.stringify({ reference, key }),
  });
  expect(pageRes.status).toBe(200);
  const deskRes = await fetch(`${instance(1).url}/api/admin/orders/${reference}`, { headers: owner });
  expect(deskRes.status).toBe(200);
  // From the Irish day the file started to tomorrow's: the same window holds the order at every read,
  // whichever side of midnight (UTC or Irish) each read falls.
  const to = addDays(irishDate(new Date()), 1);
  const csvRes = await fetch(`${instance(0).url}/api/admin/orders.csv?from=${STARTED_ON}&to=${to}`, {
    headers: owner,
  });
  expect(csvRes.status).toBe(200);
  const csvRow = (await csvRes.text()).split(/\r?\n/).find((line) => line.includes(reference)) ?? '';
  const slipsRes = await fetch(`${instance(1).url}/api/admin/packing-slips`, { headers: owner });
  expect(slipsRes.status).toBe(200);
  const slips = (await slipsRes.json()) as { orders: { reference: string }[] };
  return {
    packingSlip: slips.orders.find((o) => o.reference === reference),
    orderPage: ((await pageRes.json()) as { order: unknown }).order,
    // The desk's order answer is the order itself.
    desk: await deskRes.json(),
    csvRow,
  };
}

let productId = '';
let reference = '';
let orderKey = '';
let soldAs: PastOrder;

test('the owner adds a bracelet with two photos on a phone; the other instance shows it within 5 s', async ({
  page,
  consoleGuard,
}) => {
  // The desk asks whether it is signed in before sign-in (401).
  consoleGuard.allow(/the server responded with a status of 401/);
  await openProducts(page, instance(0).url, ADMIN_TOKEN);
  productId = await createProduct(page, {
    name: NAME,
    category: 'Gemstone',
    materials: 'garnet, sterling silver',
    price: '29',
    description: 'Deep red garnets and a sprig of green jade, for the Christmas table.',
  });
  expect(Number(productId)).toBeGreaterThanOrEqual(28);
  await uploadPhotos(page, [
    { name: 'holly-berry-1.jpg', buffer: await photo('#7a1f2b') },
    { name: 'holly-berry-2.jpg', buffer: await photo('#2f5d3a') },
  ]);
  await saveAltTexts(page, [
    'Holly Berry bracelet of red garnets and green jade on a linen cloth',
    'Holly Berry bracelet worn on a wrist',
  ]);
  // Paused until now: the other instance does not list it, and its page (with the photos) takes no orders.
  const orderable = (body: string) => body.includes('Add to Cart');
  expect((await text(`${instance(1).url}/shop`)).body).not.toContain(NAME);
  const before = await text(`${instance(1).url}/product/${productId}`);
  expect(before.body).toContain(NAME);
  expect(orderable(before.body)).toBe(false);

  await page.getByLabel('Active').check();
  const activated = Date.now();
  await page.getByRole('button', { name: 'Save changes' }).click();
  const inShop = timeUntil(activated, async () =>
    (await text(`${instance(1).url}/shop`)).body.includes(NAME),
  );
  const onPage = timeUntil(activated, async () => {
    const { status, body } = await text(`${instance(1).url}/product/${productId}`);
    return (
      status === 200 &&
      orderable(body) &&
      body.includes(NAME) &&
      body.includes('€29.00') &&
      body.includes('/media/')
    );
  });
  const [shopMs, pageMs] = await Promise.all([inShop, onPage]);
  console.log(`instance B: in /shop after ${shopMs} ms, its page after ${pageMs} ms`);
  expect(shopMs).toBeLessThan(LIVE_WITHIN_MS);
  expect(pageMs).toBeLessThan(LIVE_WITHIN_MS);
  await expect(page.getByText(SAVED)).toBeVisible();
  expect((await text(`${instance(1).url}/sitemap.xml`)).body).toContain(`/product/${productId}<`);
  await shot(page, { path: path.join(SHOTS, 'owner-phone-product.png'), fullPage: true });

  // Its page on instance B as a browser shows it: both photos with their alt text, Add to Cart.
  const shop = await page.context().newPage();
  await shop.goto(`${instance(1).url}/product/${productId}`);
  await expect(shop.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(
    shop.getByRole('img', { name: /red garnets and green jade on a linen/ }).first(),
  ).toBeVisible();
  await expect(shop.getByRole('button', { name: /Add to Cart/ })).toBeVisible();
  await shot(shop, { path: path.join(SHOTS, 'instance-b-product.png'), fullPage: true });
  await shop.close();
});

test('a shopper buys it: the order, both e-mails, the order page, the desk and the CSV show it', async ({
  browser,
}) => {
  expect(productId).not.toBe('');
  const shopper = await shopperPage(browser, []);
  const { page } = shopper;
  await page.goto(`${cluster.url}/product/${productId}`);
  await clickHydrated(page.getByRole('button', { name: /Buy Now/ }));
  await page.waitForURL(/#\/cart$/);
  await expect(page.getByRole('main').getByText(NAME).first()).toBeVisible();
  await enterEmail(page, SHOPPER);
  await page.waitForURL(/\/test-checkout\/cs_test_[A-Za-z0-9]+$/, { timeout: 15_000 });
  await fillTestCheckout(page, '4242 4242 4242 4242', {
    name: 'Orla Dunne',
    line1: '9 Church Street',
    city: 'Ennis',
    postcode: 'V95 X2Y3',
  });
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  reference = (await page.getByTestId('order-reference').textContent()) ?? '';
  expect(reference).toMatch(/^SOL-/);
  await shot(page, { path: path.join(SHOTS, 'shopper-confirmed.png'), fullPage: true });

  // Both e-mails, each naming the bracelet at its price.
  await expect
    .poll(() => sink.messages.filter((m) => (m.parsed.text ?? '').includes(reference)).length, {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(2);
  const mails = sink.messages.filter((m) => (m.parsed.text ?? '').includes(reference));
  const toShopper = mails.find((m) => m.envelopeTo.includes(SHOPPER));
  const toOwner = mails.find((m) => m.envelopeTo.includes(BRAND.contactEmail));
  for (const mail of [toShopper, toOwner]) {
    expect(mail?.parsed.text).toContain(NAME);
    expect(mail?.parsed.text).toContain('€29.00');
  }
  const link = LINK.exec(toShopper?.parsed.text ?? '');
  expect(link?.[1]).toBe(reference);
  orderKey = link?.[2] ?? '';

  // The order page, from the e-mail's link.
  await page.goto(link?.[0] ?? '');
  await expect(page.getByRole('heading', { name: 'Your order', exact: true })).toBeVisible();
  await expect(page.getByText(NAME).first()).toBeVisible();
  await expect(page.getByText('€29.00').first()).toBeVisible();
  await shot(page, { path: path.join(SHOTS, 'order-page.png'), fullPage: true });
  expect(shopper.problems).toEqual([]);
  await shopper.close();

  // The owner starts making it, so that it is on the packing slips too.
  const started = await fetch(`${instance(0).url}/api/admin/orders/${reference}/status`, {
    method: 'POST',
    headers: { ...owner, 'content-type': 'application/json', origin: cluster.url },
    body: JSON.stringify({ status: 'in_production' }),
  });
  expect(started.status).toBe(200);

  // The order, the desk's answer, the CSV and the packing slip, as sold.
  soldAs = await readPastOrder(reference, orderKey);
  const lines = (soldAs.desk as { lines: { productId: string; name: string; unitPrice: number }[] }).lines;
  expect(lines).toEqual([expect.objectContaining({ productId, name: NAME, unitPrice: 2900, quantity: 1 })]);
  expect(JSON.stringify(soldAs.orderPage)).toContain(NAME);
  expect(soldAs.csvRow).toContain(NAME);
  expect(soldAs.csvRow).toContain(reference);
  expect((soldAs.packingSlip as { lines: unknown } | undefined)?.lines).toEqual(lines);
});

test('with the bracelet in a cart, the owner reprices, pauses and retires it; the past order never changes', async ({
  page,
  browser,
  consoleGuard,
}) => {
  expect(reference).not.toBe('');
  consoleGuard.allow(/the server responded with a status of 401/);
  // The retired page answers 410 (a shopper's reload of it).
  const shopper = await shopperPage(browser, [/the server responded with a status of 410/]);
  const cart = shopper.page;
  await cart.goto(`${cluster.url}/product/${productId}`);
  await clickHydrated(cart.getByRole('button', { name: /Add to Cart/ }));
  await expect(cart.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
  await cart.goto(`${cluster.url}/#/cart`);
  await expect(cart.getByRole('main').getByText(NAME).first()).toBeVisible();

  await openProducts(page, instance(0).url, ADMIN_TOKEN);
  await page.goto(`${instance(0).url}/admin#/products/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();

  const expectPastOrderUnchanged = async () => {
    expect(await readPastOrder(reference, orderKey)).toEqual(soldAs);
  };

  // A new price: the cart shows it, with the notice, before checkout.
  const catalogueOf = async (i: 0 | 1) =>
    /data-catalogue="([^"]+)"/.exec((await text(`${instance(i).url}/`)).body)?.[1] ?? '';
  const named = await catalogueOf(0);
  await page.getByLabel('Price in euro').fill('32.50');
  await page.getByRole('button', { name: 'Save changes' }).click();
  // As soon as instance A's pages name the new snapshot, instance B answers it too (a browser's request
  // for it may go to B through nginx), waiting for its own rendering if it is a moment behind.
  await timeUntil(Date.now(), async () => (await catalogueOf(0)) !== named, LIVE_WITHIN_MS);
  const fresh = await catalogueOf(0);
  const fromB = await fetch(`${instance(1).url}${fresh}`);
  expect(fromB.status).toBe(200);
  expect(((await fromB.json()) as { products: { id: string; price: number }[] }).products).toContainEqual(
    expect.objectContaining({ id: productId, price: 3250 }),
  );
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect
    .poll(
      async () => {
        await cart.reload();
        return cart
          .getByTestId('price-changed')
          .first()
          .textContent({ timeout: 2_000 })
          .catch(() => '');
      },
      { timeout: LIVE_WITHIN_MS + 5_000 },
    )
    .toContain('Price changed from €29.00 to €32.50 since you added it.');
  await shot(cart, { path: path.join(SHOTS, 'cart-repriced.png'), fullPage: true });
  await expectPastOrderUnchanged();

  // Paused: the cart names it and holds the checkout; its page has no Add to Cart.
  await pauseProduct(page);
  const blocked = `${NAME} is not available to order. Remove it from your cart to check out.`;
  await expect
    .poll(
      async () => {
        await cart.reload();
        // The cart is drawn from the browser's storage after load: wait for it before reading.
        await expect(cart.getByRole('main').getByText(NAME).first()).toBeVisible();
        return cart.getByText(blocked).count();
      },
      { timeout: LIVE_WITHIN_MS + 5_000 },
    )
    .toBeGreaterThan(0);
  await expect(cart.getByTestId('product-status').first()).toHaveText('Not available right now');
  await expect(cart.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  await shot(cart, { path: path.join(SHOTS, 'cart-paused.png'), fullPage: true });
  const checkout = await fetch(`${instance(1).url}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: cluster.url },
    body: JSON.stringify({ email: SHOPPER, items: [{ id: productId, quantity: 1 }], zone: 'IE' }),
  });
  expect(checkout.status).toBe(400);
  expect(await checkout.text()).toContain(NAME);
  const paused = await shopper.page.context().newPage();
  await paused.goto(`${instance(1).url}/product/${productId}`);
  await expect(paused.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(paused.getByRole('button', { name: /Add to Cart/ })).toHaveCount(0);
  await expect(paused.getByRole('button', { name: /Buy Now/ })).toHaveCount(0);
  await expect(paused.getByText('Not available right now')).toBeVisible();
  await expect(paused.getByText(/Order now, dispatched by/)).toHaveCount(0);
  await shot(paused, { path: path.join(SHOTS, 'product-paused.png'), fullPage: true });
  // A paused product keeps its page, so the sitemap keeps it too (on both instances).
  for (const i of [0, 1] as const)
    expect((await text(`${instance(i).url}/sitemap.xml`)).body).toContain(`/product/${productId}<`);
  await expectPastOrderUnchanged();

  // Retired: its page says it is no longer made (410); it leaves /shop and the sitemap on both instances.
  await page.getByRole('button', { name: 'Retire…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Retire', exact: true }).click();
  await expect(page.getByText('Retired: it has left the listings.')).toBeVisible();
  const retiredAt = Date.now();
  const goneMs = await timeUntil(retiredAt, async () => {
    for (const i of [0, 1] as const) {
      const base = instance(i).url;
      const product = await text(`${base}/product/${productId}`);
      // React's server rendering separates the name from the words after it with an empty comment.
      const words = product.body.replaceAll('<!-- -->', '');
      if (product.status !== 410 || !words.includes(`${NAME} is no longer made.`)) return false;
      if ((await text(`${base}/shop`)).body.includes(NAME)) return false;
      if ((await text(`${base}/sitemap.xml`)).body.includes(`/product/${productId}<`)) return false;
    }
    return true;
  });
  expect(goneMs).toBeLessThan(LIVE_WITHIN_MS);
  await paused.reload();
  await expect(paused.getByText(`${NAME} is no longer made.`)).toBeVisible();
  await expect(paused.getByRole('button', { name: /Add to Cart/ })).toHaveCount(0);
  await shot(paused, { path: path.join(SHOTS, 'product-retired.png'), fullPage: true });
  await cart.reload();
  await expect(cart.getByTestId('product-status').first()).toHaveText('No longer made');
  await expect(cart.getByText(blocked)).toBeVisible();
  await expectPastOrderUnchanged();
  await shot(page, { path: path.join(SHOTS, 'owner-phone-retired.png'), fullPage: true });
  // The photo the order was sold with is still served, from either instance.
  const soldImage = (soldAs.desk as { lines: { image?: string | null }[] }).lines[0]?.image ?? '';
  expect(soldImage).toMatch(/^\/media\/[0-9a-f]{32}$/);
  for (const i of [0, 1] as const) {
    const res = await fetch(`${instance(i).url}${soldImage}-320.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
  }

  // The desk's own screen of the past order, on the phone: the bracelet as sold.
  await page.goto(`${instance(1).url}/admin#/orders/${reference}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(reference) })).toBeVisible();
  await expect(page.getByRole('main').getByText(NAME).first()).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByText(/€29\.00/)
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('main').getByText(/€32\.50/)).toHaveCount(0);
  await shot(page, { path: path.join(SHOTS, 'owner-phone-past-order.png'), fullPage: true });
  expect(shopper.problems).toEqual([]);
  await shopper.close();
});
