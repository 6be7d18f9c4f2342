/**
 * The desk's Customers on a phone against the real server (docs/product/desk.md §10.15, docs/product/privacy.md §12.2): a shopper pays
 * through the TEST MODE checkout; the owner finds them by e-mail, writes a note, downloads their data (the
 * privacy export, with the order in it), is refused the erasure while the order is owed (the refusal names
 * it, under the button), and once it is delivered erases them: the page names the anonymised order kept
 * for the accounts and the customer has left the list. axe finds nothing serious. Screenshots under
 * test-results/customers/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  allowMissingProductImages,
  dispatchAndDeliver,
  E2E_OWNER_HEADERS,
  payAnOrderInTheShop,
  signInToDesk,
} from '../support/desk-journey';
import { axeScan, expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';
import { shot } from './shot';

const SHOTS = path.resolve('test-results/customers');

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ consoleGuard, request }) => allowMissingProductImages(consoleGuard, request));

test('find a customer on a phone, note them, export their data, and erase them once their order is delivered', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  // The desk asks whether it is signed in (401 before sign-in); the refused erasure is a 409: the
  // browser logs each refused request, which is what they are here.
  consoleGuard.allow(/the server responded with a status of (401|409)/);
  mkdirSync(SHOTS, { recursive: true });
  const email = `roisin.${Date.now()}@example.ie`;
  const reference = await payAnOrderInTheShop(page, email, {
    name: 'Róisín Duffy',
    line1: '9 Castle Street',
    city: 'Sligo',
    postcode: 'F91 K2P3',
  });

  await signInToDesk(page);
  // A phone's navigation holds ten sections in two rows: Customers is one tap away from Orders.
  await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('link', { name: 'Customers →' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();

  await page.getByLabel('Search by name or e-mail').fill(email.slice(0, 20));
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('link', { name: /Róisín Duffy/ });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(email);
  await expect(row).toContainText('1 order');
  await expectNoSeriousViolations(axeScan(page));
  await shot(page, { path: path.join(SHOTS, 'phone-list.png'), fullPage: true });
  await row.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Róisín Duffy' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Orders' }).getByRole('link', { name: reference }),
  ).toBeVisible();
  await page.getByLabel(/Note about this customer/).fill('Prefers the small size');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText('Note saved.')).toBeVisible();

  // The export: the privacy API's JSON, downloaded, with the order and the note in it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export their data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^personal-data-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync((await download.path()) ?? '', 'utf8')) as {
    Orders: { Reference: string; Name: string }[];
    'Customer note': { Text: string } | null;
  };
  expect(exported.Orders).toEqual([expect.objectContaining({ Reference: reference, Name: 'Róisín Duffy' })]);
  expect(exported['Customer note']?.Text).toBe('Prefers the small size');

  // Owed: the erasure is refused, naming the order, where the owner is looking.
  const privacy = page.getByRole('region', { name: 'Their data' });
  await privacy.getByRole('button', { name: 'Erase customer…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Erase this customer?' });
  await expect(dialog).toContainText(email);
  await expect(dialog).toContainText('Taxes Consolidation Act 1997 s.886');
  await expectNoSeriousViolations(axeScan(page));
  await shot(page, { path: path.join(SHOTS, 'phone-erase-dialog.png') });
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await expect(privacy.getByRole('alert')).toContainText(`Order ${reference} is paid but not yet delivered`);
  await shot(page, { path: path.join(SHOTS, 'phone-erase-refused.png'), fullPage: true });

  // The parcel arrives (the owner's script does what the order's page does).
  await dispatchAndDeliver(request, reference, 'CE123456789IE');

  await privacy.getByRole('button', { name: 'Erase customer…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customer erased' })).toBeVisible();
  const done = page.getByRole('status').filter({ hasText: 'erased' });
  await expect(done).toContainText(`${reference}, until 31 Dec`);
  await expect(done).toContainText('reference, items, amounts, VAT, dates and country');
  await expectNoSeriousViolations(axeScan(page));
  await shot(page, { path: path.join(SHOTS, 'phone-erased.png'), fullPage: true });

  // Gone from the list; the order stays for the accounts without the person.
  await page.getByRole('link', { name: '← All customers' }).click();
  await page.getByLabel('Search by name or e-mail').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(`No customer matches “${email}”.`)).toBeVisible();
  const order = await request.get(`/api/admin/orders/${reference}`, { headers: E2E_OWNER_HEADERS });
  expect(await order.json()).toMatchObject({ reference, email: '', status: 'delivered' });
});
