/**
 * Several instances on one PostgreSQL (docs/product/running.md §11.1, docs/deploy.md): two real shop processes
 * on a fresh schema, migrated first by `npm run migrate`, behind a real nginx filled from deploy/nginx/
 * (tests/support/cluster.ts), e-mail to a real SMTP server in this process, payments on the
 * built-in test checkout. The requests go to nginx, or straight to one instance where the journey needs
 * to choose which one serves it.
 */

import { getProduct } from '../../domain/catalogue';
import { STORAGE_KEYS } from '../../domain/config';
import { type OpenDatabase, openDatabase } from '../../server/db/database';
import { createTestCheckoutProvider } from '../../server/payments/test-checkout';
import type { Cluster } from '../support/cluster';
import { type ShopCluster, startShopCluster } from '../support/shop-cluster';
import type { SmtpSink } from '../support/smtp-sink';
import type { TestDatabase } from '../support/test-database';
import { enterEmail, fillTestCheckout } from './checkout-steps';
import { expect, test } from './fixtures';

const FIRST_LIGHT = getProduct('1');
if (!FIRST_LIGHT) throw new Error('catalogue changed: product 1 is missing');

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let shop: ShopCluster;
let testDb: TestDatabase;
let database: OpenDatabase;
let sink: SmtpSink;
let cluster: Cluster;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  shop = await startShopCluster(
    'multi',
    {
      // Only the newsletter is limited here (its own test below): the journeys must not trip the others.
      RATE_LIMITS: 'checkout=off,confirm=off,pay=off,newsletter=4/60',
      ADMIN_TOKEN: 'multi-instance-admin-token',
    },
    2,
    undefined,
    { migrateFirst: true },
  );
  ({ cluster, sink, testDb } = shop);
  // The journey's own view of the shop's database, for what a shopper cannot see.
  database = await openDatabase(testDb.location);
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

const json = () => ({ 'content-type': 'application/json', origin: cluster.url });

