/**
 * The desk's layout in a real browser (docs/product/desk.md §10.10, Accessibility): on a 390 px phone the
 * navigation takes two rows at most and every checkbox and radio button is at least 24 x 24 px; at 1280 px
 * `Sign out` stays on one line and no table's column headers touch. Screenshots of Today, a product's form,
 * Orders and Numbers at both sizes are saved under test-results/desk-layout/ to be looked at.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shot } from './shot';

/** playwright.config.ts sets it for the server. */
const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123';
const SHOTS = path.resolve('test-results/desk-layout');

/** One paid order of two pieces, so Today, Orders and Numbers have rows; its reference. */
async function payAnOrder(page: Page): Promise<string> {
  const checkout = await page.request.post('/api/checkout', {
    data: { email: 'niamh.layout@example.ie', items: [{ id: '1', quantity: 2, size: 'S' }], zone: 'IE' },
  });
  expect(checkout.status()).toBe(200);
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  const paid = await page.request.post(`/test-checkout/${sessionId}/pay`, {
    form: {
      email: 'niamh.layout@example.ie',
      name: 'Niamh Layout',
      line1: '3 Dock Road',
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
  const confirmed = await page.request.post(`/api/orders/${sessionId}/confirm`, { data: {} });
  expect(confirmed.status()).toBe(200);
  const { reference } = (await confirmed.json()) as { reference?: string };
  expect(reference).toBeTruthy();
  return reference ?? '';
}

/** Signs in through the API (the cookie lands in the page's context) and opens a desk screen. */
async function open(page: Page, hash: string, heading: string | RegExp): Promise<void> {
  await page.goto(`/admin${hash}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** The screens looked at after a change of the desk's layout, at this size. */
async function screenshots(page: Page, size: 'phone' | 'laptop'): Promise<void> {
  for (const [hash, heading, name] of [
    ['#/', 'Today', 'today'],
    ['#/products/1', 'First Light', 'product'],
    ['#/orders', 'Work to do', 'orders'],
    ['#/numbers', 'Numbers', 'numbers'],
  ] as const) {
    await open(page, hash, heading);
    await shot(page, { path: path.join(SHOTS, `${size}-${name}.png`), fullPage: true });
  }
}

/** The lines a box's text is laid out on (a text broken over two lines gives two). */
function textLines(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
}

/**
 * For each pair of neighbouring column headers, the least space between their texts in px: what the
 * padding keeps between them however narrow the columns get (a long product name squeezes the numbers'
 * columns until their texts meet), and the space there is now.
 */
function headerGaps(table: Locator): Promise<{ kept: number; now: number }[]> {
  return table.evaluate((node) => {
    const cells = [...node.querySelectorAll('thead th')];
    const text = cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return range.getBoundingClientRect();
    });
    const padding = (cell: Element | undefined, side: 'Left' | 'Right') =>
      cell ? Number.parseFloat(getComputedStyle(cell)[`padding${side}`]) : 0;
    return cells.slice(1).map((cell, i) => ({
      kept: padding(cells[i], 'Right') + padding(cell, 'Left'),
      now: (text[i + 1]?.left ?? 0) - (text[i]?.right ?? 0),
    }));
  });
}

async function expectHeadersApart(table: Locator, name: string): Promise<void> {
  for (const gap of await headerGaps(table)) {
    expect(gap.kept, name).toBeGreaterThanOrEqual(8);
    expect(gap.now, name).toBeGreaterThanOrEqual(8);
  }
}

test.beforeEach(async ({ page, consoleGuard }) => {
  consoleGuard.allow(/the server responded with a status of 40[14]/);
  mkdirSync(SHOTS, { recursive: true });
  const signIn = await page.request.post('/api/admin/session', { data: { token: ADMIN_TOKEN } });
  expect(signIn.status()).toBe(200);
});

test.describe('the desk on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the gift cards and a card’s ledger fit the phone: nothing scrolls the page sideways', async ({
    page,
  }) => {
    await open(page, '#/gift-cards', 'Gift cards');
    const issued = await page.request.post('/api/admin/gift-cards', {
      headers: { origin: new URL(page.url()).origin },
      data: {
        amount: 2500,
        recipientName: 'Aoife',
        recipientEmail: `aoife.layout-${Date.now()}@a-rather-long-domain.example.ie`,
        reason: 'Goodwill',
      },
    });
    expect(issued.status()).toBe(201);
    const { giftCard } = (await issued.json()) as { giftCard: { last4: string } };
    await page.reload();
    const cards = page.getByRole('table', { name: 'Gift cards' });
    await expect(cards.getByRole('rowheader', { name: `••••${giftCard.last4}` })).toBeVisible();
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await cards.getByRole('button', { name: `Open ••••${giftCard.last4}` }).click();
    await expect(page.getByRole('table', { name: 'Ledger' })).toBeVisible();
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await shot(page, { path: path.join(SHOTS, 'phone-gift-cards.png'), fullPage: true });
  });

  test('the navigation takes two rows at most; checkboxes and radio buttons are at least 24 x 24 px', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await payAnOrder(page);
    await open(page, '#/', 'Today');
    const nav = page.getByRole('navigation', { name: 'Desk' });
    const links = nav.getByRole('link');
    // Nine sections and More fill the two rows; More lists the other seven.
    await expect(links).toHaveCount(9);
    const more = nav.locator('summary', { hasText: 'More' });
    await expect(more).toBeVisible();
    const cells = [...(await links.all()), more];
    const boxes = await Promise.all(cells.map((cell) => cell.boundingBox()));
    const rows = new Set(boxes.map((box) => Math.round(box?.y ?? -1)));
    expect(rows.size, `rows at ${[...rows].join(', ')}`).toBeLessThanOrEqual(2);
    for (const box of boxes) {
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect((box?.x ?? -1) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    await more.click();
    await expect(links).toHaveText([
      'Today',
      'Orders',
      'Packing slips',
      'Exports',
      'Numbers',
      'Products',
      'Reviews',
      'Discounts',
      /^Enquiries/,
      'Quotes',
      'Customers',
      'Gift cards',
      'Materials',
      'Newsletter',
      'Settings',
      'People',
    ]);
    const settings = nav.getByRole('link', { name: 'Settings' });
    const box = await settings.boundingBox();
    expect((box?.x ?? -1) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await settings.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    // Chosen, the section closes More, which now marks where the owner is.
    await expect(links).toHaveCount(9);
    await expect(more).toHaveAttribute('aria-current', 'true');

    // The product form's sizes and status, and the discount form's kind and switches.
    for (const [hash, heading] of [
      ['#/products/1', 'First Light'],
      ['#/discounts', 'Discounts'],
    ] as const) {
      await open(page, hash, heading);
      if (hash === '#/discounts') {
        await page.getByRole('button', { name: 'New code' }).click();
        await expect(page.getByRole('radio', { name: 'Percent' })).toBeVisible();
      }
      const controls = page.locator('input[type="checkbox"], input[type="radio"]');
      expect(await controls.count(), hash).toBeGreaterThan(0);
      for (const control of await controls.all()) {
        const box = await control.boundingBox();
        expect(
          box?.width ?? 0,
          `${hash}: ${await control.evaluate((n) => n.outerHTML)}`,
        ).toBeGreaterThanOrEqual(24);
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
      }
    }
    await screenshots(page, 'phone');
  });

  test("an order's links and Today's make-list references are at least 44 px tall", async ({ page }) => {
    test.setTimeout(90_000);
    // This journey's own order: the list's newest may be another journey's, paid on the shared server
    // a moment later (a handed-over sale is never in the make list).
    const reference = await payAnOrder(page);
    const expectTall = async (links: Locator, what: string) => {
      // Waits for the screen's data: the heading shows before Today's lists have loaded.
      await expect(links.first(), what).toBeVisible();
      for (const link of await links.all()) {
        const box = await link.boundingBox();
        expect(box?.height ?? 0, `${what}: ${await link.textContent()}`).toBeGreaterThanOrEqual(44);
        // The desk's rule is for the text too: no reference in small print.
        const size = await link.evaluate((node) => Number.parseFloat(getComputedStyle(node).fontSize));
        expect(size, what).toBeGreaterThanOrEqual(14);
      }
    };
    await open(page, '#/', 'Today');
    const make = page.getByRole('region', { name: 'Make today' }).getByRole('table');
    await expectTall(make.getByRole('link', { name: reference }), 'the make list');
    await open(page, `#/orders/${reference}`, /^Order /);
    for (const name of ['← Back to orders', 'Print the packing slip', /@example\.ie$/, "Customer's page"]) {
      await expectTall(page.getByRole('link', { name }), String(name));
    }
    await page.getByRole('link', { name: 'Print the packing slip' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Packing slip for ${reference}` }),
    ).toBeVisible();
    await expectTall(page.getByRole('link', { name: `← Back to order ${reference}` }), 'the slip');
  });
});

test.describe('the desk at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Sign out stays on one line and no column headers touch', async ({ page }) => {
    test.setTimeout(90_000);
    const reference = await payAnOrder(page);
    // A new enquiry puts its count on the navigation, which makes it wider.
    const enquiry = await page.request.post('/api/enquiries', {
      data: {
        name: 'Orla Layout',
        email: 'orla@layout-events.example',
        company: 'Layout Events',
        pieces: 25,
        message: 'Twenty-five bracelets for a conference in the spring.',
      },
    });
    expect(enquiry.ok()).toBe(true);
    await open(page, '#/numbers', 'Numbers');
    await expect(page.getByRole('navigation', { name: 'Desk' }).getByText(/new$/)).toBeAttached();
    const signOut = page.getByRole('button', { name: 'Sign out' });
    expect(await textLines(signOut)).toBe(1);
    // Whatever the fonts' widths (a wider system font broke it in two), it is never broken.
    expect(await signOut.evaluate((node) => getComputedStyle(node).whiteSpace)).toBe('nowrap');
    for (const name of ['Best sellers by pieces', 'Best sellers by revenue', 'Sizes sold']) {
      const table = page.getByRole('table', { name });
      await expect(table).toBeVisible();
      await expectHeadersApart(table, name);
    }
    await open(page, '#/', 'Today');
    await expectHeadersApart(
      page.getByRole('region', { name: 'Make today' }).getByRole('table'),
      'Make today',
    );
    await open(page, `#/orders/${reference}`, /^Order /);
    await expectHeadersApart(page.getByRole('table', { name: /^Items of order/ }), 'Items');
    await screenshots(page, 'laptop');
  });
});
