/**
 * The discount store on both dialects: codes are created once (the primary key), a reservation is one use
 * taken inside the checkout's transaction, 20 concurrent reservations of a code limited to 5 on two
 * instances give exactly 5, once per e-mail address holds, and a released use can be taken again.
 */
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { priceOrder } from '../../domain/cart/pricing';
import { cents } from '../../domain/shared/money';
import { storeSuite } from '../../tests/support/store-suite';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { openDatabase } from '../db/database';
import { OrderStore } from '../orders/order-store';
import {
  type DiscountCodeValues,
  DiscountStore,
  discountEmailHash,
  forgetDiscountEmail,
  ReservationRefused,
  ruleOf,
} from './discount-store';

const TOTALS = priceOrder(
  [{ id: '1', name: 'First Light', unitPrice: cents(4000), quantity: 2 }],
  'IE',
  false,
);
const NOW = new Date('2026-11-20T10:00:00Z');
const LATER = new Date('2026-11-20T11:00:00Z');

function values(over: Partial<DiscountCodeValues> = {}): DiscountCodeValues {
  return {
    percent_off: 15,
    amount_off: null,
    min_subtotal: 6000,
    starts_at: null,
    ends_at: null,
    max_uses: 5,
    once_per_email: 0,
    active: 1,
    ...over,
  };
}