async function startCheckout(base: string): Promise<string> {
  const res = await fetch(`${base}/api/checkout`, {
    method: 'POST',
    headers: json(),
    body: JSON.stringify({
      email: `shopper-${Date.now()}@example.ie`,
      items: [{ id: '1', quantity: 2 }],
      giftWrap: true,
      zone: 'IE',
    }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { ok: boolean; sessionId: string; url: string };
  expect(body.ok).toBe(true);
  return body.sessionId;
}

/** The test checkout's payment form, submitted as the browser does; the shop confirms right after. */
async function payOnForm(base: string, sessionId: string): Promise<void> {
  const form = new URLSearchParams({
    email: 'shopper@example.ie',
    name: 'Aoife Byrne',
    line1: '1 Main Street',
    city: 'Galway',
    postalCode: 'H91 X2Y3',
    country: 'IE',
    cardNumber: '4242 4242 4242 4242',
    expiry: '12 / 39',
    cvc: '123',
  });
  const res = await fetch(`${base}/test-checkout/${sessionId}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: cluster.url },
    body: form.toString(),
  });
  expect(res.status).toBe(303);
  expect(res.headers.get('location') ?? '').toContain('order-confirmation');
}

async function confirm(base: string, sessionId: string) {
  const res = await fetch(`${base}/api/orders/${sessionId}/confirm`, {
    method: 'POST',
    headers: json(),
    body: '{}',
  });
  return { status: res.status, body: (await res.json()) as { status: string; reference?: string } };
}

async function orderOf(sessionId: string) {
  return database.db
    .selectFrom('orders')
    .select(['id', 'status', 'reference'])
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
}

async function outboxOf(orderId: string) {
  return database.db
    .selectFrom('outbox')
    .select(['kind', 'status', 'message_id'])
    .where('order_id', '=', orderId)
    .orderBy('kind')
    .execute();
}

/** The SMTP server's messages for these outbox message ids. */
function received(messageIds: readonly string[]) {
  const wanted = new Set(messageIds.map((id) => id.replace(/^<|>$/g, '')));
  return sink.messages.filter((m) => wanted.has((m.parsed.messageId ?? '').replace(/^<|>$/g, '')));
}

async function waitForMessages(messageIds: readonly string[], timeoutMs: number) {
  await expect
    .poll(() => received(messageIds).length, { timeout: timeoutMs, intervals: [100, 250, 500] })
    .toBeGreaterThanOrEqual(messageIds.length);
}

/**
 * Resolves once every one of these e-mails is marked sent and no instance is talking to the mail server.
 * The row is marked by the last sender that claimed it, once its send was accepted (a claim replaces the
 * lease, and only the lease's holder can mark the row); a sender whose claim was replaced would still be
 * connected to the mail server. So a second send of any of them, which must not happen, has arrived by then.
 */
async function sendersDone(messageIds: readonly string[]) {
  await expect
    .poll(
      async () => {
        const rows = await database.db
          .selectFrom('outbox')
          .select('status')
          .where('message_id', 'in', [...messageIds])
          .execute();
        return rows.filter((r) => r.status === 'sent').length;
      },
      { timeout: 15_000, intervals: [50, 100, 250] },
    )
    .toBe(messageIds.length);
  await sink.idle();
}

test('a shopper buys in the browser through nginx, whichever instance answers each request', async ({
  page,
  consoleGuard,
}) => {
  // Until the image pipeline has run, product images 404; that is not what this journey tests.
  const probe = await fetch(`${cluster.url}/img/${FIRST_LIGHT.image}-320.webp`);
  if (!probe.ok) consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
  await page.goto(`${cluster.url}/#/cart`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEYS.cart,
    JSON.stringify([{ id: '1', name: 'First Light', price: 3500, quantity: 1 }]),
  ] as const);
  await page.goto('about:blank');
  await page.goto(`${cluster.url}/#/cart`);
  await enterEmail(page, 'niamh.walsh@example.ie');
  await page.waitForURL(/\/test-checkout\/cs_test_[A-Za-z0-9]+$/, { timeout: 15_000 });
  const sessionId = page.url().split('/').pop() ?? '';
  await fillTestCheckout(page, '4242 4242 4242 4242', {
    name: 'Niamh Walsh',
    line1: '3 Quay Street',
    city: 'Westport',
    postcode: 'F28 X2Y3',
  });
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL(/#\/order-confirmation\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const order = await orderOf(sessionId);
  await expect(page.getByTestId('order-reference')).toHaveText(order.reference ?? '');
  const mails = await outboxOf(order.id);
  expect(mails.map((m) => m.kind)).toEqual(['order-confirmation', 'owner-notification']);
  await waitForMessages(
    mails.map((m) => m.message_id),
    15_000,
  );
});

test('a checkout started on one instance is paid and confirmed through the other', async () => {
  const sessionId = await startCheckout(instance(0).url);
  await payOnForm(instance(1).url, sessionId);
  const confirmed = await confirm(instance(1).url, sessionId);
  expect(confirmed.status).toBe(200);
  expect(confirmed.body.status).toBe('paid');
  // And the first instance tells the shopper the same.
  expect((await confirm(instance(0).url, sessionId)).body).toMatchObject({
    status: 'paid',
    reference: confirmed.body.reference,
  });
  const order = await orderOf(sessionId);
  const mails = await outboxOf(order.id);
  expect(mails.map((m) => m.kind)).toEqual(['order-confirmation', 'owner-notification']);
  await waitForMessages(
    mails.map((m) => m.message_id),
    15_000,
  );
});

test('20 concurrent confirms of one paid session over both instances: one order paid, one e-mail pair', async () => {
  const sessionId = await startCheckout(cluster.url);
  // The payment is recorded at the provider (the test checkout's own code, as its form does), and the
  // shop has not confirmed it yet: every confirm below races to be the one that does.
  const provider = createTestCheckoutProvider({ db: database.db, publicUrl: cluster.url });
  expect(
    await provider.pay(sessionId, {
      name: 'Aoife Byrne',
      address: {
        line1: '1 Main Street',
        line2: null,
        city: 'Galway',
        state: null,
        postalCode: 'H91 X2Y3',
        country: 'IE',
      },
    }),
  ).toBe(true);
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) => confirm(instance(i % 2 === 0 ? 0 : 1).url, sessionId)),
  );
  expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
  expect(new Set(results.map((r) => r.body.status))).toEqual(new Set(['paid']));
  expect(new Set(results.map((r) => r.body.reference)).size).toBe(1);

  const order = await orderOf(sessionId);
  expect(order.status).toBe('paid');
  const mails = await outboxOf(order.id);
  expect(mails.map((m) => m.kind)).toEqual(['order-confirmation', 'owner-notification']);
  const ids = mails.map((m) => m.message_id);
  await waitForMessages(ids, 15_000);
  await sendersDone(ids);
  expect(received(ids)).toHaveLength(2);
});

