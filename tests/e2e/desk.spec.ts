/**
 * The owner's order desk at /admin (docs/product/desk.md §10.10) in a real browser against the real server, at
 * phone (packing bench) and laptop sizes: pay an order through the TEST MODE checkout, sign in with the
 * owner token, find the order, start making, dispatch with a tracking number (the shopper's "on its way"
 * e-mail lands in the outbox with the tracking link), refund part, print its packing slip (print media;
 * the screenshot is saved under test-results/desk/), sign out. axe finds nothing serious on the desk's
 * screens.
 */

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  allowMissingProductImages,
  E2E_ADMIN_TOKEN,
  payAnOrderInTheShop,
  signInToDesk,
} from '../support/desk-journey';
import { axeScan, expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';
import { emlFilesFor, readEml } from './outbox';
import { shot } from './shot';

const SHOTS = path.resolve('test-results/desk');

test.beforeEach(async ({ consoleGuard, request }) => allowMissingProductImages(consoleGuard, request));

/** Pays one gift-free order through the shop and its TEST MODE checkout; returns its reference. */
function payAnOrder(page: Page): Promise<string> {
  return payAnOrderInTheShop(page, 'niamh.walsh@example.ie', {
    name: 'Niamh Walsh',
    line1: '3 Quay Street',
    city: 'Galway',
    postcode: 'H91 T2C4',
  });
}

async function mailWithSubject(reference: string, subject: RegExp) {
  const mails = await Promise.all(emlFilesFor(reference).map((f) => readEml(f)));
  return mails.filter((m) => subject.test(m.subject ?? ''));
}

test.describe('the desk’s first start on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('asks who is signed in without an error in the console, signed out and signed in alike', async ({
    page,
  }) => {
    // No consoleGuard.allow: nobody signed in is an answer (200), not a refused request the browser logs.
    const asked = page.waitForResponse((r) => r.url().endsWith('/api/admin/me'));
    await page.goto('/admin');
    expect((await asked).status()).toBe(200);
    await expect(page.getByLabel('Owner token')).toBeVisible();
    await page.getByLabel('Owner token').fill(E2E_ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    // Started again with her session: the desk opens on Today, again without an error.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  });
});

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
] as const;

