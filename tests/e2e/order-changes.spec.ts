/**
 * Changing an order before dispatch and resending an e-mail, on a phone against the real server (docs/
 * product/orders.md §10.16): the owner corrects the house number on a paid order (the history shows before and
 * after, the shopper gets exactly one e-mail with the new address); once dispatched the change is no longer
 * offered and the API refuses it (409); the dispatch e-mail is sent again as a new message, the first one
 * untouched. axe finds nothing serious. Screenshots under test-results/order-changes/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  allowMissingProductImages,
  E2E_OWNER_HEADERS,
  payAnOrderInTheShop,
  signInToDesk,
} from '../support/desk-journey';
import { axeScan, expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';
import { emlFilesFor, readEml } from './outbox';
import { shot } from './shot';

const SHOTS = path.resolve('test-results/order-changes');

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ consoleGuard, request }) => allowMissingProductImages(consoleGuard, request));

test('correct the house number before dispatch (one e-mail), refused after; resend the dispatch e-mail', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  consoleGuard.allow(/the server responded with a status of 401/);
  mkdirSync(SHOTS, { recursive: true });
  const email = `eoin.${Date.now()}@example.ie`;
  const reference = await payAnOrderInTheShop(page, email, {
    name: 'Eoin Byrne',
    line1: '21 Shop Street',
    city: 'Galway',
    postcode: 'H91 C3D4',
  });

  await signInToDesk(page);
  await page.goto(`/admin#/orders/${reference}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(reference) })).toBeVisible();

  const delivery = page.getByRole('region', { name: 'Customer and delivery' });
  await delivery.getByRole('button', { name: 'Change delivery details' }).click();
  const line1 = delivery.getByLabel('Address', { exact: true });
  await expect(line1).toHaveValue('21 Shop Street');
  await line1.fill('12 Shop Street');
  await expectNoSeriousViolations(axeScan(page));
  await shot(page, { path: path.join(SHOTS, 'phone-change-form.png'), fullPage: true });
  await delivery.getByRole('button', { name: 'Save changes' }).click();
  await expect(delivery.getByRole('status').first()).toHaveText(
    'Saved. The shopper gets an e-mail saying what changed.',
  );
  await expect(delivery.locator('address')).toContainText('12 Shop Street');
  const history = page.getByRole('region', { name: 'Timeline' });
  await expect(history).toContainText('21 Shop Street');
  await expect(history).toContainText('→ Eoin Byrne, 12 Shop Street');
  await shot(page, { path: path.join(SHOTS, 'phone-changed.png'), fullPage: true });

  // Exactly one e-mail to the shopper, with the new address.
  await expect.poll(() => emlFilesFor(reference, 'order-change').length, { timeout: 15_000 }).toBe(1);
  const [changeFile] = emlFilesFor(reference, 'order-change');
  const change = await readEml(changeFile ?? '');
  expect(change.subject).toContain(`${reference} has been updated`);
  expect(change.text).toContain('Delivery address: Eoin Byrne, 12 Shop Street, Apartment 4, Galway');

  // Dispatched: the change is no longer offered, and the API refuses it.
  const dispatched = await request.post(`/api/admin/orders/${reference}/dispatch`, {
    headers: E2E_OWNER_HEADERS,
    data: { carrier: 'an_post', trackingNumber: 'CE123456789IE' },
  });
  expect(dispatched.status()).toBe(200);
  await page.reload();
  await expect(delivery.getByRole('button', { name: 'Resend dispatch e-mail' })).toBeVisible();
  await expect(delivery.getByRole('button', { name: 'Change delivery details' })).toHaveCount(0);
  const late = await request.patch(`/api/admin/orders/${reference}`, {
    headers: E2E_OWNER_HEADERS,
    data: { address: { name: 'Eoin Byrne', line1: '99 Shop Street', city: 'Galway', country: 'IE' } },
  });
  expect(late.status()).toBe(409);
  expect(await late.json()).toEqual({ ok: false, error: 'A dispatched order cannot be changed' });

  // The dispatch e-mail went to spam: send it again.
  await expect.poll(() => emlFilesFor(reference, 'order-dispatched').length, { timeout: 15_000 }).toBe(1);
  await delivery.getByRole('button', { name: 'Resend dispatch e-mail' }).click();
  await expect(delivery.getByText(`Sent again: dispatch e-mail to ${email}.`)).toBeVisible();
  await expect(history).toContainText('"On its way" e-mail to the shopper, sent again');
  await expect.poll(() => emlFilesFor(reference, 'order-dispatched').length, { timeout: 15_000 }).toBe(2);
  const again = await Promise.all(emlFilesFor(reference, 'order-dispatched').map((f) => readEml(f)));
  for (const mail of again) expect(mail.text).toContain('Tracking number: CE123456789IE');
  // Still exactly one e-mail about the change.
  expect(emlFilesFor(reference, 'order-change')).toHaveLength(1);
  await expectNoSeriousViolations(axeScan(page));
  await shot(page, { path: path.join(SHOTS, 'phone-resent.png'), fullPage: true });
});
