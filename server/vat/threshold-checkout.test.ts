/**
 * The €10,000 threshold reached through the checkout (docs/product/vat.md §20.4), on both databases: a shop in
 * mode `ireland` whose paid EU consumer orders take this year's distance sales past 80% gets the owner's one
 * notice e-mail, once, however many orders follow; the order that takes them past €10,000, and each such
 * order after it, is invoiced at the destination's rate inside the same price (art. 59c: scheme `oss`, so the
 * OSS return counts it and VAT3 does not), and the owner gets one more e-mail, once, to register for OSS in
 * ROS by the 10th of the next month; an Irish order keeps the Irish rate. The sales before the last steps are
 * issued directly (an invoice each, as the payment issues it): €8,000 of orders would be slow.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderReference } from '../../domain/checkout/checkout';
import type { OrderListItem } from '../../domain/orders/admin-api';
import { irishDate } from '../../domain/shared/calendar-date';
import { standardRate } from '../../domain/vat/rates';
import {
  EU_DISTANCE_THRESHOLD,
  formatDeadline,
  ossRegistrationDeadline,
  THRESHOLD_NOTICE_SHARE,
} from '../../domain/vat/threshold';
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
    return (
      res.json() as {
        vat?: {
          destinationVatDue?: boolean;
          invoiceNumber?: string;
          scheme?: string;
          lines?: { rate: number }[];
        };
      }
    ).vat;
  }

  const day = () => irishDate(new Date());

  it("sends one notice past 80%; the German order that crosses €10,000 and the next carry Germany's VAT, and one more notice says by when to register for OSS", async () => {
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

    // The German order that takes the year past €10,000, still in mode `ireland`: the destination's VAT
    // from it on (art. 59c), inside the same price; it is no longer sold at the Irish rate, so not flagged.
    await soldBefore(
      'SOL-EARLIER2',
      Math.round((EU_DISTANCE_THRESHOLD - (await threshold()).thisYear - 100) * 1.23),
    );
    expect((await threshold()).state).toBe('approaching');
    const crossing = await open('DE');
    const c = await pay(crossing.sessionId, 'DE');
    expect((await threshold()).state).toBe('crossed');
    const german = standardRate('DE', day());
    const cVat = await deskVat(c);
    expect(cVat).toMatchObject({ country: 'DE', scheme: 'oss', lines: expect.arrayContaining([]) });
    expect(cVat?.lines?.every((l) => l.rate === german)).toBe(true);
    expect(cVat?.destinationVatDue).toBeUndefined();
    const charged = await app.inject({ method: 'GET', url: `/api/admin/orders/${c}`, headers: auth });
    expect((charged.json() as { total: number }).total).toBe(crossing.total);
    const d = await pay((await open('DE')).sessionId, 'DE');
    expect(await deskVat(d)).toMatchObject({ scheme: 'oss' });
    const irish = await pay((await open('IE')).sessionId, 'IE');
    expect(await deskVat(irish)).toMatchObject({ scheme: 'domestic' });
    // One more e-mail, once: register for OSS in ROS by the 10th of the next month.
    const all = await notices();
    expect(all).toHaveLength(2);
    const deadline = formatDeadline(ossRegistrationDeadline(day()));
    expect(all[1]?.text_body).toContain(`Register for OSS in ROS by ${deadline}`);
    // The German orders sold before the crossing owed Irish VAT then: they keep it, unflagged.
    expect(await deskVat(b)).toMatchObject({ scheme: 'domestic' });
    const after = await listed();
    expect(after.get(a)?.destinationVatDue).toBeUndefined();
    expect(after.get(b)?.destinationVatDue).toBeUndefined();
    expect(after.get(c)?.destinationVatDue).toBeUndefined();
    // The accountant's papers: the crossing's VAT is German, in the OSS return, not in VAT3's T1.
    const quarter = `${day().slice(0, 4)}-Q${Math.ceil(Number(day().slice(5, 7)) / 3)}`;
    const oss = await app.inject({
      method: 'GET',
      url: `/api/admin/vat/oss?quarter=${quarter}`,
      headers: auth,
    });
    expect((oss.json() as { rows: { country: string }[] }).rows.map((r) => r.country)).toContain('DE');
  });
});
