/**
 * The €10,000 threshold reached through the checkout (docs/product/vat.md §20.4), on both databases: a shop in
 * mode `ireland` whose paid EU consumer orders take this year's distance sales past 80% gets the owner's one
 * notice e-mail, once, however many orders follow; past €10,000 the next such order is flagged "destination
 * VAT due" on the desk's order and in its list of orders (an Irish order is not). The sales before the last
 * steps are issued directly (an invoice each, as the payment issues it): €8,000 of orders would be slow.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderReference } from '../../domain/checkout/checkout';
import type { OrderListItem } from '../../domain/orders/admin-api';
import { irishDate } from '../../domain/shared/calendar-date';
import { EU_DISTANCE_THRESHOLD, THRESHOLD_NOTICE_SHARE } from '../../domain/vat/threshold';
import { vatBreakdown } from '../../domain/vat/vat-breakdown';
import {
  buildTestApp,
  type CardFormAddress,
  outboxRows,
  payAndConfirm,
  tempDataDir,
} from '../../tests/support/test-app';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../tests/support/test-database';
import { THRESHOLD_MAIL_KIND } from './threshold-notice';

const ADMIN_TOKEN = 'threshold-checkout-admin-token';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
const BERLIN: CardFormAddress = { line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' };
const GALWAY: CardFormAddress = {
  line1: '4 Quay Street',
  city: 'Galway',
  postalCode: 'H91 AB12',
  country: 'IE',
};

/**
 * The `orderPaid` listeners run after the payment's answer (the threshold's check among them): the test
 * keeps each emit's promise and waits for them, so it waits for the check itself, not for time.
 */
function keepListeners(app: FastifyInstance): () => Promise<void> {
  const bus = app.platform.events;
  const emit = bus.emit.bind(bus);
  const pending: Promise<void>[] = [];
  bus.emit = ((event, payload) => {
    const settled = emit(event, payload);
    pending.push(settled);
    return settled;
  }) as typeof bus.emit;
  return async () => {
    await Promise.all(pending.splice(0));
  };
}

