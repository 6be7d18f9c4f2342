/**
 * EU VAT in a real browser (docs/product/vat.md §20.8): a German business buyer on a phone gives its VAT
 * number at the checkout (a fake VIES answers), sees and pays the net price on the TEST checkout; the
 * owner then downloads the order's invoice and the quarter's OSS return and VIES statement on the desk.
 * The shop of its own: the VAT mode is set for this file alone.
 */
import { readFileSync } from 'node:fs';
import { getProduct } from '../../domain/catalogue';
import { STORAGE_KEYS } from '../../domain/config';
import { cents, formatEuro } from '../../domain/shared/money';
import { REVERSE_CHARGE_WORDING } from '../../domain/vat/invoice-text';
import { vatInside } from '../../domain/vat/vat-breakdown';
import { type FakeVies, startFakeVies } from '../support/fake-vies';
import { expect, test } from './fixtures';
import { shopOfItsOwn } from './own-shop';
import { E2E_ADMIN_TOKEN } from './shop-env';

const FIRST_LIGHT = getProduct('1');
if (!FIRST_LIGHT) throw new Error('catalogue changed: product 1 is missing');
const owner = { authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
/** The first start's EU zone fee (cents); the owner's settings keep it in this shop of its own. */
const EU_SHIPPING = 995;

// The fake VIES listens (on a port the OS chose) before the shop starts with its address as VIES_URL.
let vies: FakeVies | null = null;
shopOfItsOwn(async () => {
  vies = await startFakeVies({ DE123456789: { name: 'Vogel GmbH', address: 'Hauptstr. 1, 10115 Berlin' } });
  return { VIES_URL: vies.url };
});
test.afterAll(async () => {
  await vies?.close();
  vies = null;
});

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('a German business on a phone pays the net price; the owner downloads its invoice, OSS and VIES', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  // Product images may not be generated in this build; the desk asks whether it is signed in first.
  consoleGuard.allow(/the server responded with a status of (401|404)/);
  const saved = await request.patch('/api/admin/settings', {
    headers: owner,
    data: { vat: { mode: 'oss', vatNumber: 'IE1234567T', gb: 'no_sale' } },
  });
  expect(saved.status()).toBe(200);

  await page.goto('/#/cart');
  await page.evaluate(
    ([cartKey, cart, zoneKey]) => {
      localStorage.setItem(cartKey, cart);
      localStorage.setItem(zoneKey, 'EU');
    },
    [
      STORAGE_KEYS.cart,
      JSON.stringify([{ id: '1', name: 'First Light', price: FIRST_LIGHT.price, quantity: 1 }]),
      STORAGE_KEYS.zone,
    ] as const,
  );
  await page.goto('about:blank');
  await page.goto('/#/cart');

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  await dialog.getByLabel('Email address').fill('einkauf@vogel.example');
  await dialog.getByLabel('Country of delivery').selectOption('DE');
  await dialog.getByLabel("I'm buying for a business").check();
  await dialog.getByLabel('Company name').fill('Vogel GmbH');
  await dialog.getByLabel('EU VAT number').fill('DE 123 456 789');
  await dialog.getByRole('button', { name: 'Continue' }).click();

  // The price less the Irish VAT inside each line: the piece and the shipping.
  const net = [FIRST_LIGHT.price, EU_SHIPPING].reduce(
    (sum, gross) => sum + gross - vatInside(gross, 2300),
    0,
  );
  const netText = formatEuro(cents(net));
  await page.waitForURL(/\/test-checkout\/cs_test_/);
  // The shop asked VIES once, and VIES answered (the shop waits up to 5 s before it charges VAT instead).
  const asked = vies?.requests ?? [];
  expect(asked).toHaveLength(1);
  expect(asked[0]).toMatchObject({ countryCode: 'DE', vatNumber: '123456789', requesterNumber: '1234567T' });
  expect(vies?.answered).toBe(1);
  await expect(page.getByRole('heading', { name: `Pay ${netText}` })).toBeVisible();
  await page.getByLabel('Full name').fill('Greta Vogel');
  await page.getByLabel('Address').fill('Hauptstr. 1');
  await page.getByLabel('Town or city').fill('Berlin');
  await page.getByLabel('Postcode').fill('10115');
  await page.getByLabel('Country').selectOption('DE');
  await page.getByLabel('Card number').pressSequentially('4242424242424242');
  await page.getByLabel('Expiry date (MM / YY)').pressSequentially('1239');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL(/#\/order-confirmation\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const reference = (await page.getByTestId('order-reference').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^SOL-/);

  // The owner, on the desk.
  await page.goto(`/admin#/orders/${encodeURIComponent(reference)}`);
  await page.getByLabel('Owner token').fill(E2E_ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Intra-Community supply, reverse charge')).toBeVisible();
  // Under the total, the confirmation's sentence: no "€0.00 VAT included".
  const items = page.getByRole('region', { name: 'Items' });
  await expect(
    items.getByText(`${REVERSE_CHARGE_WORDING}: no VAT is charged.`, { exact: true }),
  ).toBeVisible();
  await expect(items.getByText(/VAT included/)).toHaveCount(0);
  const invoiceLink = page.getByRole('link', { name: /^Download invoice \d{4}-\d{6} \(PDF\)$/ });
  const [invoice] = await Promise.all([page.waitForEvent('download'), invoiceLink.click()]);
  expect(invoice.suggestedFilename()).toMatch(/\.pdf$/);

  await page.goto('/admin#/numbers');
  await page.getByText(/OSS return, VIES statement and VAT3/).click();
  const [oss] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the OSS return (CSV)' }).click(),
  ]);
  expect(oss.suggestedFilename()).toMatch(/\.csv$/);
  const [statement] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the VIES statement (CSV)' }).click(),
  ]);
  expect(readFileSync(await statement.path(), 'utf8')).toContain('DE123456789');
});