describe.each(TEST_DIALECTS)('the discount store on %s', (dialect) => {
  const suite = storeSuite(dialect, (database) => new DiscountStore(database.db));
  let orders: OrderStore;

  beforeEach(() => {
    orders = new OrderStore(suite.database.db);
  });

  async function order(id: string, email = 'shopper@example.ie'): Promise<void> {
    await orders.createPending({
      id,
      provider: 'test-checkout',
      email,
      totals: TOTALS,
      vat: { vatRate: 23, vatNumber: null },
    });
  }

  /** A reservation in its own transaction, as the checkout takes it: the outcome's reason or 'reserved'. */
  async function reserve(
    on: DiscountStore,
    orderId: string,
    email = `${orderId}@example.ie`,
  ): Promise<string> {
    try {
      await on.transaction((trx) =>
        on.reserve(trx, {
          code: 'XMAS15',
          orderId,
          emailHash: discountEmailHash(email),
          now: NOW,
          expiresAt: LATER,
        }),
      );
      return 'reserved';
    } catch (error) {
      if (error instanceof ReservationRefused) return error.reason;
      throw error;
    }
  }

  it('creates a code once, edits it, and reads it back as its rule', async () => {
    const created = await suite.store.create('XMAS15', values(), NOW);
    expect(created?.code).toBe('XMAS15');
    expect(await suite.store.create('XMAS15', values({ percent_off: 20 }), NOW)).toBeNull();
    const edited = await suite.store.update('XMAS15', values({ percent_off: null, amount_off: 500 }), LATER);
    expect(edited && ruleOf(edited)).toMatchObject({
      code: 'XMAS15',
      value: { kind: 'amount', amount: 500 },
      minSubtotal: 6000,
      maxUses: 5,
      active: true,
    });
    expect(edited?.updated_at).toBe(LATER.toISOString());
  });

  it('20 concurrent checkouts (two instances on PostgreSQL): exactly 5 hold a use of a code limited to 5', async () => {
    await suite.store.create('XMAS15', values(), NOW);
    const ids = Array.from({ length: 20 }, (_, i) => `ord_${i}`);
    for (const id of ids) await order(id);
    // SQLite serves one instance (its write transactions are serialised in the process); two connections
    // of one Node process would only block each other's thread, which no deployment does.
    const second = dialect === 'postgres' ? await openDatabase(suite.target.location) : suite.database;
    try {
      const other = new DiscountStore(second.db);
      const outcomes = await Promise.all(ids.map((id, i) => reserve(i % 2 === 0 ? suite.store : other, id)));
      expect(outcomes.filter((o) => o === 'reserved')).toHaveLength(5);
      expect(outcomes.filter((o) => o === 'used-up')).toHaveLength(15);
    } finally {
      if (second !== suite.database) await second.close();
    }
    expect((await suite.store.usage('XMAS15', null, NOW)).taken).toBe(5);
  });

  it('a released use can be taken again; a used one counts for good; an expired hold frees itself', async () => {
    await suite.store.create('XMAS15', values({ max_uses: 1 }), NOW);
    for (const id of ['ord_a', 'ord_b', 'ord_c']) await order(id);
    expect(await reserve(suite.store, 'ord_a')).toBe('reserved');
    expect(await reserve(suite.store, 'ord_b')).toBe('used-up');
    expect(await suite.store.release('ord_a', NOW)).toBe(true);
    expect(await suite.store.release('ord_a', NOW)).toBe(false);
    expect(await reserve(suite.store, 'ord_b')).toBe('reserved');
    await suite.store.markUsed('ord_b', NOW);
    // A paid use is never released by a late expiry.
    expect(await suite.store.release('ord_b', NOW)).toBe(false);
    expect(await reserve(suite.store, 'ord_c')).toBe('used-up');
    expect((await suite.store.counts(NOW)).get('XMAS15')).toEqual({ used: 1, reserved: 0 });
    // A hold past its end no longer counts.
    expect((await suite.store.usage('XMAS15', null, new Date(LATER.getTime() + 1))).taken).toBe(1);
  });

  it('once per e-mail address: the same address (any case) is refused, another is not', async () => {
    await suite.store.create('XMAS15', values({ once_per_email: 1, max_uses: null }), NOW);
    for (const id of ['ord_a', 'ord_b', 'ord_c']) await order(id);
    expect(await reserve(suite.store, 'ord_a', 'aoife@example.ie')).toBe('reserved');
    expect(await reserve(suite.store, 'ord_b', ' Aoife@Example.IE')).toBe('already-used');
    expect(await reserve(suite.store, 'ord_c', 'niamh@example.ie')).toBe('reserved');
    const usage = await suite.store.usage('XMAS15', discountEmailHash('aoife@example.ie'), NOW);
    expect(usage).toEqual({ taken: 2, usedByEmail: true });
    // Erasure: the address is no longer recognised; its use still counts.
    expect(await forgetDiscountEmail(suite.database.db, 'AOIFE@example.ie')).toBe(1);
    expect(await suite.store.usage('XMAS15', discountEmailHash('aoife@example.ie'), NOW)).toEqual({
      taken: 2,
      usedByEmail: false,
    });
  });

  it('once per e-mail address compares the canonical address: a +tag, Gmail’s dots and googlemail are one address', async () => {
    await suite.store.create('XMAS15', values({ once_per_email: 1, max_uses: null }), NOW);
    const ids = ['ord_a', 'ord_b', 'ord_c', 'ord_d', 'ord_e', 'ord_f', 'ord_g', 'ord_h'];
    for (const id of ids) await order(id);
    expect(await reserve(suite.store, 'ord_a', 'shopper@example.ie')).toBe('reserved');
    expect(await reserve(suite.store, 'ord_b', 'shopper+2@example.ie')).toBe('already-used');
    expect(await reserve(suite.store, 'ord_c', 'Shopper+discounts@Example.IE')).toBe('already-used');
    // Dots count outside the providers that ignore them.
    expect(await reserve(suite.store, 'ord_d', 's.hopper@example.ie')).toBe('reserved');
    expect(await reserve(suite.store, 'ord_e', 'aoife.byrne@gmail.com')).toBe('reserved');
    expect(await reserve(suite.store, 'ord_f', 'a.o.i.f.e.b.y.r.n.e+x@gmail.com')).toBe('already-used');
    expect(await reserve(suite.store, 'ord_g', 'AoifeByrne@googlemail.com')).toBe('already-used');
    expect(await reserve(suite.store, 'ord_h', 'aoifebyrne@example.ie')).toBe('reserved');
  });

  it('migration 0018: a use stored before under the lower-cased address is found by its canonical form', async () => {
    // The database as it was before the migration, a use stored the old way.
    await suite.migrateFrom('0018-discount-canonical-addresses', async (old) => {
      const oldHash = (email: string) =>
        createHash('sha256').update(`solas-discounts:${email.trim().toLowerCase()}`).digest('hex');
      const oldStore = new DiscountStore(old.db);
      // The order as that schema stores it (today's OrderStore writes the columns later migrations add).
      // biome-ignore lint/suspicious/noExplicitAny: a row of the older schema.
      const oldDb = old.db as any;
      const oldOrder = (id: string, email: string) =>
        oldDb
          .insertInto('orders')
          .values({
            id,
            provider: 'test-checkout',
            session_id: null,
            reference: null,
            status: 'pending',
            email,
            zone: TOTALS.zone,
            currency: 'eur',
            subtotal: TOTALS.subtotal,
            shipping: TOTALS.shipping,
            gift_wrap: TOTALS.giftWrap,
            total: TOTALS.total,
            item_count: TOTALS.itemCount,
            created_at: NOW.toISOString(),
            updated_at: NOW.toISOString(),
            desk_status: 'pending',
          })
          .execute();
      await oldStore.create('XMAS15', values({ once_per_email: 1, max_uses: null }), NOW);
      for (const [id, email] of [
        ['ord_old', 'A.Oife+Winter@Gmail.com'],
        ['ord_erased', 'niamh+x@example.ie'],
      ] as const) {
        await oldOrder(id, email);
        await oldStore.transaction((trx) =>
          oldStore.reserve(trx, {
            code: 'XMAS15',
            orderId: id,
            emailHash: id === 'ord_erased' ? 'erased' : oldHash(email),
            now: NOW,
            expiresAt: LATER,
          }),
        );
      }
    });
    orders = new OrderStore(suite.database.db);
    await order('ord_new');
    expect(await reserve(suite.store, 'ord_new', 'aoife@gmail.com')).toBe('already-used');
    const hashes = await suite.database.db
      .selectFrom('discount_reservations')
      .select(['order_id', 'email_hash'])
      .orderBy('order_id')
      .execute();
    expect(hashes).toEqual([
      { order_id: 'ord_erased', email_hash: 'erased' },
      { order_id: 'ord_old', email_hash: discountEmailHash('aoife@gmail.com') },
    ]);
  });

  it('an unknown code reserves nothing', async () => {
    await order('ord_a');
    expect(await reserve(suite.store, 'ord_a')).toBe('unknown');
  });
});
