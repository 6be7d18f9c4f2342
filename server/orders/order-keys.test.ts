/**
 * The order and quote pages' keys are kept hashed (docs/product/order-flow.md §6.8): a copy of the database holds
 * no key and no sent e-mail's link, each e-mail carries a key of its own that works beside the earlier
 * ones, anonymising an order takes all of them away, and the plain keys stored before the hashing keep
 * working once it is migrated.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { instancesSuite } from '../../tests/support/shop-suite';
import { migrationsBefore } from '../../tests/support/store-suite';
import { GALWAY_CARD_FORM, outboxRows } from '../../tests/support/test-app';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { openDatabase } from '../db/database';
import { ORDERS_MAIL_KINDS } from './mail-kinds';
import { hashKey } from './order-key';

const LINK = /#\/order\/(SOL-[A-Z0-9_-]+)\?key=([A-Za-z0-9_-]+)/;

describe.each(TEST_DIALECTS)('page keys on %s', (dialect) => {
  const shops = instancesSuite(dialect);

  const view = (app: FastifyInstance, reference: string, key: string) =>
    app.inject({ method: 'POST', url: '/api/order-page', payload: { reference, key } });

  /** Everything the database holds, as text: what a copy of it would give away. */
  async function everything(app: FastifyInstance): Promise<string> {
    const { db } = app.platform;
    const tables = ['orders', 'order_keys', 'outbox', 'test_checkout_sessions', 'order_events'] as const;
    const rows = await Promise.all(tables.map((t) => db.selectFrom(t).selectAll().execute()));
    return JSON.stringify(rows);
  }

  it('keeps only hashes: a copy of the database opens no page, and every e-mail has a key that works', async () => {
    const app = await shops.start();
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { email: GALWAY_CARD_FORM.email, items: [{ id: '1', quantity: 1 }], zone: 'IE' },
    });
    const { sessionId } = checkout.json() as { sessionId: string };
    await app.inject({
      method: 'POST',
      url: `/test-checkout/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(GALWAY_CARD_FORM).toString(),
    });
    await app.inject({ method: 'POST', url: `/api/orders/${sessionId}/confirm`, payload: {} });
    // Sent: the link is read back from the e-mail as the shopper got it.
    const sent = async () =>
      (await outboxRows(app)).find((r) => r.kind === ORDERS_MAIL_KINDS.customer && r.status === 'sent');
    await expect.poll(sent, { timeout: 15_000 }).toBeDefined();
    const match = LINK.exec((await sent())?.text_body ?? '');
    const reference = match?.[1] ?? '';
    const key = match?.[2] ?? '';
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await view(app, reference, key)).statusCode).toBe(200);

    // The database: the key's hash, never the key; the sent e-mail keeps its kind, recipient and times.
    const copy = await everything(app);
    expect(copy).not.toContain(key);
    expect(copy).toContain(hashKey(key));
    const stored = await app.platform.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', ORDERS_MAIL_KINDS.customer)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      status: 'sent',
      recipient: GALWAY_CARD_FORM.email,
      subject: '',
      text_body: '',
      html_body: '',
    });
    expect(stored.sent_at).toEqual(expect.any(String));

    // Asked for again (Find your order): a message built anew, with a key of its own beside the first.
    await app.inject({
      method: 'POST',
      url: '/api/order-page/find',
      payload: { reference, email: GALWAY_CARD_FORM.email },
    });
    const again = async () =>
      (await outboxRows(app)).find(
        (r) => r.kind.startsWith(`${ORDERS_MAIL_KINDS.orderLink}-`) && r.status === 'sent',
      );
    await expect.poll(again, { timeout: 15_000 }).toBeDefined();
    const second = LINK.exec((await again())?.text_body ?? '')?.[2] ?? '';
    expect(second).not.toBe(key);
    expect((await view(app, reference, second)).statusCode).toBe(200);
    expect((await view(app, reference, key)).statusCode).toBe(200);
    expect(await everything(app)).not.toContain(second);
    // A key one character off, or another order's, opens nothing.
    expect(
      (await view(app, reference, `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)).statusCode,
    ).toBe(404);

    // Anonymised at the end of its period: no key opens the page any more.
    await app.privacy.store.applyRetention(new Date('2099-01-01T00:00:00Z'));
    expect((await view(app, reference, key)).statusCode).toBe(404);
    expect((await view(app, reference, second)).statusCode).toBe(404);
    expect(await app.platform.db.selectFrom('order_keys').selectAll().execute()).toEqual([]);
  });

  it('migrates the plain keys stored before: the links already sent keep opening their pages', async () => {
    const old = await openDatabase(shops.target.location, migrationsBefore('0018'));
    const orderKey = 'OldOrderKey0123456789abcdefghijk';
    const quoteKey = 'OldQuoteKey0123456789abcdefghijk';
    const at = new Date().toISOString();
    try {
      await sql`insert into orders (id, provider, session_id, reference, status, email, zone, currency,
        subtotal, shipping, gift_wrap, total, item_count, created_at, updated_at, paid_at, desk_status, order_key)
        values ('ord_old', 'test-checkout', 'cs_test_old0123456789', 'SOL-OLD01234', 'paid',
        'old@example.ie', 'IE', 'eur', 4000, 0, 0, 4000, 1, ${at}, ${at}, ${at}, 'paid', ${orderKey})`.execute(
        old.db,
      );
      await sql`insert into quotes (reference, quote_key, email, lines, zone, subtotal, discount, shipping,
        total, valid_until, created_at, updated_at)
        values ('Q-OLD01234', ${quoteKey}, 'acme@example.ie', '[]', 'IE', 1000, 0, 0, 1000, '2099-12-31',
        ${at}, ${at})`.execute(old.db);
      await sql`insert into outbox (order_id, reference, kind, message_id, recipient, subject, text_body,
        html_body, status, attempts, next_attempt_ms, created_at, sent_at)
        values ('ord_old', 'SOL-OLD01234', 'order-confirmation', '<m@solas.test>', 'old@example.ie',
        'Your order', ${`#/order/SOL-OLD01234?key=${orderKey}`}, '<p>link</p>', 'sent', 1, 0, ${at},
        ${at})`.execute(old.db);
    } finally {
      await old.close();
    }

    const app = await shops.start();
    expect((await view(app, 'SOL-OLD01234', orderKey)).statusCode).toBe(200);
    const quote = await app.inject({
      method: 'POST',
      url: '/api/quotes/Q-OLD01234',
      payload: { key: quoteKey },
    });
    expect(quote.statusCode).toBe(200);
    const copy = await everything(app);
    expect(copy).not.toContain(orderKey);
    expect(JSON.stringify(await app.platform.db.selectFrom('quotes').selectAll().execute())).not.toContain(
      quoteKey,
    );
    expect(await app.platform.db.selectFrom('order_keys').select('key_hash').execute()).toEqual([
      { key_hash: hashKey(orderKey) },
    ]);
  });
});
