/**
 * A return on a phone against the real server (docs/product/orders.md §10.18): a delivered order's return is
 * opened on the desk (its piece, a reason), received and refunded with the shipping through the
 * test checkout's refund; the history names each step, the shopper gets the refund e-mail, and their order
 * page says the return is refunded. axe finds nothing serious. Screenshots under test-results/returns/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { getProduct } from '../../domain/catalogue';
import { ORDERS_MAIL_KINDS } from '../../server/orders/mail-kinds';
import {
  allowMissingProductImages,
  dispatchAndDeliver,
  payAnOrderInTheShop,
  signInToDesk,
} from '../support/desk-journey';
import { axeScan, expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';
import { emlFilesFor, readEml } from './outbox';
import { shot } from './shot';

const SHOTS = path.resolve('test-results/returns');
/** One piece under the free-shipping threshold: the order has a shipping line to refund. */
const PIECE = getProduct('5')?.name ?? '';
const LINK = /https?:\/\/[^\s"]+\/#\/order\/SOL-[A-Z0-9_-]+\?key=[A-Za-z0-9_-]+/;

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ consoleGuard, request }) => allowMissingProductImages(consoleGuard, request));

test('open a return of a delivered order, receive and refund it with the shipping, and the shopper sees it', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  consoleGuard.allow(/the server responded with a status of 401/);
  mkdirSync(SHOTS, { recursive: true });
  const email = `saoirse.${Date.now()}@example.ie`;
  const reference = await payAnOrderInTheShop(
    page,
    email,
    { name: 'Saoirse Kelly', line1: '3 Mill Lane', city: 'Westport', postcode: 'F28 K2X3' },
    [{ id: '5', quantity: 1 }],
  );
  await dispatchAndDeliver(request, reference, 'CE987654321IE');

  await signInToDesk(page);
  await page.goto(`/admin#/orders/${reference}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(reference) })).toBeVisible();

  const returns = page.getByRole('region', { name: 'Returns' });
  await returns.getByRole('button', { name: 'Open a return' }).click();
  await returns.getByLabel(new RegExp(PIECE)).fill('1');
  await returns.getByLabel('Reason').fill('Too small for her wrist');
  await expectNoSeriousViolations(axeScan(page));
  await shot(page, { path: path.join(SHOTS, 'phone-open-return.png'), fullPage: true });
  await returns.getByRole('button', { name: 'Open the return' }).click();
  await expect(returns.getByRole('status')).toHaveText(/^Return \d+ opened\.$/);
  const card = returns.getByRole('article');
  await expect(card.getByRole('heading')).toHaveText(/Return \d+: Requested/);
  await expect(card).toContainText(`1 x ${PIECE}`);
  await expect(card).toContainText('Too small for her wrist');

  await card.getByLabel(/Refund the shipping too/).check();
  await card.getByRole('button', { name: /^Receive and refund return \d+…$/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await shot(page, { path: path.join(SHOTS, 'phone-refund-confirm.png'), fullPage: true });
  await dialog.getByRole('button', { name: /^Refund €/ }).click();
  await expect(returns.getByRole('status')).toHaveText(/refunded: €.*The shopper gets an e-mail\./);
  await expect(card.getByRole('heading')).toHaveText(/Return \d+: Refunded/);
  await expect(card).toContainText('with the shipping');
  const history = page.getByRole('region', { name: 'Timeline' });
  await expect(history).toContainText(new RegExp(`Return \\d+ opened: 1 x ${PIECE}`));
  await expect(history).toContainText(/Return \d+ received and refunded: €[\d.]+ with the shipping/);
  await expect(history).toContainText(new RegExp(`Refunded €[\\d.]+: Return of 1 x ${PIECE}`));
  await expectNoSeriousViolations(axeScan(page));
  await shot(page, { path: path.join(SHOTS, 'phone-return-refunded.png'), fullPage: true });

  // The shopper: the refund e-mail, and the order page saying the return is refunded.
  await expect.poll(() => emlFilesFor(reference, 'order-refund').length, { timeout: 15_000 }).toBe(1);
  await expect
    .poll(() => emlFilesFor(reference, ORDERS_MAIL_KINDS.customer).length, { timeout: 15_000 })
    .toBe(1);
  const confirmation = await readEml(emlFilesFor(reference, ORDERS_MAIL_KINDS.customer)[0] ?? '');
  const link = LINK.exec(confirmation.text ?? '')?.[0];
  expect(link).toBeDefined();
  await page.goto(link ?? '');
  const shopper = page.getByRole('region', { name: 'Returns' });
  await expect(shopper).toContainText('Return refunded: the money is on its way back to you.');
  await expect(shopper).toContainText(`1 x ${PIECE}`);
  await expectNoSeriousViolations(axeScan(page));
  await shot(page, { path: path.join(SHOTS, 'phone-shopper-order-page.png'), fullPage: true });
});
