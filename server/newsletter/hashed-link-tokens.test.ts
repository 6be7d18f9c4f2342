/**
 * The newsletter's, "tell me when you're back"'s and "tell me when it's back"'s link tokens on both
 * databases: the database keeps only their SHA-256 (as the order pages' keys), so a copy of it confirms
 * or unsubscribes nobody, while every e-mail's link works; and the plain tokens stored before are hashed
 * in place by their migration, the links already sent still working.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BACK_IN_TOUCH_API } from '../../domain/settings/shop-settings';
import { instancesSuite } from '../../tests/support/shop-suite';
import { migrationsBefore } from '../../tests/support/store-suite';
import { outboxRows, TEST_PUBLIC_URL } from '../../tests/support/test-app';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { openDatabase } from '../db/database';
import { hashKey } from '../lib/ids';
import { BACK_IN_TOUCH_PATHS } from '../settings/back-in-touch-mail';

/** The link token an e-mail's text carries. */
function tokenIn(text: string | undefined): string {
  const token = /token=([A-Za-z0-9_-]{32})/.exec(text ?? '')?.[1];
  if (!token) throw new Error('no link in the e-mail');
  return token;
}

describe.each(TEST_DIALECTS)('link tokens on %s', (dialect) => {
  const shops = instancesSuite(dialect);

  /** The three tables' rows, as text: what a copy of the database would give away. */
  async function everything(app: FastifyInstance): Promise<string> {
    const { db } = app.platform;
    const tables = [
      'newsletter_signups',
      'newsletter_keys',
      'back_in_touch',
      'back_in_stock_requests',
    ] as const;
    return JSON.stringify(await Promise.all(tables.map((t) => db.selectFrom(t).selectAll().execute())));
  }

  const confirmBackInTouch = (app: FastifyInstance, token: string) =>
    app.inject({
      method: 'POST',
      url: BACK_IN_TOUCH_PATHS.confirm,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_PUBLIC_URL },
      payload: `token=${token}`,
    });

  it('keeps only hashes, and the link of every e-mail works', async () => {
    const app = await shops.start();
    await app.newsletter.store.signUp('reader@example.ie', 'home');
    await app.newsletter.backInStock.request('1', 'waiting@example.ie');
    const asked = await app.inject({
      method: 'POST',
      url: BACK_IN_TOUCH_API,
      headers: { origin: TEST_PUBLIC_URL },
      payload: { email: 'back@example.ie' },
    });
    expect(asked.statusCode).toBeLessThan(300);
    const mails = await outboxRows(app);
    const tokenTo = (to: string) => tokenIn(mails.find((m) => m.recipient === to)?.text_body);
    const tokens = ['reader@example.ie', 'waiting@example.ie', 'back@example.ie'].map(tokenTo);
    const copy = await everything(app);
    for (const token of tokens) expect(copy).not.toContain(token);

    const [newsletter = '', backInStock = '', backInTouch = ''] = tokens;
    expect(await app.newsletter.store.confirm(newsletter)).toBe('confirmed');
    expect(await app.newsletter.backInStock.confirm(backInStock)).toBe('1');
    expect((await confirmBackInTouch(app, backInTouch)).statusCode).toBe(200);
    // The hash itself, typed into a link, opens nothing.
    expect(await app.newsletter.store.confirm(hashKey(newsletter).slice(0, 32))).toBe('unknown');
    expect(await app.newsletter.store.unsubscribe(newsletter)).toBe(true);
  });

  it('hashes the tokens stored before in place: the links already sent keep working', async () => {
    const old = await openDatabase(shops.target.location, migrationsBefore('0035'));
    const tokens = {
      newsletter: 'OldNewsletterToken0123456789abcd',
      backInTouch: 'OldBackInTouchToken0123456789abc',
      backInStock: 'OldBackInStockToken0123456789abc',
    };
    const at = new Date().toISOString();
    try {
      await sql`insert into newsletter_signups (email, email_key, source, created_at, status, token)
        values ('old@example.ie', 'old@example.ie', 'home', ${at}, 'confirmed', ${tokens.newsletter})`.execute(
        old.db,
      );
      await sql`insert into back_in_touch (email, email_key, token, status, created_at)
        values ('old@example.ie', 'old@example.ie', ${tokens.backInTouch}, 'pending', ${at})`.execute(old.db);
      await sql`insert into back_in_stock_requests (product_id, email, email_key, status, token, created_at)
        values ('1', 'old@example.ie', 'old@example.ie', 'pending', ${tokens.backInStock}, ${at})`.execute(
        old.db,
      );
    } finally {
      await old.close();
    }

    const app = await shops.start();
    const copy = await everything(app);
    for (const token of Object.values(tokens)) {
      expect(copy).not.toContain(token);
      expect(copy).toContain(hashKey(token));
    }
    expect(await app.newsletter.backInStock.confirm(tokens.backInStock)).toBe('1');
    expect((await confirmBackInTouch(app, tokens.backInTouch)).statusCode).toBe(200);
    expect(await app.newsletter.store.unsubscribe(tokens.newsletter)).toBe(true);
    expect(await app.platform.db.selectFrom('newsletter_signups').selectAll().execute()).toEqual([]);
  });
});
