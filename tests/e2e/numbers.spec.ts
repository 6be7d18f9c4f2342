/**
 * The desk's Numbers (docs/product/desk.md §10.12) on a phone, in a real browser against the real server: an
 * order is paid through the API and the TEST MODE checkout's form, the owner signs in, opens Numbers,
 * sees the order counted, opens a chart's table, groups by month and downloads the CSV. axe finds
 * nothing serious; the screenshots are saved under test-results/numbers/ to be looked at.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { axeScan, expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';
import { shot } from './shot';

/** playwright.config.ts sets it for the server. */
const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123';
const SHOTS = path.resolve('test-results/numbers');

/** One paid order of two pieces (size S), gift wrapped, through the shop's API and test checkout. */
async function payAnOrder(request: APIRequestContext): Promise<void> {
  const checkout = await request.post('/api/checkout', {
    data: {
      email: 'eimear.numbers@example.ie',
      items: [{ id: '1', quantity: 2, size: 'S' }],
      giftWrap: true,
      zone: 'IE',
    },
  });
  expect(checkout.status()).toBe(200);
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  const paid = await request.post(`/test-checkout/${sessionId}/pay`, {
    form: {
      email: 'eimear.numbers@example.ie',
      name: 'Eimear Daly',
      line1: '7 Shop Street',
      city: 'Galway',
      postalCode: 'H91 K2T3',
      country: 'IE',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 39',
      cvc: '123',
    },
    maxRedirects: 0,
  });
  expect(paid.status()).toBeLessThan(400);
  const confirmed = await request.post(`/api/orders/${sessionId}/confirm`, { data: {} });
  expect(confirmed.status()).toBe(200);
}

test.describe('the desk’s Numbers on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('counts a paid order, shows each chart’s table, groups by month and gives the CSV', async ({
    page,
    consoleGuard,
  }) => {
    test.setTimeout(90_000);
    consoleGuard.allow(/the server responded with a status of 40[14]/);
    mkdirSync(SHOTS, { recursive: true });
    await payAnOrder(page.request);

    // Signing in through the API puts the session cookie in the browser's context.
    const signIn = await page.request.post('/api/admin/session', { data: { token: ADMIN_TOKEN } });
    expect(signIn.status()).toBe(200);
    await page.goto('/admin#/numbers');
    await expect(page.getByRole('heading', { level: 1, name: 'Numbers' })).toBeVisible();
    const totals = page.getByRole('region', { name: 'Totals' });
    await expect(totals).toBeVisible();
    const orders = Number(
      await totals
        .locator('dt', { hasText: /^Orders$/ })
        .locator('+ dd')
        .innerText(),
    );
    expect(orders).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('table', { name: 'Best sellers by pieces' })).toContainText('First Light');
    await expect(page.getByRole('table', { name: 'Sizes sold' })).toBeVisible();
    const chart = page.getByRole('img', { name: /^Revenue: €/ });
    await expect(chart).toBeVisible();
    // Tap targets: the range form's controls are at least 44 px high.
    for (const control of [
      page.getByLabel('From'),
      page.getByLabel('Group by'),
      page.getByRole('button', { name: 'Show' }),
    ]) {
      expect((await control.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    await expectNoSeriousViolations(axeScan(page));
    await shot(page, { path: path.join(SHOTS, 'phone-numbers.png'), fullPage: true });

    // The chart's text alternative: every day of the range, today's row with the order's revenue.
    await page.getByText('Table of revenue').click();
    const table = page.getByRole('table', { name: 'Revenue by period' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(31);
    await expectNoSeriousViolations(axeScan(page));

    await page.getByLabel('Group by').selectOption('month');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/#\/numbers\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&by=month$/);
    await expect(page.getByRole('img', { name: /^Orders: \d+ in all/ })).toBeVisible();
    await shot(page, { path: path.join(SHOTS, 'phone-numbers-by-month.png'), fullPage: true });

    const csvLink = page.getByRole('link', { name: 'Download these numbers as CSV' });
    const href = (await csvLink.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/api\/admin\/stats\.csv\?from=.*&by=month$/);
    const csv = await page.request.get(href);
    expect(csv.status()).toBe(200);
    expect((await csv.text()).replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Period start,Revenue (EUR),Orders,Pieces',
    );
  });
});
