/**
 * Dispatch and delivery dates (docs/product/dispatch-dates.md §14) in a real browser against the real server: with the
 * page's clock set, the product page and the cart show the dates the domain computes; the prerendered
 * HTML carries none; a payment stores the server's own date, which the confirmation page and both
 * e-mails then show; the server's CLOSED_DATES reach the browser's closure banner.
 */
import path from 'node:path';
import { getProduct } from '../../domain/catalogue';
import { BRAND } from '../../domain/config';
import { deliveryPromise, deliveryPromiseText, deliveryRangeText } from '../../domain/making/dispatch';
import { formatDayMonth } from '../../domain/shared/calendar-date';
import { enterEmail, fillTestCheckout } from './checkout-steps';
import { expect, test } from './fixtures';
import { emlFilesFor, readEml } from './outbox';
import { shot } from './shot';

const FIRST_LIGHT = getProduct('1');
if (!FIRST_LIGHT) throw new Error('catalogue changed: product 1 is missing');
const SHOTS = path.join('test-results', 'dispatch');

test.beforeEach(async ({ consoleGuard, request }) => {
  // Until the image pipeline has run, product images 404; that is not what these journeys test.
  const probe = await request.get(`/img/${FIRST_LIGHT.image}-320.webp`);
  if (!probe.ok()) consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
});

test('the prerendered product page carries no date, only the reserved placeholder', async ({ request }) => {
  const html = await (await request.get('/product/1')).text();
  expect(html).toContain('data-testid="product-dispatch"');
  expect(html).toMatch(/data-testid="product-dispatch"[^>]*aria-busy="true"/);
  expect(html).not.toContain('dispatched by');
});

test('dates on the product page and in the cart, then the stored date on the confirmation page and in both e-mails', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // Monday 23 November 2026, 10:00 in Dublin (GMT): the issue's own example.
  await page.clock.install({ time: new Date('2026-11-23T10:00:00Z') });
  await page.goto('/#/product/1');
  const product = page.getByTestId('product-dispatch');
  await expect(product.getByText('Order now, dispatched by Thursday 26 November')).toBeVisible();
  await expect(
    product.getByText('Delivery to Ireland: Tuesday 1 December to Thursday 3 December'),
  ).toBeVisible();
  await expect(
    product.getByText('Order by Sunday 13 December for Christmas delivery to Ireland'),
  ).toBeVisible();
  await shot(page, { path: path.join(SHOTS, 'product.png') });

  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await page.goto('/#/cart');
  const cart = page.getByTestId('cart-dispatch');
  await expect(cart).toContainText('Dispatched by Thursday 26 November');
  await expect(
    cart.getByText('Delivery to Ireland: Tuesday 1 December to Thursday 3 December'),
  ).toBeVisible();
  await page.getByLabel('Delivery destination').selectOption('EU');
  await expect(cart.getByText('Delivery to EU: Thursday 3 December to Thursday 10 December')).toBeVisible();
  await expect(cart.getByText('Order by Sunday 6 December for Christmas delivery to the EU')).toBeVisible();
  await page.getByLabel('Delivery destination').selectOption('WORLD');
  await expect(
    cart.getByText('Order by Sunday 29 November for Christmas delivery to the rest of the world'),
  ).toBeVisible();
  await cart.scrollIntoViewIfNeeded();
  await shot(page, { path: path.join(SHOTS, 'cart.png') });
  await page.getByLabel('Delivery destination').selectOption('IE');

  // The server dates the order by its own clock: what it promises now, either side of the payment.
  const before = deliveryPromise(new Date(), 'IE');
  await enterEmail(page, 'niamh.dates@example.ie');
  await page.waitForURL(/\/test-checkout\/cs_test_[A-Za-z0-9]+$/);
  const sessionId = page.url().split('/').pop() ?? '';
  const reference = `SOL-${sessionId.slice(8, 16).toUpperCase()}`;
  await expect(page.getByTestId('delivery-promise')).toHaveText(deliveryPromiseText(before));
  await fillTestCheckout(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const after = deliveryPromise(new Date(), 'IE');

  const shown = page.getByTestId('order-delivery');
  const dispatched = (await shown.locator('dd').first().textContent()) ?? '';
  const promise = [before, after].find((p) => formatDayMonth(p.dispatch) === dispatched);
  expect(promise, `dispatch date on the confirmation page: ${dispatched}`).toBeDefined();
  if (!promise) return;
  await expect(shown).toContainText(deliveryRangeText(promise));
  await shown.scrollIntoViewIfNeeded();
  await shot(page, { path: path.join(SHOTS, 'confirmation.png') });

  await expect.poll(() => emlFilesFor(reference).length, { timeout: 10_000 }).toBe(2);
  const mails = await Promise.all(emlFilesFor(reference).map((f) => readEml(f)));
  const sentence = `dispatched by ${dispatched}, then delivery to Ireland is expected ${deliveryRangeText(promise)}.`;
  for (const mail of mails) expect(mail.text?.replace(/\s+/g, ' ')).toContain(sentence);
  const owner = mails.find((m) => !Array.isArray(m.to) && m.to?.value[0]?.address === BRAND.contactEmail);
  expect(owner?.text).toContain(`Dispatch by: ${dispatched} (${promise.dispatch})`);
});

test('during a closure set with CLOSED_DATES, a banner says when dispatch resumes', async ({ page }) => {
  // playwright.config.ts closes 3-14 August 2026; Wednesday 5 August, 09:00 in Dublin (IST).
  await page.clock.install({ time: new Date('2026-08-05T08:00:00Z') });
  await page.goto('/#/product/1');
  const box = page.getByTestId('product-dispatch');
  await expect(box.getByRole('status')).toHaveText(
    'Our workshop is closed: dispatch resumes on Monday 17 August.',
  );
  // Production starts on Monday 17 August: three business days later.
  await expect(box.getByText('Order now, dispatched by Thursday 20 August')).toBeVisible();
  await shot(page, { path: path.join(SHOTS, 'closure.png') });
});
