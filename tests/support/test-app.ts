/** Builds the real app for integration tests: a fresh DATA_DIR, silent logs, fast outbox retries. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { orderReference } from '../../domain/checkout/checkout';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { ORDERS_MAIL_KINDS } from '../../server/orders/mail-kinds';
import type { ShopTuning } from '../../server/platform';
import { OUTBOX_DIR } from '../../server/platform';
import type { ReceivedMail } from './smtp-sink';

export const TEST_PUBLIC_URL = 'http://shop.test';

/**
 * The front end's build a test app serves unless the test names one: none. Without it every test sees the
 * same shop whether or not `npm run build` has run (the default ./dist/web would hand the pages feature the
 * real SSR build, rendering every page on each catalogue change: 70 s more over the suite, and answers that
 * differ between a fresh clone and a built tree). A test of the pages passes its own WEB_DIST_DIR.
 */
const NO_WEB_BUILD = path.join(tmpdir(), 'solas-tests-without-a-web-build');

export function tempDataDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'solas-orders-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A wrong sign-in answered without its delay: a test guesses many, and the delay's length is tested in
 * admin-sessions.test.ts (a test that times it passes its own hold).
 */
export const NO_SIGN_IN_HOLD = (): Promise<void> => Promise.resolve();

export async function buildTestApp(
  env: Record<string, string>,
  {
    databaseWaitMs,
    ...tuning
  }: Omit<ShopTuning, 'outboxTimings'> & {
    /**
     * How long a statement waits for a lock (SQLite) or a connection (PostgreSQL) before it gives up
     * (the database's own 5 s when not given): for the tests of that wait running out.
     */
    readonly databaseWaitMs?: number;
  } = {},
): Promise<FastifyInstance> {
  const loaded = loadConfig({
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_PUBLIC_URL,
    WEB_DIST_DIR: NO_WEB_BUILD,
    ...env,
  });
  const config =
    databaseWaitMs === undefined
      ? loaded
      : { ...loaded, database: { ...loaded.database, waitMs: databaseWaitMs } };
  const app = await buildApp({
    config,
    serveWeb: false,
    tuning: {
      signInHold: NO_SIGN_IN_HOLD,
      ...tuning,
      outboxTimings: { retryBaseMs: 40, retryMaxMs: 200, pollMs: 100, leaseMs: 5_000 },
      retention: false,
    },
    reconcile: false,
  });
  await app.ready();
  if (env.DATA_DIR) mailDirs.set(app, path.join(env.DATA_DIR, OUTBOX_DIR));
  return app;
}

/** Where each test app's default transport writes its .eml files. */
const mailDirs = new WeakMap<FastifyInstance, string>();
/** The messages an app's SMTP server received, for apps that send through one (test-shop.ts). */
const mailSinks = new WeakMap<FastifyInstance, () => readonly ReceivedMail[]>();

/** Tells outboxRows where `app`'s sent e-mails arrive: the SMTP server the test started for it. */
export function receivesMailAt(app: FastifyInstance, messages: () => readonly ReceivedMail[]): void {
  mailSinks.set(app, messages);
}

/**
 * Outbox rows and orders, straight from the database. A sent e-mail keeps no subject or text there
 * (docs/product/order-flow.md §6.6): its subject and bodies are read back as the recipient got them, from the .eml
 * file the default transport wrote or from the test's SMTP server (which keeps a message before it
 * answers, so a row marked sent is always there). The outbox may send one before a test reads it.
 */
export async function outboxRows(app: FastifyInstance) {
  const rows = await app.platform.db.selectFrom('outbox').selectAll().orderBy('id').execute();
  const dir = mailDirs.get(app);
  const received = mailSinks.get(app)?.();
  let files: string[] = [];
  try {
    if (dir) files = readdirSync(dir);
  } catch {
    files = [];
  }
  return Promise.all(
    rows.map(async (row) => {
      if (row.status !== 'sent' || row.text_body !== '') return row;
      const arrived = received?.find((m) => m.parsed.messageId === row.message_id)?.parsed;
      const file = files.find(
        (f) => f.startsWith(`${String(row.id).padStart(6, '0')}-`) && f.endsWith('.eml'),
      );
      const mail =
        arrived ?? (dir && file ? await simpleParser(readFileSync(path.join(dir, file))) : undefined);
      if (!mail) return row;
      return {
        ...row,
        subject: mail.subject ?? '',
        text_body: mail.text ?? '',
        html_body: typeof mail.html === 'string' ? mail.html : '',
      };
    }),
  );
}