for (const size of SIZES) {
  test.describe(`order desk on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('sign in, find the paid order, make it, dispatch it, refund part then the rest, print its slip, sign out', async ({
      page,
      consoleGuard,
    }) => {
      test.setTimeout(120_000);
      // The wrong token gets a 401: the browser logs the refused request, which is what it is here.
      consoleGuard.allow(/the server responded with a status of 401/);
      mkdirSync(SHOTS, { recursive: true });
      const reference = await payAnOrder(page);

      // Nothing of the desk without signing in.
      const unauthenticated = await page.request.get(`/api/admin/orders/${reference}`);
      expect(unauthenticated.status()).toBe(401);

      const response = await page.goto('/admin');
      expect(response?.headers()['x-robots-tag']).toContain('noindex');
      expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      const token = page.getByLabel('Owner token');
      await expect(token).toBeVisible();
      await expectNoSeriousViolations(axeScan(page));
      await token.fill('not-the-token');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText('That token is not right. Check it and try again.');
      await token.fill(E2E_ADMIN_TOKEN);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      // Today is the first screen (today.spec.ts); the orders list is one click away.
      await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
      await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Orders' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Work to do' })).toBeVisible();
      // The token is nowhere in the browser's storage (the shop's own keys share the origin).
      const stored = await page.evaluate(() =>
        [localStorage, sessionStorage]
          .flatMap((s) => Object.keys(s).map((k) => `${k}=${s.getItem(k)}`))
          .join('\n'),
      );
      expect(stored).not.toContain(E2E_ADMIN_TOKEN);
      const cookies = await page.context().cookies();
      expect(cookies.filter((c) => c.httpOnly && c.sameSite === 'Strict').length).toBeGreaterThan(0);

      // Find it by the shopper's e-mail.
      await page.getByLabel('Search').fill('niamh.walsh@example.ie');
      await page.getByRole('button', { name: 'Show orders' }).click();
      const row = page.getByRole('link', { name: new RegExp(reference) });
      await expect(row).toBeVisible();
      await shot(page, { path: path.join(SHOTS, `${size.name}-list.png`), fullPage: true });
      await expectNoSeriousViolations(axeScan(page));
      await row.click();

      await expect(page.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();
      await expect(page.getByRole('table', { name: `Items of order ${reference}` })).toContainText(
        'First Light',
      );
      await expect(page.getByText('3 Quay Street').first()).toBeVisible();
      // The country by its name, as it goes on the parcel.
      await expect(page.getByText('Ireland', { exact: true }).first()).toBeVisible();
      await expectNoSeriousViolations(axeScan(page));

      await page.getByRole('button', { name: 'Start making' }).dblclick();
      await expect(page.getByText('Marked in production.')).toBeVisible();

      await page.getByLabel('Carrier').selectOption('an_post');
      await page.getByLabel('Tracking number').fill('RR123456789IE');
      const trackingUrl = 'https://www.anpost.com/Post-Parcels/Track/History?item=RR123456789IE';
      await expect(page.getByLabel(/Tracking link/)).toHaveValue(trackingUrl);
      await page.getByRole('button', { name: 'Dispatch and e-mail the shopper' }).dblclick();
      await expect(page.getByText(/Dispatched\. The shopper gets/)).toBeVisible();
      await expect(page.getByRole('link', { name: 'RR123456789IE' })).toHaveAttribute('href', trackingUrl);
      await shot(page, { path: path.join(SHOTS, `${size.name}-order.png`), fullPage: true });

      // The shopper's "on its way" e-mail, once, with the tracking link.
      await expect
        .poll(async () => (await mailWithSubject(reference, /on its way/)).length, { timeout: 15_000 })
        .toBe(1);
      const [shipped] = await mailWithSubject(reference, /on its way/);
      expect(shipped?.text).toContain(trackingUrl);

      // Part refund: more than is left is refused in the desk; €5 goes through after the confirmation.
      await page.getByLabel('Part of it').check();
      await page.getByLabel('Amount in euro').fill('5000');
      await page.getByRole('button', { name: 'Refund…' }).click();
      await expect(page.getByText(/more than what is left to refund/)).toBeVisible();
      await page.getByLabel('Amount in euro').fill('5');
      await page.getByLabel(/Reason/).fill('A bead was chipped');
      await page.getByRole('button', { name: 'Refund…' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Refund €5.00?' });
      await expect(confirm).toBeVisible();
      await expectNoSeriousViolations(axeScan(page));
      await confirm.getByRole('button', { name: 'Refund €5.00' }).click();
      await expect(page.getByText('Refunded €5.00. The shopper gets an e-mail.')).toBeVisible();
      const leftText = (await page.getByText(/Left to refund: €/).textContent()) ?? '';
      const left = /€\d+\.\d\d/.exec(leftText)?.[0] ?? '';
      expect(left).not.toBe('');
      const paid = `€${((Number(left.slice(1)) * 100 + 500) / 100).toFixed(2)}`;

      // "Everything left" right after is another refund (its own submission), not a repeat: it goes through.
      await page.getByLabel(/Everything left/).check();
      await page.getByLabel(/Reason/).fill('');
      await page.getByRole('button', { name: 'Refund…' }).click();
      await page
        .getByRole('alertdialog', { name: `Refund ${left}?` })
        .getByRole('button', { name: `Refund ${left}` })
        .click();
      await expect(page.getByText(`Refunded ${left}. The shopper gets an e-mail.`)).toBeVisible();
      await expect
        .poll(async () => (await mailWithSubject(reference, /^\[TEST ORDER\] Refund of/)).length, {
          timeout: 15_000,
        })
        .toBe(2);
      const [rest] = await mailWithSubject(reference, new RegExp(`Refund of ${left.replace('.', '\\.')}`));
      expect(rest?.text).toContain(
        `With this refund, ${paid} has been refunded in all: the whole of your order.`,
      );

      // The shopper's order page says it was refunded, and when (not that a period to cancel ended).
      const orderLink = /https?:\/\/[^\s"]+\/#\/order\/SOL-[A-Z0-9_-]+\?key=[A-Za-z0-9_-]+/.exec(
        rest?.text ?? '',
      )?.[0];
      expect(orderLink).toBeDefined();
      const shopper = await page.context().newPage();
      await shopper.goto(orderLink ?? '');
      const cancelSection = shopper.getByRole('region', { name: 'Cancel your order' });
      await expect(cancelSection).toContainText(`This order was refunded in full (${paid}) on `);
      await expect(cancelSection).toContainText(': there is nothing left to cancel.');
      await expect(cancelSection).not.toContainText('period to cancel this order has ended');
      await expect(shopper.getByText(/An Post/)).toBeVisible();
      await expect(shopper.getByText('an_post')).toHaveCount(0);
      await shot(shopper, {
        path: path.join(SHOTS, `${size.name}-shopper-order-refunded.png`),
        fullPage: true,
      });
      await shopper.close();

      // The packing slip of a refunded order: a warning first, and printing asks.
      await page.getByRole('link', { name: 'Print the packing slip' }).click();
      await expect(page.getByRole('alert')).toContainText(`${reference} is refunded`);
      await page.getByRole('button', { name: 'Print the slip' }).click();
      const ask = page.getByRole('alertdialog', { name: 'Print the slip of a refunded order?' });
      await expect(ask).toBeVisible();
      await shot(page, { path: path.join(SHOTS, `${size.name}-slip-warning.png`), fullPage: true });
      await ask.getByRole('button', { name: 'Cancel' }).click();
      const slip = page.getByRole('article', { name: `Packing slip ${reference}` });
      await expect(slip).toContainText('First Light');
      await expect(slip.getByRole('img', { name: /QR code/ })).toBeVisible();
      await expectNoSeriousViolations(axeScan(page));
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
      await expect(slip.getByText(reference, { exact: true })).toBeVisible();
      await expect(slip.getByRole('img', { name: /QR code/ })).toBeVisible();
      await expect(slip.getByText('3 Quay Street')).toBeVisible();
      await shot(page, { path: path.join(SHOTS, `${size.name}-slip-print.png`), fullPage: true });
      await page.emulateMedia({ media: 'screen' });

      // The batch of slips and the exports: reachable from the desk's navigation, nothing serious for axe.
      await page.getByRole('link', { name: 'Packing slips' }).click();
      await expect(page.getByRole('heading', { level: 1, name: /Packing slips/ })).toBeVisible();
      await expect(
        page
          .getByText('No orders are in production, so there is nothing to pack.')
          .or(page.getByRole('article').first()),
      ).toBeVisible();
      await expectNoSeriousViolations(axeScan(page));
      await page.getByRole('link', { name: 'Exports' }).click();
      await expect(page.getByRole('link', { name: 'Download orders CSV' })).toHaveAttribute(
        'href',
        /^\/api\/admin\/orders\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
      );
      const csv = await page.request.get('/api/admin/newsletter.csv');
      expect(csv.status()).toBe(200);
      await expectNoSeriousViolations(axeScan(page));

      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByLabel('Owner token')).toBeVisible();
      await expect(page.getByText('You are signed out.')).toBeVisible();
      expect((await page.request.get('/api/admin/orders')).status()).toBe(401);
    });
  });
}

test.describe('a refund in part on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the order stays in production with "Partially refunded" beside it, and its slip has the return address and no total', async ({
    page,
    consoleGuard,
  }) => {
    test.setTimeout(90_000);
    consoleGuard.allow(/the server responded with a status of 401/);
    mkdirSync(SHOTS, { recursive: true });
    const reference = await payAnOrder(page);
    await signInToDesk(page);
    await page.goto(`/admin#/orders/${reference}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();
    await page.getByRole('button', { name: 'Start making' }).click();
    await expect(page.getByText('Marked in production.')).toBeVisible();

    await page.getByLabel('Part of it').check();
    await page.getByLabel('Amount in euro').fill('5');
    await page.getByRole('button', { name: 'Refund…' }).click();
    await page
      .getByRole('alertdialog', { name: 'Refund €5.00?' })
      .getByRole('button', { name: 'Refund €5.00' })
      .click();
    await expect(page.getByText('Refunded €5.00. The shopper gets an e-mail.')).toBeVisible();
    // Still in production, the money fact beside it; the making goes on, nothing chosen to refund.
    const top = page.getByRole('heading', { level: 1, name: `Order ${reference}` }).locator('..');
    await expect(top.getByText('In production', { exact: true })).toBeVisible();
    await expect(top.getByText('Partially refunded', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start making' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Dispatch and e-mail the shopper' })).toBeVisible();
    await expect(page.getByLabel(/^Everything left/)).not.toBeChecked();
    await expectNoSeriousViolations(axeScan(page));
    await shot(page, { path: path.join(SHOTS, 'phone-order-partly-refunded.png'), fullPage: true });

    // In the work to do and in the packing-slip batch.
    await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Orders' }).click();
    const row = page.getByRole('link', { name: new RegExp(reference) });
    await expect(row.getByText('Partially refunded')).toBeVisible();
    await page.getByRole('link', { name: 'Packing slips' }).click();
    const slip = page.getByRole('article', { name: `Packing slip ${reference}` });
    await expect(slip).toContainText('First Light');
    await expect(slip.getByRole('region', { name: 'Return address' })).toContainText('trading as Solas');
    await expect(slip).not.toContainText('Total');
    await expectNoSeriousViolations(axeScan(page));
    await shot(page, { path: path.join(SHOTS, 'phone-slips.png'), fullPage: true });

    // On paper the column headers stand apart: a gap before each one after the first.
    await page.emulateMedia({ media: 'print' });
    const apart = await slip.locator('thead th').evaluateAll((cells) =>
      cells.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const text = range.getBoundingClientRect();
        return {
          text: cell.textContent,
          left: text.left,
          right: text.right,
          pad: getComputedStyle(cell).paddingLeft,
        };
      }),
    );
    expect(apart.map((c) => c.text)).toEqual(['Item', 'Size', 'Qty', 'Price']);
    for (const [i, cell] of apart.entries()) {
      if (i === 0) continue;
      expect(Number.parseFloat(cell.pad)).toBeGreaterThanOrEqual(16);
      expect(cell.left - (apart[i - 1]?.right ?? 0)).toBeGreaterThanOrEqual(8);
    }
    await shot(page, { path: path.join(SHOTS, 'phone-slips-print.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
  });
});
