/**
 * An exchange for another size on a phone against the real server (docs/product/exchanges.md): the shopper
 * of a delivered order swaps her Medium for a Large on her order page (the link from her e-mail), the
 * owner accepts it on the desk's order, Today's making list shows the remake first, and each e-mail (the
 * owner's, the shopper's receipt, the acceptance) arrives once; the acceptance's link opens her order page
 * with the exchange accepted. axe finds nothing serious. Screenshots under
 * test-results/exchanges/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { getProduct } from '../../domain/catalogue';
import { EXCHANGES_MAIL_KINDS } from '../../server/exchanges/mail-kinds';
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

const SHOTS = path.resolve('test-results/exchanges');
const PIECE = getProduct('5')?.name ?? '';
const LINK = /https?:\/\/[^\s"]+\/#\/order\/SOL-[A-Z0-9_-]+\?key=[A-Za-z0-9_-]+/;

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ consoleGuard, request }) => allowMissingProductImages(consoleGuard, request));

test('the shopper swaps an M for an L, the owner accepts, Today makes the remake first, each e-mail once', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  consoleGuard.allow(/the server responded with a status of 401/);
  mkdirSync(SHOTS, { recursive: true });
  const email = `orla.${Date.now()}@example.ie`;
  const reference = await payAnOrderInTheShop(
    page,
    email,
    { name: 'Orla Nolan', line1: '8 Quay Street', city: 'Galway', postcode: 'H91 X2T4' },
    [{ id: '5', quantity: 1 }],
  );
  await dispatchAndDeliver(request, reference, 'CE555666777IE');

  // The shopper opens her order page from the confirmation e-mail.
  await expect
    .poll(() => emlFilesFor(reference, ORDERS_MAIL_KINDS.customer).length, { timeout: 15_000 })
    .toBe(1);
  const confirmation = await readEml(emlFilesFor(reference, ORDERS_MAIL_KINDS.customer)[0] ?? '');
  const link = LINK.exec(confirmation.text ?? '')?.[0];
  expect(link).toBeDefined();
  await page.goto(link ?? '');
  const exchanges = page.getByRole('region', { name: 'Exchange for another size' });
  await expect(exchanges.getByLabel('Piece to exchange')).toContainText(`${PIECE} (Medium)`);
  await exchanges.getByLabel('New size').selectOption({ label: 'Large' });
  // A toast left from the checkout is the shell's, scanned by its own journeys (as order-page.spec does).
  await expectNoSeriousViolations(axeScan(page).exclude('[data-sonner-toaster]'));
  await shot(page, { path: path.join(SHOTS, 'phone-ask-exchange.png'), fullPage: true });
  await exchanges.getByRole('button', { name: 'Ask for this exchange' }).click();
  await expect(exchanges).toContainText('Exchange requested');
  await expect(exchanges).toContainText(`${PIECE}, Medium for Large`);

  // The owner accepts it on the desk's order.
  await signInToDesk(page);
  await page.goto(`/admin#/orders/${reference}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(reference) })).toBeVisible();
  const desk = page.getByRole('region', { name: 'Exchanges' });
  await expect(desk).toContainText(`${PIECE}: Medium for Large`);
  await expect(desk).toContainText('Waiting for you');
  await desk.getByRole('button', { name: 'Accept the exchange' }).click();
  await expect(desk).toContainText('Accepted');
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
    /Exchange \d+ accepted \(M -> L\)/,
  );
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
    'Exchange accepted e-mail to the shopper',
  );
  await expectNoSeriousViolations(axeScan(page));
  await shot(page, { path: path.join(SHOTS, 'phone-desk-accepted.png'), fullPage: true });

  // Today: the remake heads the making list, ahead of new orders.
  await page.goto('/admin#/');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  const make = page.getByRole('table', { name: 'Pieces to make today by product and size' });
  const first = make.getByRole('row').nth(1);
  await expect(first).toContainText('Remake for an exchange');
  await expect(first).toContainText(reference);
  await expect(first).toContainText('L');
  await shot(page, { path: path.join(SHOTS, 'phone-today-remake.png'), fullPage: true });

  // Each e-mail once: the owner's, the shopper's receipt, the acceptance.
  for (const kind of [
    EXCHANGES_MAIL_KINDS.requested,
    EXCHANGES_MAIL_KINDS.receipt,
    EXCHANGES_MAIL_KINDS.accepted,
  ])
    await expect.poll(() => emlFilesFor(reference, kind).length, { timeout: 15_000 }).toBe(1);
  const accepted = await readEml(emlFilesFor(reference, EXCHANGES_MAIL_KINDS.accepted)[0] ?? '');
  expect(accepted.to && 'text' in accepted.to ? accepted.to.text : '').toContain(email);
  expect(accepted.subject).toContain(reference);

  // The acceptance links to her order page with a key of its own: followed, it opens the page, which
  // shows the exchange accepted.
  const acceptedLink = LINK.exec(accepted.text ?? '')?.[0];
  expect(acceptedLink).toBeDefined();
  expect(acceptedLink).not.toBe(link);
  await page.goto(acceptedLink ?? '');
  const followed = page.getByRole('region', { name: 'Exchange for another size' });
  await expect(followed).toContainText('Exchange accepted');
  await expect(followed).toContainText(`${PIECE}, Medium for Large`);
});