test('a rate limit holds across both instances (counted in the database)', async () => {
  const statuses: number[] = [];
  for (let n = 0; n < 6; n += 1) {
    const res = await fetch(`${instance(n % 2 === 0 ? 0 : 1).url}/api/newsletter`, {
      method: 'POST',
      headers: json(),
      body: JSON.stringify({ email: `reader-${n}@example.ie`, source: 'home' }),
    });
    statuses.push(res.status);
  }
  expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  // Through nginx too: the shop sees the client's address from X-Forwarded-For (TRUST_PROXY), here the
  // same loopback client, still over its limit.
  const viaNginx = await fetch(`${cluster.url}/api/newsletter`, {
    method: 'POST',
    headers: json(),
    body: JSON.stringify({ email: 'reader-x@example.ie', source: 'home' }),
  });
  expect(viaNginx.status).toBe(429);
  expect(Number(viaNginx.headers.get('retry-after'))).toBeGreaterThan(0);
});

test('the desk\'s failed sign-ins and "Find your order" are counted over both instances', async () => {
  const signIn = (base: string) =>
    fetch(`${base}/api/admin/session`, {
      method: 'POST',
      headers: json(),
      body: JSON.stringify({ token: 'not-the-admin-token' }),
    });
  // Nine failures on one instance and one on the other, at once (each answer is held up to 4 s): per
  // process neither would have reached ten.
  const failures = await Promise.all([
    ...Array.from({ length: 9 }, () => signIn(instance(0).url)),
    signIn(instance(1).url),
  ]);
  expect(failures.map((r) => r.status)).toEqual(Array(10).fill(401));
  for (const base of [instance(1).url, cluster.url]) {
    const refused = await signIn(base);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
  }

  const find = (base: string, reference: string) =>
    fetch(`${base}/api/order-page/find`, {
      method: 'POST',
      headers: json(),
      body: JSON.stringify({ reference, email: 'looking@example.ie' }),
    });
  for (const reference of ['SOL-AAAAAAA1', 'SOL-AAAAAAA2', 'SOL-AAAAAAA3']) {
    expect((await find(instance(0).url, reference)).status).toBe(200);
  }
  const limited = await find(instance(1).url, 'SOL-AAAAAAA4');
  expect(limited.status).toBe(429);
  expect(limited.headers.get('retry-after')).toBe('3600');
});

test('one instance SIGKILLed while e-mails are queued: the other sends them all, none twice', async () => {
  // The mail server is down: paid orders' e-mails queue up on both instances.
  await sink.stop();
  const sessions: string[] = [];
  for (let n = 0; n < 3; n += 1) {
    const sessionId = await startCheckout(cluster.url);
    await payOnForm(cluster.url, sessionId);
    sessions.push(sessionId);
  }
  const orders = await Promise.all(sessions.map(orderOf));
  const queued = (await Promise.all(orders.map((o) => outboxOf(o.id)))).flat();
  expect(queued).toHaveLength(6);
  expect(queued.every((m) => m.status === 'pending')).toBe(true);

  const victim = instance(0);
  victim.kill('SIGKILL');
  expect((await victim.exited).signal).toBe('SIGKILL');

  // What a crash leaves behind is a claim held until its lease runs out (2 minutes), and retries
  // scheduled with back-off: move the stored clock past both instead of waiting (as the crash-recovery
  // test does), then bring the mail server back.
  await database.db
    .updateTable('outbox')
    .set({ locked_until_ms: null, next_attempt_ms: Date.now() })
    .where('status', '=', 'pending')
    .execute();
  await sink.start();

  // Shoppers keep buying through nginx, which now only reaches the survivor.
  const later = await startCheckout(cluster.url);
  await payOnForm(cluster.url, later);
  const laterOrder = await orderOf(later);
  const all = [...queued, ...(await outboxOf(laterOrder.id))];
  const ids = all.map((m) => m.message_id);
  await waitForMessages(ids, 45_000);
  await sendersDone(ids);
  const got = received(ids);
  expect(got).toHaveLength(8);
  expect(new Set(got.map((m) => m.parsed.messageId)).size).toBe(8);
  const rows = await database.db
    .selectFrom('outbox')
    .select(['status'])
    .where(
      'message_id',
      'in',
      all.map((m) => m.message_id),
    )
    .execute();
  expect(rows.every((r) => r.status === 'sent')).toBe(true);
});