describe.each(TEST_DIALECTS)('the threshold through the checkout on %s', (dialect) => {
  let data: ReturnType<typeof tempDataDir>;
  let database: TestDatabase;
  let app: FastifyInstance;
  let listenersDone: () => Promise<void>;

  beforeEach(async () => {
    data = tempDataDir();
    database = await createTestDatabase(dialect, data.dir, { migrated: true });
    app = await buildTestApp({ DATA_DIR: data.dir, ADMIN_TOKEN, RATE_LIMITS: 'off', ...database.env });
    listenersDone = keepListeners(app);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: auth,
      payload: { vat: { mode: 'ireland', vatNumber: 'IE1234567T', gb: 'no_sale' } },
    });
    expect(res.statusCode).toBe(200);
  });
  afterEach(async () => {
    await app.close();
    await database.remove();
    data.remove();
  });

  /** Opens a checkout to Germany (or Ireland): its session and the total it charges. */
  async function open(country: 'DE' | 'IE') {
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: {
        email: 'greta@example.de',
        items: [{ id: '3', quantity: 1 }],
        zone: country === 'IE' ? 'IE' : 'EU',
        country,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { sessionId: string; total: number };
  }

  async function pay(sessionId: string, country: 'DE' | 'IE'): Promise<string> {
    await payAndConfirm(
      app,
      sessionId,
      'greta@example.de',
      'Greta Vogel',
      country === 'IE' ? GALWAY : BERLIN,
    );
    await listenersDone();
    return orderReference(sessionId);
  }

  /** An order of `gross` to a consumer in Germany at the Irish rate, invoiced now: as a payment issues it. */
  async function soldBefore(reference: string, gross: number): Promise<void> {
    const now = new Date();
    const vat = vatBreakdown({
      mode: 'ireland',
      gb: 'no_sale',
      country: 'DE',
      business: null,
      day: irishDate(now),
      lines: [{ gross }],
    });
    await app.platform.db.transaction().execute((trx) =>
      app.vat.recordSale(trx, {
        orderReference: reference,
        issuedAt: now,
        vat,
        lines: [{ description: 'Rings', quantity: 1 }],
        buyer: { name: 'Greta Vogel', address: 'Berlin', vatNumber: null },
      }),
    );
  }

  const notices = async () => (await outboxRows(app)).filter((r) => r.kind === THRESHOLD_MAIL_KIND);

  async function threshold() {
    const res = await app.inject({ method: 'GET', url: '/api/admin/vat/threshold', headers: auth });
    return res.json() as { thisYear: number; state: string };
  }

  async function listed(): Promise<Map<string, OrderListItem>> {
    const res = await app.inject({ method: 'GET', url: '/api/admin/orders?status=all', headers: auth });
    expect(res.statusCode).toBe(200);
    const { orders } = res.json() as { orders: OrderListItem[] };
    return new Map(orders.map((o) => [o.reference, o]));
  }

  async function deskVat(reference: string) {
    const res = await app.inject({ method: 'GET', url: `/api/admin/orders/${reference}`, headers: auth });
    expect(res.statusCode).toBe(200);
    return (res.json() as { vat?: { destinationVatDue?: boolean; invoiceNumber?: string } }).vat;
  }

  it('sends the owner one notice past 80%, and flags the next German order past €10,000', async () => {
    const first = await open('DE');
    // The sales so far stop half this order's net short of 80%: its payment takes them past it.
    const firstNet = Math.round(first.total / 1.23);
    const notice = EU_DISTANCE_THRESHOLD * THRESHOLD_NOTICE_SHARE;
    await soldBefore('SOL-EARLIER1', Math.round((notice - firstNet / 2) * 1.23));
    expect((await threshold()).state).toBe('below');

    const a = await pay(first.sessionId, 'DE');
    expect((await threshold()).state).toBe('approaching');
    const [mail, ...more] = await notices();
    expect(more).toEqual([]);
    expect(mail?.recipient).toBe((await app.settings.seller()).orderEmail);

    // Another order below €10,000: no second e-mail, and nothing flagged yet.
    const b = await pay((await open('DE')).sessionId, 'DE');
    expect(await notices()).toHaveLength(1);
    expect((await deskVat(b))?.invoiceNumber).toBeDefined();
    expect((await deskVat(b))?.destinationVatDue).toBeUndefined();
    const before = await listed();
    expect(before.get(a)?.destinationVatDue).toBeUndefined();
    expect(before.get(b)?.destinationVatDue).toBeUndefined();

    // Past €10,000, still in mode `ireland`: the next German order is sold at the Irish rate and flagged.
    await soldBefore('SOL-EARLIER2', 300_000);
    expect((await threshold()).thisYear).toBeGreaterThan(EU_DISTANCE_THRESHOLD);
    const c = await pay((await open('DE')).sessionId, 'DE');
    const irish = await pay((await open('IE')).sessionId, 'IE');
    expect(await notices()).toHaveLength(1);
    expect(await deskVat(c)).toMatchObject({ country: 'DE', scheme: 'domestic', destinationVatDue: true });
    expect((await deskVat(irish))?.destinationVatDue).toBeUndefined();
    const after = await listed();
    expect(after.get(c)?.destinationVatDue).toBe(true);
    expect(after.get(irish)).toBeDefined();
    expect(after.get(irish)?.destinationVatDue).toBeUndefined();
    // The German orders sold before the crossing owed Irish VAT then: they stay unflagged (art. 59c: the
    // destination's VAT is due from the sale that crosses the threshold).
    expect((await deskVat(b))?.destinationVatDue).toBeUndefined();
    expect(after.get(a)?.destinationVatDue).toBeUndefined();
    expect(after.get(b)?.destinationVatDue).toBeUndefined();
  });
});
