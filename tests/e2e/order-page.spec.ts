/**
 * After the sale, in a real browser against the real server: pay on the TEST MODE checkout, open the order
 * page from the confirmation e-mail's link, see the status, send a withdrawal notice and find both of its
 * e-mails; then "Find your order" from a fresh browser, which gets the link by e-mail only.
 */
import type { Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { getProduct } from '../../domain/catalogue';
import { BRAND, STORAGE_KEYS } from '../../domain/config';
import { FIND_ORDER_ANSWER } from '../../domain/orders/order-page';
import { ORDERS_MAIL_KINDS } from '../../server/orders/mail-kinds';
import { axeScan, expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';
import { emlFilesFor, readEml } from './outbox';
import { shot } from './shot';

const OWNER = BRAND.contactEmail;
const SHOPPER = 'niamh.byrne@example.ie';
const KEPT = getProduct('1')?.name ?? '';
const RETURNED = getProduct('5')?.name ?? '';
const LINK = /https?:\/\/[^\s"]+\/#\/order\/SOL-[A-Z0-9_-]+\?key=[A-Za-z0-9_-]+/;

async function readMail(reference: string, kind: string): Promise<ParsedMail> {
  await expect.poll(() => emlFilesFor(reference, kind).length, { timeout: 10_000 }).toBeGreaterThan(0);
  const file = emlFilesFor(reference, kind)[0] ?? '';
  return readEml(file);
}

function recipient(mail: ParsedMail): string {
  return Array.isArray(mail.to) ? '' : (mail.to?.value[0]?.address ?? '');
}

async function payForAnOrder(page: Page): Promise<string> {
  await page.goto('/#/cart');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEYS.cart,
    JSON.stringify([
      { id: '1', quantity: 1 },
      { id: '5', quantity: 2 },
    ]),
  ] as const);
  await page.goto('about:blank');
  await page.goto('/#/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  await dialog.getByLabel('Email address').fill(SHOPPER);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/test-checkout\/cs_test_[A-Za-z0-9]+$/);
  const sessionId = page.url().split('/').pop() ?? '';
  await page.getByLabel('Full name').fill('Niamh Byrne');
  await page.getByLabel('Address').fill('12 Harbour Road');
  await page.getByLabel('Town or city').fill('Howth');
  await page.getByLabel('Postcode').fill('D13 XY12');
  await page.getByLabel('Country').selectOption('IE');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  return `SOL-${sessionId.slice(8, 16).toUpperCase()}`;
}

test('pay, open the order page from the e-mail, see the status, cancel, and get both e-mails', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(60_000);
  // Product images are built by the image pipeline; a build without them is not what this tests.
  consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
  const reference = await payForAnOrder(page);

  const confirmation = await readMail(reference, ORDERS_MAIL_KINDS.customer);
  // No VAT number in this shop's configuration: it charges no VAT, and the e-mail says nothing of VAT included.
  expect(confirmation.text).toContain('is not registered for VAT: no VAT is charged on this order.');
  expect(confirmation.text).not.toContain('VAT included');
  expect(confirmation.text).toContain('Model withdrawal form');
  const link = LINK.exec(confirmation.text ?? '')?.[0];
  expect(link).toBeDefined();
  expect(confirmation.html).toContain(`href="${link}"`);

  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { name: 'Your order', exact: true })).toBeVisible();
  await expect(page.getByText(`Order reference ${reference}`)).toBeVisible();
  const status = page.getByRole('list', { name: 'Order status' });
  await expect(status.locator('[aria-current="step"]')).toContainText('Paid');
  await expect(page.getByRole('row', { name: /Total paid/ })).toBeVisible();
  // Under the total, the VAT in the e-mail's own sentence (not "€0.00 VAT included").
  const vatSentence = /Prices and VAT\n {2}(.+)\n/.exec(confirmation.text ?? '')?.[1];
  expect(vatSentence).toMatch(/is not registered for VAT/);
  await expect(page.getByText(vatSentence ?? '', { exact: true })).toBeVisible();
  await expect(page.getByText(/VAT included/)).toHaveCount(0);
  await expect(page.getByText('12 Harbour Road')).toBeVisible();
  expect(await page.locator('meta[name="referrer"]').getAttribute('content')).toBe('no-referrer');
  await expectNoSeriousViolations(axeScan(page).exclude('[data-sonner-toaster]'));

  await page.getByRole('button', { name: 'Use the withdrawal form' }).click();
  await page.getByRole('checkbox', { name: `1 × ${KEPT}` }).uncheck();
  await page.getByLabel('Reason (optional)').fill('A gift that did not fit');
  await page.getByLabel('Your name').fill('Niamh Byrne');
  await page.getByRole('button', { name: 'Send withdrawal notice' }).click();
  await expect(page.getByText(/Withdrawal notice received on/)).toBeVisible();
  await shot(page, { path: 'test-results/order-page-withdrawn.png', fullPage: true });

  const ack = await readMail(reference, ORDERS_MAIL_KINDS.withdrawalAck);
  expect(recipient(ack)).toBe(SHOPPER);
  expect(ack.text).toContain('We have received your notice of withdrawal');
  expect(ack.text).toContain(`2 x ${RETURNED}`);
  expect(ack.text).not.toContain(KEPT);
  const owner = await readMail(reference, ORDERS_MAIL_KINDS.withdrawalOwner);
  expect(recipient(owner)).toBe(OWNER);
  expect(owner.text).toContain('Reason: A gift that did not fit');

  // Sent again (a reload, a second click elsewhere): still one notice, no new e-mail.
  await page.reload();
  await expect(page.getByText(/Withdrawal notice received on/)).toBeVisible();
  expect(emlFilesFor(reference, 'withdrawal')).toHaveLength(2);
});

test('find your order from a fresh browser: the link arrives by e-mail, never on screen', async ({
  page,
  browser,
  consoleGuard,
}) => {
  test.setTimeout(60_000);
  consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
  const reference = await payForAnOrder(page);

  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    const lookup = await other.goto('/order');
    expect(lookup?.headers()['referrer-policy']).toBe('no-referrer');
    await other.getByLabel('Order reference').fill(reference.toLowerCase());
    await other.getByLabel('E-mail address').fill('someone.else@example.ie');
    await other.getByRole('button', { name: 'E-mail me the link' }).click();
    await expect(other.getByRole('status')).toHaveText(FIND_ORDER_ANSWER);
    await other.getByLabel('E-mail address').fill(SHOPPER);
    await other.getByRole('button', { name: 'E-mail me the link' }).click();
    await expect(other.getByRole('status')).toHaveText(FIND_ORDER_ANSWER);
    await expect(other.getByText(/key=/)).toHaveCount(0);

    const mail = await readMail(reference, ORDERS_MAIL_KINDS.orderLink);
    expect(recipient(mail)).toBe(SHOPPER);
    expect(emlFilesFor(reference, ORDERS_MAIL_KINDS.orderLink)).toHaveLength(1);
    const link = LINK.exec(mail.text ?? '')?.[0] ?? '';
    // The path form of the same link: served with no referrer and noindex, then the app takes over.
    const pathForm = link.replace('/#/order/', '/order/');
    const response = await other.goto(pathForm);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(other.getByRole('heading', { name: 'Your order', exact: true })).toBeVisible();
    await expect(other.getByText(`Order reference ${reference}`)).toBeVisible();

    // A wrong key: the same page as an unknown order.
    await other.goto(link.replace(/key=[A-Za-z0-9_-]+/, `key=${'A'.repeat(32)}`));
    await expect(other.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  } finally {
    await fresh.close();
  }
});
