/**
 * The owner's settings on two instances (docs/product/desk.md §10.14 "Everywhere at once"): two real shop
 * processes on one PostgreSQL behind nginx (tests/support/cluster.ts), e-mail to a real SMTP server in
 * this process, payments on the built-in test checkout, phones on both sides. The owner, on instance A's
 * desk, sets her name and address, a new EU price with a free-shipping threshold, a week's closure and
 * paused sales; within 5 s instance B's footer and Terms name her, its product page shows the note and no
 * Add to Cart, and it charges the new price. A shopper on B leaves an e-mail with "Tell me when you’re
 * back" and confirms it; the owner opens again and the shopper gets exactly one e-mail. An EU order paid
 * before the change keeps its shipping; one paid after is charged the new price, and its confirmation
 * names the seller saved. Screenshots go to test-results/settings-cluster/.
 */

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { SEEDED_ZONES } from '../../domain/settings/shop-settings';
import { addDays, formatDayMonth, irishDate } from '../../domain/shared/calendar-date';
import { type OpenDatabase, openDatabase } from '../../server/db/database';
import type { Cluster } from '../support/cluster';
import { paidOrderOn, type ShopCluster, startShopCluster } from '../support/shop-cluster';
import type { SmtpSink } from '../support/smtp-sink';
import { expect, test } from './fixtures';
import { expectHydrated } from './hydration';
import { shot } from './shot';

const ADMIN_TOKEN = 'settings-cluster-admin-token-0123456789';
const SHOTS = path.resolve('test-results/settings-cluster');
const SELLER_CONTACT = 'aoife@galway-beads.example';
const SELLER_NAME = 'Aoife Byrne, trading as Solas';
const SELLER_ADDRESS = '4 Quay Street, Galway, H91 AB12, Ireland';
const SHOPPER = 'niamh.waiting@example.ie';
const BUYER = 'marie.dupont@example.fr';
/** "Every instance follows a save within 5 seconds." */
const LIVE_WITHIN_MS = 5_000;
const CONFIRM_SUBJECT = 'Please confirm: tell me when Solas is back';
const BACK_SUBJECT = 'Solas is back';
const SEEDED_EU = SEEDED_ZONES.find((z) => z.id === 'EU');
if (!SEEDED_EU) throw new Error('the seeded zones changed: EU is missing');

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 } });

let shop: ShopCluster;
let sink: SmtpSink;
let cluster: Cluster;
let database: OpenDatabase;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  shop = await startShopCluster('settings', { RATE_LIMITS: 'off', ADMIN_TOKEN });
  ({ cluster, sink } = shop);
  // The journey's own view of the shop's database, for what no screen shows (the outbox's queue).
  database = await openDatabase(shop.testDb.location);
  mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  await database?.close();
  await shop?.stop();
});

function instance(i: 0 | 1) {
  const s = cluster.instances[i];
  if (!s) throw new Error(`no instance ${i}`);
  return s;
}

const owner = { authorization: `Bearer ${ADMIN_TOKEN}` };
const json = () => ({ 'content-type': 'application/json', origin: cluster.url });

/** A page's HTML as served, without the empty comments React's server rendering puts between texts. */
async function served(url: string): Promise<string> {
  const res = await fetch(url);
  return (await res.text()).replaceAll('<!-- -->', '');
}

