/**
 * A return on a phone against the real server (docs/product.md §10.18): a delivered order's return is
 * opened on the desk (its piece, a reason), received and refunded with the shipping through the
 * test checkout's refund; the history names each step, the shopper gets the refund e-mail, and their order
 * page says the return is refunded. axe finds nothing serious. Screenshots under test-results/returns/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { getProduct } from '../../domain/catalogue';
import { STORAGE_KEYS } from '../../domain/config';
import { MAIL_KINDS } from '../../server/mail/outbox';
import { axeScan, expectNoSeriousViolations } from './axe';
import { enterEmail, fillTestCheckout } from './checkout-steps';
import { expect, test } from './fixtures';
import { emlFilesFor, readEml } from './outbox';

/** playwright.config.ts hands the server this token (ADMIN_TOKEN). */
const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123';
const SHOTS = path.resolve('test-results/returns');
const bearer = { authorization: `Bearer ${ADMIN_TOKEN}` };
/** One piece under the free-shipping threshold: the order has a shipping line to refund. */
const PIECE = getProduct('5')?.name ?? '';
const LINK = /https?:\/\/[^\s"]+\/#\/order\/SOL-[A-Z0-9_-]+\?key=[A-Za-z0-9_-]+/;

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ consoleGuard, request }) => {
  // Until the image pipeline has run, product images 404 on the shop's pages; not what this tests.
  const probe = await request.get('/img/first-light-320.webp');
  if (!probe.ok()) consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
});

async function payAnOrder(page: Page, email: string): Promise<string> {
  await page.goto('/#/cart');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEYS.cart,
    JSON.stringify([{ id: '5', quantity: 1 }]),
  ] as const);
  await page.goto('about:blank');
  await page.goto('/#/cart');
  await enterEmail(page, email);
  await page.waitForURL(/\/test-checkout\/cs_test_[A-Za-z0-9]+$/);
  const sessionId = page.url().split('/').pop() ?? '';
  await fillTestCheckout(page, '4242 4242 4242 4242', {
    name: 'Saoirse Kelly',
    line1: '3 Mill Lane',
    city: 'Westport',
    postcode: 'F28 K2X3',
  });
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL(/#\/order-confirmation\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  return `SOL-${sessionId.slice(8, 16).toUpperCase()}`;
}

test('open a return of a delivered order, receive and refund it with the shipping, and the shopper sees it', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  consoleGuard.allow(/the server responded with a status of 401/);
  mkdirSync(SHOTS, { recursive: true });
  const email = `saoirse.${Date.now()}@example.ie`;
  const reference = await payAnOrder(page, email);
  for (const [url, data] of [
    [`/api/admin/orders/${reference}/dispatch`, { carrier: 'an_post', trackingNumber: 'CE987654321IE' }],
    [`/api/admin/orders/${reference}/status`, { status: 'delivered' }],
  ] as const) {
    expect((await request.post(url, { headers: bearer, data })).status()).toBe(200);
  }

  await page.goto('/admin');
  await page.getByLabel('Owner token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await page.goto(`/admin#/orders/${reference}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(reference) })).toBeVisible();

  const returns = page.getByRole('region', { name: 'Returns' });
  await returns.getByRole('button', { name: 'Open a return' }).click();
  await returns.getByLabel(new RegExp(PIECE)).fill('1');
  await returns.getByLabel('Reason').fill('Too small for her wrist');
  await expectNoSeriousViolations(axeScan(page));
  await page.screenshot({ path: path.join(SHOTS, 'phone-open-return.png'), fullPage: true });
  await returns.getByRole('button', { name: 'Open the return' }).click();
  await expect(returns.getByRole('status')).toHaveText(/^Return \d+ opened\.$/);
  const card = returns.getByRole('article');
  await expect(card.getByRole('heading')).toHaveText(/Return \d+: Requested/);
  await expect(card).toContainText(`1 x ${PIECE}`);
  await expect(card).toContainText('Too small for her wrist');

  await card.getByLabel(/Refund the shipping too/).check();
  await card.getByRole('button', { name: 'Receive and refund…' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'phone-refund-confirm.png'), fullPage: true });
  await dialog.getByRole('button', { name: /^Refund €/ }).click();
  await expect(returns.getByRole('status')).toHaveText(/refunded: €.*The shopper gets an e-mail\./);
  await expect(card.getByRole('heading')).toHaveText(/Return \d+: Refunded/);
  await expect(card).toContainText('with the shipping');
  const history = page.getByRole('region', { name: 'Timeline' });
  await expect(history).toContainText(new RegExp(`Return \\d+ opened: 1 x ${PIECE}`));
  await expect(history).toContainText(/Return \d+ received and refunded: €[\d.]+ with the shipping/);
  await expect(history).toContainText(new RegExp(`Refunded €[\\d.]+: Return of 1 x ${PIECE}`));
  await expectNoSeriousViolations(axeScan(page));
  await page.screenshot({ path: path.join(SHOTS, 'phone-return-refunded.png'), fullPage: true });

  // The shopper: the refund e-mail, and the order page saying the return is refunded.
  await expect.poll(() => emlFilesFor(reference, 'order-refund').length, { timeout: 15_000 }).toBe(1);
  await expect.poll(() => emlFilesFor(reference, MAIL_KINDS.customer).length, { timeout: 15_000 }).toBe(1);
  const confirmation = await readEml(emlFilesFor(reference, MAIL_KINDS.customer)[0] ?? '');
  const link = LINK.exec(confirmation.text ?? '')?.[0];
  expect(link).toBeDefined();
  await page.goto(link ?? '');
  const shopper = page.getByRole('region', { name: 'Returns' });
  await expect(shopper).toContainText('Return refunded: the money is on its way back to you.');
  await expect(shopper).toContainText(`1 x ${PIECE}`);
  await expectNoSeriousViolations(axeScan(page));
  await page.screenshot({ path: path.join(SHOTS, 'phone-shopper-order-page.png'), fullPage: true });
});
