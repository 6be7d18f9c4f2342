/**
 * The cart reminder on a phone (docs/product/states.md §5.10a), against a server of its own whose reminder is
 * due at once (CART_REMINDER_DELAY_MINUTES=0, its pass every 2 s). One shopper leaves the box unticked
 * and goes to the test checkout; a second ticks it and goes too; neither pays. The ticked one's reminder
 * arriving is the event waited for: the pass that sent it ran after both checkouts, so by then the
 * unticked one would have had hers. Exactly one reminder, to the ticked address; its link, opened in a
 * fresh browser, shows the saved cart, puts it back on the shopper's press and leads on to checkout.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { getProduct } from '../../domain/catalogue';
import { STORAGE_KEYS } from '../../domain/config';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { E2E_WEB_DIST } from '../support/shop-cluster';
import { expect, test } from './fixtures';
import { shot } from './shot';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true } as const;
const FIRST = getProduct('1');
const SECOND = getProduct('2');
if (!FIRST || !SECOND) throw new Error('catalogue changed: products 1 and 2 are missing');

test.use(PHONE);
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let server: ServerProcess;
let dataDir: string;

/** A port nothing listens on now: the server's PUBLIC_URL must name it (same-origin checks, links). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'solas-cart-reminder-'));
  const port = await freePort();
  server = await startServerProcess({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: E2E_WEB_DIST,
    CART_REMINDER_DELAY_MINUTES: '0',
    RATE_LIMITS: 'off',
  });
});

test.afterAll(async () => {
  if (server) {
    server.kill('SIGTERM');
    await server.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** The reminder e-mails written so far, as their recipients read them. */
async function reminders() {
  const dir = path.join(dataDir, 'outbox');
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith('-cart-reminder.eml'));
  } catch {
    return [];
  }
  return Promise.all(names.map((n) => simpleParser(readFileSync(path.join(dir, n)))));
}

/** A fresh phone browser, failing the journey on any console error as the fixtures do. */
async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    // Product pictures are built by the image pipeline; a build without them 404s, not this journey's matter.
    if (msg.type() === 'error' && !/status of 404/.test(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

/** A cart of two bracelets, then the e-mail step (ticked or not), on to the test checkout unpaid. */
async function abandonCheckout(page: Page, email: string, tick: boolean): Promise<void> {
  await page.goto(`${server.url}/#/cart`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEYS.cart,
    JSON.stringify([
      { id: '1', quantity: 2, size: 'M' },
      { id: '2', quantity: 1, size: 'S' },
    ]),
  ] as const);
  await page.goto('about:blank');
  await page.goto(`${server.url}/#/cart`);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  await dialog.getByLabel('Email address').fill(email);
  const box = dialog.getByRole('checkbox', { name: "E-mail me once if I don't finish my order" });
  await expect(box).not.toBeChecked();
  if (tick) {
    await box.check();
    await shot(page, { path: 'test-results/cart-reminder-dialog-phone.png' });
  }
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/test-checkout\/cs_test_/);
}

test('a ticked reminder arrives once and restores the cart; an unticked checkout gets nothing', async ({
  browser,
}) => {
  const unticked = await phone(browser);
  await abandonCheckout(unticked.page, 'left.unticked@example.ie', false);
  const ticked = await phone(browser);
  await abandonCheckout(ticked.page, 'asked.once@example.ie', true);

  await expect.poll(async () => (await reminders()).length, { timeout: 30_000 }).toBe(1);
  const [mail] = await reminders();
  expect(mail?.to && 'value' in mail.to ? mail.to.value[0]?.address : '').toBe('asked.once@example.ie');
  expect(mail?.subject).toBe('Your Solas cart is still waiting');
  expect(mail?.text).toContain(`2 × ${FIRST.name} (Medium)`);
  expect(mail?.text).toContain('single reminder you asked for');
  const link = new RegExp(`(${server.url}/#/cart\\?restore=[A-Za-z0-9_-]{32})`).exec(mail?.text ?? '')?.[1];
  expect(link).toBeTruthy();

  // The link, opened on another phone: it only looks until the shopper presses the button.
  const reader = await phone(browser);
  await reader.page.goto(link ?? '');
  const saved = reader.page.getByRole('region', { name: 'Your saved cart' });
  await expect(saved).toContainText(`2 × ${FIRST.name}`);
  await expect(saved).toContainText(SECOND.name);
  await shot(reader.page, { path: 'test-results/cart-reminder-phone.png' });
  await saved.getByRole('button', { name: 'Put these back in my cart' }).click();
  const back = reader.page.getByRole('region', { name: 'Your cart is back' });
  await expect(back).toContainText('3 items are back in your cart');
  await expect(reader.page.getByRole('heading', { name: '3 items' })).toBeVisible();
  await back.getByRole('link', { name: 'Continue to checkout' }).click();
  await expect(reader.page.getByRole('dialog', { name: 'Checkout' })).toBeVisible();

  // Still one reminder, and none to the unticked shopper.
  const all = await reminders();
  expect(all).toHaveLength(1);
  expect(all.map((m) => m.text).join('\n')).not.toContain('left.unticked');
  for (const p of [unticked, ticked, reader]) {
    expect(p.errors, 'unexpected browser errors').toEqual([]);
    await p.context.close();
  }
});