/**
 * Resolves once the outbox has nothing left to send: no e-mail waits and the sender is between passes.
 * A test that counts the e-mails something sent ("exactly two") counts after this, instead of after a
 * pause: every e-mail queued by then has reached the mail server (or was given up), so none is on its way.
 */
export async function outboxSettled(app: FastifyInstance, timeoutMs = 15_000): Promise<void> {
  const { db, outbox } = app.platform;
  const deadline = Date.now() + timeoutMs;
  const waiting = () =>
    db.selectFrom('outbox').select('id').where('status', '=', 'pending').limit(1).executeTakeFirst();
  while (await waiting()) {
    if (Date.now() > deadline) throw new Error(`e-mail still waited in the outbox after ${timeoutMs} ms`);
    // Looked at again shortly: the sender wakes itself for a retry that falls due.
    await new Promise((r) => setTimeout(r, 10));
  }
  await outbox.idle();
}

export async function orderRows(app: FastifyInstance) {
  return app.platform.db.selectFrom('orders').selectAll().execute();
}

/** The test checkout's card form for a shopper in Galway, paid with the test card that succeeds. */
export const GALWAY_CARD_FORM = {
  email: 'ciara@example.ie',
  name: 'Ciara Walsh',
  line1: '4 Quay Street',
  city: 'Galway',
  postalCode: 'H91 AB12',
  country: 'IE',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12 / 39',
  cvc: '123',
} as const;

/** A delivery address in the test checkout's form, in place of GALWAY_CARD_FORM's. */
export interface CardFormAddress {
  readonly line1: string;
  readonly city: string;
  readonly postalCode: string;
  readonly country: string;
}

/** A delivery in France (the EU zone) for the test checkout's form. */
export const PARIS: CardFormAddress = {
  line1: '4 Rue de la Paix',
  city: 'Paris',
  postalCode: '75002',
  country: 'FR',
};

/**
 * Pays an open checkout through the test checkout's card form (the card that succeeds) and confirms it,
 * as the shopper's browser does after the redirect; throws when either step is refused.
 */
export async function payAndConfirm(
  app: FastifyInstance,
  sessionId: string,
  email: string,
  name?: string,
  address?: CardFormAddress,
): Promise<void> {
  const paid = await app.inject({
    method: 'POST',
    url: `/test-checkout/${sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      ...GALWAY_CARD_FORM,
      ...address,
      email,
      ...(name ? { name } : {}),
    }).toString(),
  });
  if (paid.statusCode >= 400) throw new Error(`the test checkout refused the payment: ${paid.statusCode}`);
  const confirmed = await app.inject({
    method: 'POST',
    url: `/api/orders/${sessionId}/confirm`,
    payload: {},
  });
  if (confirmed.statusCode !== 200) throw new Error(`the confirmation answered ${confirmed.statusCode}`);
}

/** An order as a shopper places it on the test checkout (delivered to Galway unless `address` says). */
export interface TestCheckoutOrder {
  readonly email: string;
  readonly name?: string;
  readonly items: readonly { readonly id: string; readonly quantity: number; readonly size?: string }[];
  readonly zone: string;
  readonly address?: CardFormAddress;
  /** The destination's country, for a shop whose VAT depends on it (the checkout then asks for it). */
  readonly country?: string;
}

const ORDER_PAGE_LINK = /#\/order\/(SOL-[A-Z0-9_-]+)\?key=([A-Za-z0-9_-]+)/;

/**
 * Places `order`, pays and confirms it (payAndConfirm), and reads its order page's link from the shopper's
 * confirmation e-mail, as the shopper gets it: the reference, the page's key and the order's id.
 */
export async function paidOrderWithPageKey(
  app: FastifyInstance,
  order: TestCheckoutOrder,
): Promise<{ reference: string; key: string; orderId: string }> {
  const checkout = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: {
      email: order.email,
      items: order.items,
      zone: order.zone,
      ...(order.country ? { country: order.country } : {}),
    },
  });
  if (checkout.statusCode !== 200) throw new Error(`the checkout answered ${checkout.statusCode}`);
  const { sessionId } = checkout.json() as { sessionId: string };
  await payAndConfirm(app, sessionId, order.email, order.name, order.address);
  const reference = orderReference(sessionId);
  const confirmation = (await outboxRows(app)).find(
    (r) => r.kind === ORDERS_MAIL_KINDS.customer && r.reference === reference,
  );
  const match = confirmation ? ORDER_PAGE_LINK.exec(confirmation.text_body) : null;
  if (!match?.[1] || !match[2] || !confirmation?.order_id)
    throw new Error('no order page link in the confirmation');
  return { reference: match[1], key: match[2], orderId: confirmation.order_id };
}
