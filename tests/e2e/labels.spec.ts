/**
 * Labels on a phone (docs/product/shipping.md §22), against the real server with its built-in TEST label
 * provider (no SHIPENGINE_API_KEY): a US order is paid through the TEST MODE checkout, the owner signs in,
 * taps "Buy label" for it on Today, sees its TEST tracking number and the label to print; the order is
 * dispatched and the shopper's "on its way" e-mail carries the tracking link and the US duty notice.
 * axe finds nothing serious.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { APIRequestContext } from '@playwright/test';
import { irishDate } from '../../domain/shared/calendar-date';
import { DATABASE_FILE } from '../../server/db/database';
import { E2E_OWNER_HEADERS, signInToDesk } from '../support/desk-journey';
import { axeScan, expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';
import { emlFilesFor, readEml } from './outbox';
import { shopOfItsOwn } from './own-shop';
import { shot } from './shot';

// It gives a product its customs data (a catalogue edit every shopper's pages follow): a shop of its own.
const shop = shopOfItsOwn();
const SHOTS = path.resolve('test-results/labels');

test.use({ viewport: { width: 390, height: 844 } });

/** Product 1 with its customs data: a parcel leaving the EU declares it. */
async function giveCustoms(request: APIRequestContext): Promise<void> {
  const res = await request.patch('/api/admin/products/1', {
    headers: E2E_OWNER_HEADERS,
    data: {
      customs: {
        hsCode: '711719',
        originCountry: 'IE',
        materials: 'glass and sterling silver',
        weightGrams: { S: 18, M: 20, L: 22 },
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** One piece of First Light to New York, paid through the test checkout's form as a browser posts it. */
async function payUsOrder(request: APIRequestContext): Promise<string> {
  const checkout = await request.post('/api/checkout', {
    data: { email: 'jordan.labels@example.com', items: [{ id: '1', quantity: 1, size: 'M' }], zone: 'WORLD' },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  const paid = await request.post(`/test-checkout/${sessionId}/pay`, {
    form: {
      email: 'jordan.labels@example.com',
      name: 'Jordan Reyes',
      line1: '350 Fifth Avenue',
      city: 'New York',
      postalCode: '10118',
      country: 'US',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 39',
      cvc: '123',
    },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  return `SOL-${sessionId.slice(8, 16).toUpperCase()}`;
}

/**
 * The order falls due today, as if paid days ago: the making queue dates a new order two or three working
 * days on, past what Today lists on a weekend. Written in the shop's own database, which the journey owns.
 */
function dueToday(dataDir: string, reference: string): void {
  const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
  try {
    db.prepare('update orders set dispatch_date = ? where reference = ?').run(
      irishDate(new Date()),
      reference,
    );
  } finally {
    db.close();
  }
}

test('the owner buys a label for a US order from Today on a phone; the shopper’s e-mail has the tracking link and the duty notice', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  // The desk asks whether it is signed in before sign-in: the browser logs that refused request.
  consoleGuard.allow(/the server responded with a status of 401/);
  await giveCustoms(request);
  const reference = await payUsOrder(request);
  dueToday(shop().dataDir, reference);

  await signInToDesk(page);
  const dispatch = page.getByRole('region', { name: 'Dispatch today' });
  const buy = dispatch.getByRole('button', { name: `Buy label for ${reference}` });
  await expect(buy).toBeVisible();
  await buy.click();
  const bought = dispatch.getByRole('status').filter({ hasText: `Label bought for ${reference}` });
  await expect(bought).toContainText(/An Post TE\d{9}IE/);
  const trackingNumber = /TE\d{9}IE/.exec((await bought.textContent()) ?? '')?.[0] ?? '';
  await expect(bought.getByRole('link', { name: 'Print label' })).toHaveAttribute(
    'href',
    `/api/admin/orders/${reference}/label`,
  );
  await expect(dispatch.getByRole('link', { name: 'four to an A4 sheet' })).toBeVisible();
  await expectNoSeriousViolations(axeScan(page));
  await shot(page, { path: path.join(SHOTS, 'phone-today-label.png'), fullPage: true });

  // The order is dispatched with that number, and its page shows the label.
  const order = await request.get(`/api/admin/orders/${reference}`, { headers: E2E_OWNER_HEADERS });
  expect(await order.json()).toMatchObject({
    status: 'dispatched',
    dispatch: { carrier: 'an_post', trackingNumber },
  });
  await page.goto(`/admin#/orders/${reference}`);
  await expect(page.getByText(`Label: An Post ${trackingNumber}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Void label' })).toBeVisible();

  // The shopper's "on its way" e-mail, once, with the tracking link.
  const outbox = path.join(shop().dataDir, 'outbox');
  await expect
    .poll(() => emlFilesFor(reference, 'order-dispatched', outbox).length, { timeout: 15_000 })
    .toBe(1);
  const [file] = emlFilesFor(reference, 'order-dispatched', outbox);
  const mail = await readEml(file ?? '', outbox);
  expect(mail.text).toContain(`https://www.anpost.com/Post-Parcels/Track/History?item=${trackingNumber}`);
  // And the duty the carrier will ask for at the door, as the checkout and the confirmation said it.
  expect(mail.text?.replace(/\s+/g, ' ')).toContain(
    'Import duty for the United States: US customs charge about 15% of the order',
  );
});
