/**
 * Orders the owner takes herself (docs/product/orders.md §10.17) on a phone, in a real browser against the real
 * server: from Orders, New order; a craft-fair order of two Tawny Strand at her own price (with its
 * reason), marked paid in cash; then a phone order of one Harvest Moon sent as a payment link, which the
 * customer pays on the TEST MODE checkout. Both are in Today's pieces to make and in Numbers under the
 * owner's channel; the fair order's page shows how it was paid and her price's reason. An axe scan of the
 * form; screenshots under test-results/manual-orders/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { statsResponseSchema } from '../../domain/numbers/stats';
import { irishDate } from '../../domain/shared/calendar-date';
import {
  allowMissingProductImages,
  E2E_OWNER_HEADERS,
  payOnTestCheckout,
  signInToDesk,
} from '../support/desk-journey';
import { axeScan, expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';
import { shot } from './shot';

const SHOTS = path.resolve('test-results/manual-orders');

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ consoleGuard, request }) => allowMissingProductImages(consoleGuard, request));

test('on a phone: a craft-fair order marked paid and a phone order paid by link, both in Today and in Numbers', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const day = irishDate(new Date());
  const statsNow = async () =>
    statsResponseSchema.parse(
      (await (
        await request.get(`/api/admin/stats?from=${day}&to=${day}&by=day`, { headers: E2E_OWNER_HEADERS })
      ).json()) as unknown,
    );
  const manualBefore = (await statsNow()).channels?.manual.orders ?? 0;

  await signInToDesk(page);
  await page.goto('/admin#/orders');
  await page.getByRole('link', { name: 'New order', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();

  // The craft fair: two Tawny Strand in Small at €30 instead of €35, paid in cash.
  await page.getByLabel('Find a bracelet').fill('Tawny');
  await page.getByRole('button', { name: /Add Tawny Strand/ }).click();
  await expect(page.getByLabel('Size of Tawny Strand')).toBeFocused();
  await page.getByLabel('Size of Tawny Strand').selectOption('S');
  await page.getByLabel('Quantity of Tawny Strand').fill('2');
  await page.getByLabel('Price of one Tawny Strand (€)').fill('30');
  await page.getByLabel('Name', { exact: true }).fill('Siobhán Murphy');
  await page.getByLabel('E-mail', { exact: true }).fill('siobhan.fair@example.ie');
  await page.getByLabel('Address', { exact: true }).fill('12 Main Street');
  await page.getByLabel('Town or city').fill('Kilkenny');
  await page.getByLabel('Eircode or postcode (optional)').fill('R95 X2Y3');
  await page.getByLabel('Paid by').selectOption('cash');
  // Her own price needs its reason: said under the field, which takes the focus.
  await page.getByRole('button', { name: 'Make the order, paid' }).click();
  const reason = page.getByLabel(/Reason for the price of Tawny Strand/);
  await expect(reason).toBeFocused();
  await expect(page.getByText('Say why this line has its own price.')).toBeVisible();
  await reason.fill('Craft fair price');
  // The server's total: 2 x €30, free delivery in Ireland.
  const totals = page.getByRole('region', { name: 'Total' });
  await expect(totals.getByRole('definition').last()).toHaveText('€60.00');
  await shot(page, { path: path.join(SHOTS, 'phone-new-order-fair.png'), fullPage: true });
  await expectNoSeriousViolations(axeScan(page));
  await page.getByRole('button', { name: 'Make the order, paid' }).click();
  const made = page.getByRole('heading', { name: /^Order SOL-[A-Z0-9]{8} made$/ });
  await expect(made).toBeFocused();
  const fair = /SOL-[A-Z0-9]{8}/.exec((await made.textContent()) ?? '')?.[0] ?? '';
  expect(fair).not.toBe('');
  await expect(page.getByText('Paid (Cash), €60.00: it is in the making queue.')).toBeVisible();
  await shot(page, { path: path.join(SHOTS, 'phone-fair-order-made.png'), fullPage: true });

  // A phone order: one Harvest Moon, paid by the customer through a payment link.
  await page.getByRole('button', { name: 'Take another order' }).click();
  await page.getByLabel('Find a bracelet').fill('Harvest');
  await page.getByRole('button', { name: /Add Harvest Moon/ }).click();
  await page.getByLabel('Name', { exact: true }).fill('Aoife Murphy');
  await page.getByLabel('E-mail', { exact: true }).fill('aoife.phone@example.ie');
  await page.getByLabel('Address', { exact: true }).fill('12 Harbour Road');
  await page.getByLabel('Town or city').fill('Cork');
  await page.getByLabel('Send a payment link: the customer pays by card').check();
  await page.getByLabel('Gift wrap (€3.50)').check();
  await page.getByLabel('Gift message (optional)').fill('Happy birthday, Mam');
  // €35 + €3.50 gift wrap: under €40 of bracelets, so €4.95 delivery.
  await expect(totals.getByRole('definition').last()).toHaveText('€43.45');
  await shot(page, { path: path.join(SHOTS, 'phone-new-order-link.png'), fullPage: true });
  await expectNoSeriousViolations(axeScan(page));
  await page.getByRole('button', { name: 'Make the order and its payment link' }).click();
  const linked = page.getByRole('heading', { name: /^Order SOL-[A-Z0-9]{8} made$/ });
  await expect(linked).toBeFocused();
  const phone = /SOL-[A-Z0-9]{8}/.exec((await linked.textContent()) ?? '')?.[0] ?? '';
  expect(phone).not.toBe('');
  const paymentUrl = await page.getByLabel('Payment link').inputValue();
  expect(paymentUrl).toMatch(/\/test-checkout\/cs_test_[A-Za-z0-9]+$/);
  await shot(page, { path: path.join(SHOTS, 'phone-link-order-made.png'), fullPage: true });
  await expectNoSeriousViolations(axeScan(page));

  // The customer pays on the test checkout; the order is confirmed as any order.
  const customer = await page.context().newPage();
  await customer.goto(paymentUrl);
  await expect(customer.getByText('€43.45').first()).toBeVisible();
  await payOnTestCheckout(customer, {
    name: 'Aoife Murphy',
    line1: '12 Harbour Road',
    city: 'Cork',
    postcode: 'T12 AB34',
  });
  await expect(customer.getByText(phone).first()).toBeVisible();
  await customer.close();

  // Today: both orders among the pieces to make.
  await page.goto('/admin#/');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  const make = page.getByRole('region', { name: 'Make today' });
  await expect(make.getByRole('link', { name: fair })).toBeVisible();
  await expect(make.getByRole('link', { name: phone })).toBeVisible();
  await shot(page, { path: path.join(SHOTS, 'phone-today.png'), fullPage: true });

  // The fair order's page: marked as the owner's, paid in cash, her price's reason.
  await make.getByRole('link', { name: fair }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${fair}` })).toBeVisible();
  await expect(page.getByText('Phone or fair').first()).toBeVisible();
  await expect(page.getByText('Cash, recorded in the desk')).toBeVisible();
  await expect(page.getByText('Your own price: Craft fair price')).toBeVisible();
  await shot(page, { path: path.join(SHOTS, 'phone-fair-order-page.png'), fullPage: true });
  await expectNoSeriousViolations(axeScan(page));

  // Numbers: today's orders by channel, the owner's two among them.
  await page.goto(`/admin#/numbers?from=${day}&to=${day}&by=day`);
  await expect(page.getByRole('heading', { level: 1, name: 'Numbers' })).toBeVisible();
  const channels = page.getByRole('table', { name: 'By channel' });
  const manualRow = channels.getByRole('row', { name: /Phone or fair/ });
  await expect(manualRow.getByRole('cell').first()).toHaveText(String(manualBefore + 2));
  await expect(channels.getByRole('row', { name: /Web/ })).toBeVisible();
  await manualRow.scrollIntoViewIfNeeded();
  await shot(page, { path: path.join(SHOTS, 'phone-numbers-by-channel.png'), fullPage: true });
  expect((await statsNow()).channels?.manual.orders).toBe(manualBefore + 2);
});
