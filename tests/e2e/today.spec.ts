/**
 * The desk's Today on a phone (docs/product/orders.md §10.9), against the real server: an order is paid through
 * the TEST MODE checkout, the owner signs in and lands on Today, sees the order's pieces to make, the
 * shop's health, and lowers the making capacity; a fresh browser's product page then shows the later date
 * the making queue gives (domain/making/making-queue.ts, from /runtime-env.js); the capacity goes back. axe finds
 * nothing serious; the screenshot is saved under test-results/today/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { parseClosedDates } from '../../domain/making/closed-dates';
import { dispatchDate } from '../../domain/making/dispatch';
import { type PublishedQueue, queueOfPublished } from '../../domain/making/making-queue';
import { formatDayMonth } from '../../domain/shared/calendar-date';
import { axeScan, expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';
import { shopOfItsOwn } from './own-shop';
import { shot } from './shot';

// It changes what every shopper sees: a shop of its own.
shopOfItsOwn();

/** playwright.config.ts hands the server this token (ADMIN_TOKEN), its closures and its capacity. */
const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123';
const CLOSED_DATES = '2026-08-03..2026-08-14';
const JOURNEY_CAPACITY = 1000;
const SHOTS = path.resolve('test-results/today');

/** One order of two pieces of First Light, paid through the test checkout's form, as a browser posts it. */
async function payTwoPieces(request: APIRequestContext): Promise<string> {
  const checkout = await request.post('/api/checkout', {
    data: { email: 'aoife.today@example.ie', items: [{ id: '1', quantity: 2 }], zone: 'IE' },
  });
  expect(checkout.ok()).toBe(true);
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  const paid = await request.post(`/test-checkout/${sessionId}/pay`, {
    form: {
      email: 'aoife.today@example.ie',
      name: 'Aoife Today',
      line1: '4 Quay Street',
      city: 'Galway',
      postalCode: 'H91 AB12',
      country: 'IE',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 39',
      cvc: '123',
    },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  return `SOL-${sessionId.slice(8, 16).toUpperCase()}`;
}

/** The queue as /runtime-env.js hands it to the pages: its working days and the capacity, no count. */
async function runtimeQueue(request: APIRequestContext): Promise<PublishedQueue> {
  const script = await (await request.get('/runtime-env.js')).text();
  const match = /window\.__SOLAS_QUEUE__=Object\.freeze\((\{[^)]*\})\);/.exec(script);
  expect(match, script).not.toBeNull();
  expect(script).not.toContain('queuedPieces');
  return JSON.parse(match?.[1] ?? '{}') as PublishedQueue;
}

async function setCapacity(request: APIRequestContext, pieces: number): Promise<void> {
  const res = await request.patch('/api/admin/settings', {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    data: { makingCapacityPerDay: pieces },
  });
  expect(res.ok()).toBe(true);
}

test.use({ viewport: { width: 390, height: 844 } });

test('Today on a phone: the pieces to make and the shop’s health; a lower capacity moves a fresh browser’s date', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  const reference = await payTwoPieces(request);

  await page.goto('/admin');
  await page.getByLabel('Owner token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  const make = page.getByRole('region', { name: 'Make today' });
  // Other journeys' orders may add First Light in other sizes: this order's two pieces are Medium.
  await expect(make.getByRole('row', { name: /First Light/ }).first()).toBeVisible();
  // Each line links the orders its pieces are for: this order is among them.
  await expect(make.getByRole('link', { name: reference })).toBeVisible();
  const health = page.getByRole('region', { name: 'Shop health' });
  await expect(health.getByText('Last check with the payment provider')).toBeVisible();
  await expect(health.getByText('answering', { exact: true })).toBeVisible();
  // The owner's words, not the server's: no folder of .eml files, no database engine.
  await expect(health).not.toContainText(/\.eml|SQLite|PostgreSQL/);
  await expectNoSeriousViolations(axeScan(page));
  await shot(page, { path: path.join(SHOTS, 'phone-today.png'), fullPage: true });

  // The orders list stays one click away, and the paid order is on it.
  // Wait for the list itself: Today links the same order (in Make today, and in Dispatch today on the day it
  // is due), so a look before the page changes would find Today's links, not the list's.
  await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Work to do' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: new RegExp(reference) })).toBeVisible();
  await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Today' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

  const closed = parseClosedDates(CLOSED_DATES);
  if (!closed.ok) throw new Error(closed.errors.join('; '));
  const field = page.getByLabel('Making capacity (pieces per working day)');
  await expect(field).toHaveValue(String(JOURNEY_CAPACITY));
  try {
    // One piece a day: the pieces already waiting (this order's two at least) push a new order's date.
    await field.fill('1');
    await page.getByRole('button', { name: 'Save capacity' }).click();
    await expect(page.getByText('Saved: 1 piece a working day.')).toBeVisible();
    const queue = await runtimeQueue(request);
    expect(queue.capacity).toBe(1);
    // At one piece a day, the pieces waiting (this order's two at least) are as many working days.
    expect(queue.days).toBeGreaterThanOrEqual(2);
    const now = new Date();
    const quiet = formatDayMonth(dispatchDate(now, { closures: closed.value }));
    const later = formatDayMonth(
      dispatchDate(now, { closures: closed.value, queue: queueOfPublished(queue), pieces: 1 }),
    );
    expect(later).not.toBe(quiet);

    const fresh = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const shopper = await fresh.newPage();
      await shopper.goto('/#/product/1');
      await expect(
        shopper.getByTestId('product-dispatch').getByText(`Order now, dispatched by ${later}`),
      ).toBeVisible();
    } finally {
      await fresh.close();
    }
  } finally {
    // Back to the journeys' capacity: the other journeys expect today's dates.
    await setCapacity(request, JOURNEY_CAPACITY);
  }
});