/** Polls `check` on instance B from the moment a save was answered on A: it must hold within 5 s. */
async function followedOnB(what: string, check: () => Promise<boolean>): Promise<void> {
  const since = Date.now();
  for (;;) {
    if (await check()) break;
    if (Date.now() - since > 3 * LIVE_WITHIN_MS) throw new Error(`instance B: ${what} not within 15 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = Date.now() - since;
  console.log(`instance B: ${what} after ${ms} ms`);
  expect(ms, what).toBeLessThan(LIVE_WITHIN_MS);
}

/** One First Light (€40) to Lyon, opened on `base` and paid on its test checkout: the order's reference. */
function paidEuOrder(base: string): Promise<string> {
  return paidOrderOn(cluster, base, { email: BUYER, name: 'Marie Dupont' }, '1', {
    zone: 'EU',
    address: { line1: '3 rue Mercière', city: 'Lyon', postalCode: '69002', country: 'FR' },
  });
}

/** The order as the desk reads it on instance B: what it was charged. */
async function charged(reference: string) {
  const res = await fetch(`${instance(1).url}/api/admin/orders/${reference}`, { headers: owner });
  expect(res.status).toBe(200);
  return (await res.json()) as { shipping: number; subtotal: number; total: number };
}

/** A shopper's phone on instance B (or nginx), failing on an unexpected console error as the journeys do. */
async function shopperPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`${msg.text()} ${msg.location().url}`);
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return { page, problems, close: () => context.close() };
}

async function saved(page: Page, region: string, button: string) {
  const section = page.getByRole('region', { name: region });
  await section.getByRole('button', { name: button }).click();
  await expect(section.getByRole('status')).toContainText('Saved');
}

let before = '';
const until = addDays(irishDate(new Date()), 8);

test('an EU order is paid at the first start’s price', async () => {
  before = await paidEuOrder(cluster.url);
  expect(await charged(before)).toMatchObject({ subtotal: 4000, shipping: SEEDED_EU.price });
  // Instance B names the first start's seller.
  expect(await served(`${instance(1).url}/terms-conditions`)).not.toContain(SELLER_NAME);
});

test('the owner saves her seller, the EU zone, a week closed and paused sales on A; B follows within 5 s', async ({
  page,
  browser,
  consoleGuard,
}) => {
  expect(before).not.toBe('');
  // The desk asks whether it is signed in before sign-in: the browser logs that refused request.
  consoleGuard.allow(/the server responded with a status of 401/);
  const A = instance(0).url;
  const B = instance(1).url;
  await page.goto(`${A}/admin#/settings`);
  await page.getByLabel('Owner token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // The seller: her name and address.
  const seller = page.getByRole('region', { name: 'The seller' });
  await seller.getByLabel('Legal name').fill(SELLER_NAME);
  await seller.getByLabel('Geographic address').fill(SELLER_ADDRESS);
  await seller.getByLabel('Contact e-mail shown to shoppers').fill(SELLER_CONTACT);
  await saved(page, 'The seller', 'Save the seller');
  // Each save is followed on B before the next is made: every one is measured on its own.
  await followedOnB('the seller in the Terms and the footer', async () => {
    const terms = await served(`${B}/terms-conditions`);
    return (
      terms.includes(`${SELLER_NAME}, ${SELLER_ADDRESS}`) &&
      terms.includes(SELLER_NAME) &&
      terms.includes(`mailto:${SELLER_CONTACT}`)
    );
  });

  // The EU zone: €12.50, free from €60.
  const eu = page.getByRole('region', { name: 'Shipping' }).getByRole('group', { name: /\(EU\)$/ });
  await eu.getByLabel('Price (€)').fill('12.50');
  await eu.getByLabel(/Free shipping from/).fill('60');
  await saved(page, 'Shipping', 'Save shipping');
  await followedOnB('the EU price', async () => {
    const res = await fetch(`${B}/api/settings/public`);
    const { settings } = (await res.json()) as {
      settings: { shipping: { zones: { id: string; price: number; freeFrom: number | null }[] } };
    };
    const zone = settings.shipping.zones.find((z) => z.id === 'EU');
    return zone?.price === 1250 && zone.freeFrom === 6000;
  });

  // Closed for a week (a fair), from tomorrow.
  const from = addDays(irishDate(new Date()), 1);
  const to = addDays(from, 6);
  const making = page.getByRole('region', { name: 'Making and dispatch' });
  await making.getByRole('button', { name: 'Add a closure' }).click();
  await making.getByLabel('From', { exact: true }).fill(from);
  await making.getByLabel('To', { exact: true }).fill(to);
  await making.getByLabel('Reason shown to shoppers').fill('At the Galway craft fair');
  await saved(page, 'Making and dispatch', 'Save making and dispatch');
  await followedOnB('the closure', async () => {
    const res = await fetch(`${B}/api/settings/public`);
    return (await res.text()).includes(`"from":"${from}","to":"${to}"`);
  });

  // Sales paused until the day after.
  const away = page.getByRole('region', { name: 'Away' });
  await away.getByLabel(/pause sales/).check();
  await away.getByLabel('Return date', { exact: true }).fill(until);
  await away.getByLabel('Message to shoppers').fill('At the Galway craft fair.');
  await saved(page, 'Away', 'Save away');
  const note = `We are back on ${formatDayMonth(until)}. At the Galway craft fair.`;
  await followedOnB('paused sales on the product page', async () =>
    (await served(`${B}/product/1`)).includes(note),
  );
  await away.getByRole('status').scrollIntoViewIfNeeded();
  await shot(page, { path: path.join(SHOTS, 'owner-phone-away.png') });

  // On B as a shopper's phone shows them: the footer and Terms name her; the product page has the note
  // and no Add to Cart; a checkout is refused while paused.
  const shopper = await shopperPhone(browser);
  const terms = shopper.page;
  await terms.goto(`${B}/terms-conditions`);
  await expect(terms.getByRole('contentinfo')).toContainText(`${SELLER_NAME}, ${SELLER_ADDRESS}`);
  await expect(terms.getByRole('main')).toContainText(SELLER_NAME);
  // Her contact e-mail, in the footer and the Terms, as served and as hydrated (no console error).
  await expect(terms.getByRole('contentinfo').getByRole('link', { name: SELLER_CONTACT })).toHaveAttribute(
    'href',
    `mailto:${SELLER_CONTACT}`,
  );
  await expect(terms.getByRole('main').getByRole('link', { name: SELLER_CONTACT }).first()).toBeVisible();
  await terms.getByRole('main').getByText(SELLER_NAME).first().scrollIntoViewIfNeeded();
  await shot(terms, { path: path.join(SHOTS, 'instance-b-terms.png') });
  // The footer is drawn once near the viewport (content-visibility): scrolled to, drawn, scrolled to again.
  const footerLine = terms.getByRole('contentinfo').getByText(`${SELLER_NAME}, ${SELLER_ADDRESS}`);
  await footerLine.scrollIntoViewIfNeeded();
  await terms.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await footerLine.scrollIntoViewIfNeeded();
  await shot(terms, { path: path.join(SHOTS, 'instance-b-footer.png') });
  await terms.goto(`${B}/product/1`);
  await expect(terms.getByTestId('away-notice')).toContainText(note);
  await expect(terms.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await expect(terms.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
  await terms.getByTestId('away-notice').scrollIntoViewIfNeeded();
  await shot(terms, { path: path.join(SHOTS, 'instance-b-product.png') });
  const refused = await fetch(`${B}/api/checkout`, {
    method: 'POST',
    headers: json(),
    body: JSON.stringify({ email: BUYER, items: [{ id: '1', quantity: 1 }], zone: 'EU' }),
  });
  expect(refused.status).toBe(409);

  // The shopper leaves an e-mail there, and confirms it from the e-mail's link.
  const form = terms.getByRole('form', { name: 'Tell me when you’re back' });
  await expectHydrated(terms, form.getByLabel('Email address'));
  await form.getByLabel('Email address').fill(SHOPPER);
  await form.getByRole('button', { name: 'Tell me when you’re back' }).click();
  await expect(form.getByRole('status')).toContainText('Please check your inbox to confirm');
  const toShopper = () => sink.messages.filter((m) => m.envelopeTo.includes(SHOPPER));
  await expect.poll(() => toShopper().length, { timeout: 20_000 }).toBe(1);
  const confirmation = toShopper()[0];
  expect(confirmation?.parsed.subject).toBe(CONFIRM_SUBJECT);
  const link = /https?:\/\/\S+\/back-in-touch\/confirm\?token=[A-Za-z0-9_-]+/.exec(
    confirmation?.parsed.text ?? '',
  );
  expect(link).not.toBeNull();
  await terms.goto(link?.[0] ?? '');
  await terms.getByRole('button', { name: 'Yes, tell me' }).click();
  await expect(terms.getByRole('heading', { name: 'You are on the list' })).toBeVisible();
  await shot(terms, { path: path.join(SHOTS, 'shopper-on-the-list.png'), fullPage: true });

  // The owner opens again: the shopper gets one e-mail, exactly.
  await away.getByLabel('Open as usual').check();
  await saved(page, 'Away', 'Save away');
  await expect.poll(() => toShopper().length, { timeout: 20_000 }).toBe(2);
  expect(toShopper()[1]?.parsed.subject).toBe(BACK_SUBJECT);
  // Nothing more on its way: the outbox has sent everything and no sender is mid-send.
  await expect
    .poll(
      async () =>
        (await database.db.selectFrom('outbox').select('id').where('status', '=', 'pending').execute())
          .length,
    )
    .toBe(0);
  await sink.idle();
  expect(toShopper().map((m) => m.parsed.subject)).toEqual([CONFIRM_SUBJECT, BACK_SUBJECT]);
  expect(shopper.problems).toEqual([]);
  await shopper.close();
});

test('open again: an EU order on B is charged the new price and names the seller saved; the past one keeps its shipping', async () => {
  const B = instance(1).url;
  const after = await paidEuOrder(B);
  // €40 of items, under the €60 threshold: the new €12.50.
  expect(await charged(after)).toMatchObject({ subtotal: 4000, shipping: 1250, total: 5250 });
  expect(await charged(before)).toMatchObject({
    subtotal: 4000,
    shipping: SEEDED_EU.price,
    total: 4000 + SEEDED_EU.price,
  });
  // Its confirmation e-mail names the seller as saved, in the model withdrawal form too.
  const confirmationOf = () =>
    sink.messages.find((m) => m.envelopeTo.includes(BUYER) && (m.parsed.subject ?? '').includes(after));
  await expect.poll(() => confirmationOf() !== undefined, { timeout: 20_000 }).toBe(true);
  const text = confirmationOf()?.parsed.text ?? '';
  expect(text).toContain(`- To ${SELLER_NAME}, ${SELLER_ADDRESS},`);
  expect(text).toContain(`Who you are buying from\n  ${SELLER_NAME}\n  ${SELLER_ADDRESS}`);
});
