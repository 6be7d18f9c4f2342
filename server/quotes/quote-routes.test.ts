/**
 * Quotes through the real app on both databases and the built-in test checkout: the owner's create (every
 * field's refusal a 400 naming it), send, list and withdraw; the client's page and Pay with the key (404
 * for a wrong key or an unknown reference, 409 expired, withdrawn or paid); ten concurrent Pay clicks
 * giving one checkout; and the paid quote becoming an ordinary order that names the quote and its enquiry.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminQuoteResponseSchema,
  adminQuotesResponseSchema,
  formatDayMonthYear,
  QUOTE_MESSAGES,
  quoteCreatedResponseSchema,
  quotePageResponseSchema,
} from '../../domain/quotes/quotes';
import { SEEDED_ZONES } from '../../domain/settings/storefront-settings';
import { addDays, formatDayMonth, irishDate } from '../../domain/shared/calendar-date';
import { shopSuite } from '../../tests/support/shop-suite';
import { orderRows, outboxRows, payAndConfirm } from '../../tests/support/test-app';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { startTestApp } from '../../tests/support/test-shop';

const ADMIN_TOKEN = 'quotes-test-admin-token';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };

const today = irishDate(new Date());
const nextWeek = addDays(today, 7);

/** 30 x Tawny Strand (product 3, €35) in Medium with 15% off, for an enquiry (its id is set once sent). */
const BULK = {
  enquiryId: '',
  email: 'buyer@acme.example',
  name: 'Acme Ltd',
  lines: [{ productId: '3', size: 'M', quantity: 30 }],
  discountPercent: 15,
  zone: 'IE',
  validUntil: nextWeek,
  note: 'Early-bird price for your team.',
};
/** For bodies built before the enquiry is sent: no enquiry named (undefined leaves the JSON). */
const BULK_AT_COLLECTION = { ...BULK, enquiryId: undefined };

describe.each(TEST_DIALECTS)('quotes on %s', (dialect) => {
  const shop = shopSuite(() => startTestApp(dialect, { ADMIN_TOKEN, RATE_LIMITS: 'off' }));

  beforeAll(async () => {
    // The enquiry the quotes answer, sent as a company sends it.
    const sent = await shop.app.inject({
      method: 'POST',
      url: '/api/enquiries',
      payload: {
        name: 'Niamh Kelly',
        email: BULK.email,
        company: 'Acme Ltd',
        pieces: 30,
        message: 'Thirty for the team.',
      },
    });
    expect(sent.statusCode).toBe(201);
    const listed = await shop.app.inject({ method: 'GET', url: '/api/admin/enquiries', headers: auth });
    BULK.enquiryId = (listed.json() as { enquiries: { id: string }[] }).enquiries[0]?.id ?? '';
    expect(BULK.enquiryId).not.toBe('');
  });

  function admin(method: 'GET' | 'POST', url: string, body?: unknown) {
    return shop.app.inject({
      method,
      url,
      headers: auth,
      ...(body === undefined ? {} : { payload: body as object }),
    });
  }

  async function create(body: Record<string, unknown> = BULK) {
    const res = await admin('POST', '/api/admin/quotes', body);
    expect(res.statusCode).toBe(201);
    expect(quoteCreatedResponseSchema.safeParse(res.json()).success).toBe(true);
    const quote = res.json().quote as {
      reference: string;
      url: string;
      total: number;
      status: string;
      dispatchBy: string;
    };
    const key = new URL(quote.url.replace('/#/', '/')).searchParams.get('key') ?? '';
    return { ...quote, key };
  }

  function pay(reference: string, key: string) {
    return shop.app.inject({ method: 'POST', url: `/api/quotes/${reference}/checkout`, payload: { key } });
  }

  it('needs the owner to make, list, send or withdraw a quote', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/quotes' })).statusCode).toBe(401);
    expect(
      (await shop.app.inject({ method: 'POST', url: '/api/admin/quotes', payload: BULK })).statusCode,
    ).toBe(401);
  });

  it('makes a quote priced like a cart: 15% off the lines, rounded for the client, free shipping after it', async () => {
    const quote = await create();
    // 30 x €35 = €1,050.00; 15% = €157.50; free delivery in Ireland.
    expect(quote).toMatchObject({ total: 89250, status: 'draft' });
    // The enquiry it answers is now quoted.
    const enquiries = (await admin('GET', '/api/admin/enquiries')).json() as {
      enquiries: { id: string; status: string }[];
    };
    expect(enquiries.enquiries.find((e) => e.id === BULK.enquiryId)?.status).toBe('quoted');
    expect(quote.reference).toMatch(/^Q-[A-Z0-9]{8}$/);
    expect(quote.url).toBe(`http://shop.test/#/quote/${quote.reference}?key=${quote.key}`);
    const custom = await create({
      email: 'a@b.ie',
      lines: [{ name: 'Bespoke wedding set', unitPrice: 1999, quantity: 3 }],
      discountPercent: 33,
      zone: 'IE',
      validUntil: nextWeek,
    });
    // 5997 - ceil(1979.01) = 4017: over €40 after the discount, so free delivery.
    expect(custom.total).toBe(4017);
    const eu = await create({ ...BULK, lines: [{ productId: '3', quantity: 1 }], zone: 'EU' });
    expect(eu.total).toBe(3500 - 525 + 995);
  });

  it("prices a quote at the owner's shipping, and its checkout charges what the quote says after she changes it", async () => {
    const setIrishShipping = (price: number, freeFrom: number | null) =>
      shop.app.inject({
        method: 'PATCH',
        url: '/api/admin/settings',
        headers: auth,
        payload: {
          shipping: { zones: SEEDED_ZONES.map((z) => (z.id === 'IE' ? { ...z, price, freeFrom } : z)) },
        },
      });
    // Ireland €5.50, free from €60 (the first start's: €4.95, free from €40).
    expect((await setIrishShipping(550, 6000)).statusCode).toBe(200);
    try {
      const quote = await create({
        email: 'shipping@quote.ie',
        lines: [{ name: 'Bespoke pair', unitPrice: 5000, quantity: 1 }],
        discountPercent: 0,
        zone: 'IE',
        validUntil: nextWeek,
      });
      // €50 is under her €60 (over the first start's €40): her €5.50 is charged.
      expect(quote.total).toBe(5550);
      // She changes her prices after sending it: the client still pays what the quote said.
      expect((await setIrishShipping(700, null)).statusCode).toBe(200);
      const opened = await pay(quote.reference, quote.key);
      expect(opened.statusCode).toBe(200);
      const order = (await orderRows(shop.app)).find((o) => o.quote_reference === quote.reference);
      expect(order).toMatchObject({ total: 5550, shipping: 550 });
    } finally {
      expect((await setIrishShipping(495, 4000)).statusCode).toBe(200);
    }
  });

  it('makes one quote per desk submission: the same Idempotency-Key, at once or later, answers the same quote', async () => {
    const key = 'quote-submission-0001';
    const post = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/admin/quotes',
        headers: { ...auth, 'idempotency-key': key },
        payload: BULK,
      });
    const [a, b] = await Promise.all([post(), post()]);
    const later = await post();
    const references = [a, b, later].map((r) => {
      expect(r.statusCode).toBe(201);
      return (r.json() as { quote: { reference: string } }).quote.reference;
    });
    expect(new Set(references).size).toBe(1);
    const stored = await shop.app.platform.db
      .selectFrom('quotes')
      .select('reference')
      .where('request_key', '=', key)
      .execute();
    expect(stored).toHaveLength(1);
    const other = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/quotes',
      headers: { ...auth, 'idempotency-key': 'quote-submission-0002' },
      payload: BULK,
    });
    expect((other.json() as { quote: { reference: string } }).quote.reference).not.toBe(references[0]);
  });

  it.each([
    [{ ...BULK_AT_COLLECTION, email: 'not-an-address' }, /^email/],
    [{ ...BULK_AT_COLLECTION, lines: [] }, /^lines/],
    [{ ...BULK_AT_COLLECTION, lines: [{ productId: '3', quantity: 0 }] }, /^lines\[0\]\.quantity/],
    [{ ...BULK_AT_COLLECTION, lines: [{ productId: '3', quantity: 1.5 }] }, /^lines\[0\]\.quantity/],
    [{ ...BULK_AT_COLLECTION, lines: [{ productId: '999', quantity: 1 }] }, /^lines\[0\]\.productId/],
    [{ ...BULK_AT_COLLECTION, lines: [{ productId: '3', size: 'XL', quantity: 1 }] }, /^lines\[0\]\.size/],
    [{ ...BULK_AT_COLLECTION, lines: [{ name: 'Custom', quantity: 1 }] }, /^lines\[0\]/],
    [{ ...BULK_AT_COLLECTION, lines: [{ productId: '3', unitPrice: 1, quantity: 1 }] }, /^lines\[0\]/],
    [
      { ...BULK_AT_COLLECTION, lines: [{ name: 'Custom', unitPrice: -1, quantity: 1 }] },
      /^lines\[0\]\.unitPrice/,
    ],
    [{ ...BULK_AT_COLLECTION, discountPercent: 91 }, /^discountPercent/],
    [{ ...BULK_AT_COLLECTION, zone: 'MARS' }, /^zone/],
    [{ ...BULK_AT_COLLECTION, validUntil: '2026-02-30' }, /^validUntil/],
    [{ ...BULK_AT_COLLECTION, validUntil: 20261201 }, /^validUntil/],
    [{ ...BULK_AT_COLLECTION, note: 'a\u0000b' }, /^note/],
    [{ ...BULK_AT_COLLECTION, total: 1 }, /total/],
    [{ ...BULK_AT_COLLECTION, enquiryId: 'enq_nobodysentthis0000' }, /enquir/i],
    [{ ...BULK_AT_COLLECTION, dispatchBy: '2026-02-30' }, /^dispatchBy/],
    [{ ...BULK_AT_COLLECTION, dispatchBy: addDays(today, -1) }, /^dispatchBy/],
    // Nothing to pay by card: refused rather than a checkout of €0.
    [
      { ...BULK_AT_COLLECTION, lines: [{ name: 'Sample', unitPrice: 0, quantity: 3 }] },
      /^total: a quote of €0\.00 cannot be paid/,
    ],
  ])('refuses a body with a bad field: %j -> 400 %s', async (body, message) => {
    const before = await shop.app.platform.db.selectFrom('quotes').select('reference').execute();
    const res = await admin('POST', '/api/admin/quotes', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ok: false, error: expect.stringMatching(message) });
    const after = await shop.app.platform.db.selectFrom('quotes').select('reference').execute();
    expect(after.length).toBe(before.length);
  });

  it('sends the quote by e-mail with its link, and shows the page only with its key', async () => {
    const quote = await create();
    const sent = await admin('POST', `/api/admin/quotes/${quote.reference}/send`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().quote.status).toBe('sent');
    expect(adminQuoteResponseSchema.safeParse(sent.json()).success).toBe(true);
    const mail = (await outboxRows(shop.app)).filter((r) => r.reference === quote.reference);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: 'quote', recipient: BULK.email, order_id: null });
    // A link with a key of its own: it opens the page, as the one the desk got when making it does.
    const mailed = /#\/quote\/Q-[A-Z0-9]+\?key=([A-Za-z0-9_-]+)/.exec(mail[0]?.text_body ?? '')?.[1] ?? '';
    expect(mail[0]?.text_body).toContain(`http://shop.test/#/quote/${quote.reference}?key=${mailed}`);
    expect(mailed).not.toBe(quote.key);
    const byMail = await shop.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.reference}`,
      payload: { key: mailed },
    });
    expect(byMail.statusCode).toBe(200);
    expect(mail[0]?.text_body).toContain('30 × Tawny Strand (Medium): €1,050.00');
    expect((await admin('POST', '/api/admin/quotes/Q-NOPENOPE/send')).statusCode).toBe(404);

    const view = await shop.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.reference}`,
      payload: { key: quote.key },
    });
    expect(view.statusCode).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    expect(view.headers['referrer-policy']).toBe('no-referrer');
    expect(view.headers['x-robots-tag']).toContain('noindex');
    expect(view.json().quote).toMatchObject({
      reference: quote.reference,
      status: 'sent',
      subtotal: 105000,
      discount: 15750,
      shipping: 0,
      total: 89250,
      lines: [{ productId: '3', name: 'Tawny Strand', size: 'M', quantity: 30, lineTotal: 105000 }],
      dispatchDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(view.json().quote).not.toHaveProperty('email');
    expect(quotePageResponseSchema.safeParse(view.json()).success).toBe(true);
    const wrong = await shop.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.reference}`,
      // One character changed (never to itself).
      payload: { key: `${quote.key.slice(0, -1)}${quote.key.endsWith('x') ? 'y' : 'x'}` },
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('refuses Pay with a wrong key or an unknown reference (404), expired or withdrawn (409)', async () => {
    const quote = await create();
    expect((await pay(quote.reference, 'A'.repeat(32))).statusCode).toBe(404);
    expect((await pay('Q-ABCDEFGH', quote.key)).statusCode).toBe(404);
    expect((await pay('not a reference', quote.key)).statusCode).toBe(404);

    const expired = await create({ ...BULK, validUntil: addDays(today, -1) });
    expect(expired.status).toBe('expired');
    const refused = await pay(expired.reference, expired.key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ ok: false, error: QUOTE_MESSAGES.expired });
    // Valid through the end of its day.
    const lastDay = await create({ ...BULK, validUntil: today });
    expect(lastDay.status).toBe('draft');

    const withdrawn = await create();
    expect((await admin('POST', `/api/admin/quotes/${withdrawn.reference}/withdraw`)).statusCode).toBe(200);
    const closed = await pay(withdrawn.reference, withdrawn.key);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe(QUOTE_MESSAGES.withdrawn);
    expect(await orderRows(shop.app)).not.toContainEqual(
      expect.objectContaining({ quote_reference: withdrawn.reference }),
    );
  });

  it('gives ten concurrent Pay clicks one checkout, and the paid quote is an order once', async () => {
    const quote = await create();
    const clicks = await Promise.all(Array.from({ length: 10 }, () => pay(quote.reference, quote.key)));
    expect(clicks.map((c) => c.statusCode)).toEqual(Array(10).fill(200));
    const sessions = new Set(clicks.map((c) => c.json().sessionId as string));
    expect(sessions.size).toBe(1);
    const orders = (await orderRows(shop.app)).filter((o) => o.quote_reference === quote.reference);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      total: 89250,
      discount: 15750,
      zone: 'IE',
      enquiry_id: BULK.enquiryId,
    });

    const [sessionId] = [...sessions];
    await payAndConfirm(shop.app, sessionId ?? '', BULK.email);
    // The enquiry the paid quote answered is won.
    await expect
      .poll(async () => {
        const listed = (await admin('GET', '/api/admin/enquiries')).json() as {
          enquiries: { id: string; status: string }[];
        };
        return listed.enquiries.find((e) => e.id === BULK.enquiryId)?.status;
      })
      .toBe('won');
    // The client's confirmation names the quote's discount, not the early-bird tier or a code.
    const confirmed = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${sessionId}/confirm`,
      payload: {},
    });
    expect(confirmed.json()).toMatchObject({
      discount: 15750,
      discountCode: null,
      discountLabel: 'Quote discount',
    });
    const again = await pay(quote.reference, quote.key);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(QUOTE_MESSAGES.paid);

    const reference = (await orderRows(shop.app)).find(
      (o) => o.quote_reference === quote.reference,
    )?.reference;
    const detail = await admin('GET', `/api/admin/orders/${reference}`);
    expect(detail.json()).toMatchObject({
      quoteReference: quote.reference,
      enquiryId: BULK.enquiryId,
      status: 'paid',
      total: 89250,
    });
    const list = await admin('GET', '/api/admin/quotes');
    // The shapes the desk checks its answers against.
    expect(adminQuotesResponseSchema.safeParse(list.json()).success).toBe(true);
    expect(list.json().quotes).toContainEqual(
      expect.objectContaining({ reference: quote.reference, status: 'paid', orderReference: reference }),
    );
    const withdraw = await admin('POST', `/api/admin/quotes/${quote.reference}/withdraw`);
    expect(withdraw.statusCode).toBe(409);
    const customerMail = (await outboxRows(shop.app)).filter((r) => r.order_id === orders[0]?.id);
    expect(customerMail.map((m) => m.kind).sort()).toEqual(['order-confirmation', 'owner-notification']);
    const confirmation = customerMail.find((m) => m.kind === 'order-confirmation');
    expect(confirmation?.text_body).toContain('30 x Tawny Strand (Medium)');
    expect(confirmation?.text_body).toContain('Quote discount: -€157.50');
  });

  it('sells a custom line as an order line of its own, without a catalogue product', async () => {
    const quote = await create({
      email: 'bride@example.ie',
      lines: [
        { name: 'Bespoke bridal set', unitPrice: 12000, quantity: 2 },
        { productId: '1', size: 'S', quantity: 1 },
      ],
      zone: 'IE',
      validUntil: nextWeek,
    });
    const clicked = await pay(quote.reference, quote.key);
    expect(clicked.statusCode).toBe(200);
    await payAndConfirm(shop.app, clicked.json().sessionId, 'bride@example.ie');
    const order = (await orderRows(shop.app)).find((o) => o.quote_reference === quote.reference);
    const detail = await admin('GET', `/api/admin/orders/${order?.reference}`);
    expect(detail.json().lines).toEqual([
      expect.objectContaining({
        productId: `custom:${quote.reference}:1`,
        name: 'Bespoke bridal set',
        unitPrice: 12000,
        quantity: 2,
      }),
      expect.objectContaining({ productId: '1', size: 'S', quantity: 1 }),
    ]);
  });

  it('promises the owner’s dispatch date on the page, in its e-mail, and on the order, its confirmation and the desk', async () => {
    const dispatchBy = addDays(today, 40);
    const quote = await create({ ...BULK, lines: [{ productId: '3', size: 'M', quantity: 25 }], dispatchBy });
    expect(quote.dispatchBy).toBe(dispatchBy);
    expect((await admin('GET', `/api/admin/quotes/${quote.reference}`)).json().quote).toMatchObject({
      dispatchBy,
      // The desk names the enquiry by its company and date, never by its id alone.
      enquiry: { name: 'Niamh Kelly', company: 'Acme Ltd', createdAt: expect.any(String) },
    });
    const view = await shop.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.reference}`,
      payload: { key: quote.key },
    });
    expect(view.json().quote).toMatchObject({ dispatchBy, dispatchDate: dispatchBy });
    await admin('POST', `/api/admin/quotes/${quote.reference}/send`);
    const mail = (await outboxRows(shop.app)).find((r) => r.reference === quote.reference);
    const day = formatDayMonthYear(dispatchBy);
    expect(mail?.text_body).toContain(`Once paid, your order is dispatched by ${day}.`);

    const clicked = await pay(quote.reference, quote.key);
    await payAndConfirm(shop.app, clicked.json().sessionId, BULK.email);
    const order = (await orderRows(shop.app)).find((o) => o.quote_reference === quote.reference);
    expect(order?.dispatch_date).toBe(dispatchBy);
    const confirmed = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${clicked.json().sessionId}/confirm`,
      payload: {},
    });
    expect(confirmed.json()).toMatchObject({ dispatchBy, delivery: { dispatch: dispatchBy } });
    const confirmation = (await outboxRows(shop.app)).find(
      (m) => m.order_id === order?.id && m.kind === 'order-confirmation',
    );
    expect(confirmation?.text_body).toContain(`dispatched by ${formatDayMonth(dispatchBy)}`);
    const detail = await admin('GET', `/api/admin/orders/${order?.reference}`);
    expect(detail.json().dispatchBy).toBe(dispatchBy);
    const queue = (await admin('GET', '/api/admin/orders?status=paid')).json() as {
      orders: { reference: string; dispatchBy: string }[];
    };
    expect(queue.orders.find((o) => o.reference === order?.reference)?.dispatchBy).toBe(dispatchBy);
  });

  it('proposes the making queue’s date when the owner gives none, and answers it for the desk’s form', async () => {
    const proposed = await admin('GET', '/api/admin/quotes/dispatch-by?pieces=25');
    expect(proposed.statusCode).toBe(200);
    const { dispatchBy } = proposed.json() as { dispatchBy: string };
    expect(dispatchBy >= today).toBe(true);
    const quote = await create({ ...BULK, lines: [{ productId: '3', size: 'M', quantity: 25 }] });
    expect(quote.dispatchBy).toBe(dispatchBy);
    expect((await admin('GET', '/api/admin/quotes/dispatch-by?pieces=0')).statusCode).toBe(400);
    expect((await admin('GET', '/api/admin/quotes/dispatch-by')).statusCode).toBe(400);
  });

  it('gives a custom line no size anywhere: the confirmation, Numbers’ sizes, Today and the CSV', async () => {
    const quote = await create({
      email: 'sizes@example.ie',
      lines: [{ name: 'Bespoke anniversary set', unitPrice: 9000, quantity: 4 }],
      zone: 'IE',
      validUntil: nextWeek,
    });
    const statsBefore = (await admin('GET', `/api/admin/stats?from=${today}&to=${today}`)).json() as {
      sizes: Record<string, number>;
    };
    const clicked = await pay(quote.reference, quote.key);
    await payAndConfirm(shop.app, clicked.json().sessionId, 'sizes@example.ie');
    const confirmed = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${clicked.json().sessionId}/confirm`,
      payload: {},
    });
    expect(confirmed.json().items).toEqual([
      expect.objectContaining({ name: 'Bespoke anniversary set', size: null, quantity: 4 }),
    ]);
    const order = (await orderRows(shop.app)).find((o) => o.quote_reference === quote.reference);
    const confirmation = (await outboxRows(shop.app)).find(
      (m) => m.order_id === order?.id && m.kind === 'order-confirmation',
    );
    expect(confirmation?.text_body).toContain('4 x Bespoke anniversary set (');
    expect(confirmation?.text_body).not.toContain('Medium');
    const stats = (await admin('GET', `/api/admin/stats?from=${today}&to=${today}`)).json() as {
      sizes: Record<string, number>;
    };
    expect(stats.sizes).toEqual(statsBefore.sizes);
    // A day's capacity large enough for every queued piece, so Today lists this order's too.
    const setCapacity = (n: number) =>
      shop.app.inject({
        method: 'PATCH',
        url: '/api/admin/settings',
        headers: auth,
        payload: { makingCapacityPerDay: n },
      });
    expect((await setCapacity(1000)).statusCode).toBe(200);
    const plan = (await admin('GET', '/api/admin/today')).json() as {
      make: { productId: string; size: string | null; pieces: number }[];
    };
    await setCapacity(8);
    expect(plan.make).toContainEqual({
      productId: `custom:${quote.reference}:1`,
      name: 'Bespoke anniversary set',
      size: null,
      pieces: 4,
      orders: [order?.reference],
    });
    const csv = (await admin('GET', `/api/admin/orders.csv?from=${today}&to=${today}`)).body;
    const row = csv.split('\r\n').find((r) => r.startsWith(order?.reference ?? '-'));
    // Lines, then Sizes: the custom line is in the first and not in the second.
    expect(row).toContain('4 x Bespoke anniversary set,,');
    expect(row).not.toContain('custom');
  });

  it('changes a quote not yet paid under the same link, keeping quoted prices; a paid or withdrawn one is 409', async () => {
    const quote = await create();
    // The client opened a checkout for the old terms: the change closes it.
    const opened = await pay(quote.reference, quote.key);
    expect(opened.statusCode).toBe(200);
    const dispatchBy = addDays(today, 21);
    const changed = await shop.app.inject({
      method: 'PUT',
      url: `/api/admin/quotes/${quote.reference}`,
      headers: auth,
      payload: {
        ...BULK,
        lines: [
          { productId: '3', size: 'M', quantity: 20 },
          { name: 'Engraved box', unitPrice: 500, quantity: 20 },
        ],
        discountPercent: 10,
        dispatchBy,
      },
    });
    expect(changed.statusCode).toBe(200);
    // 20 x €35 + 20 x €5 = €800; 10% off = €720; free delivery.
    expect(changed.json().quote).toMatchObject({ reference: quote.reference, total: 72000, dispatchBy });
    const view = await shop.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.reference}`,
      payload: { key: quote.key },
    });
    expect(view.json().quote).toMatchObject({ total: 72000, dispatchBy, status: 'draft' });
    const old = (await orderRows(shop.app)).find((o) => o.session_id === opened.json().sessionId);
    expect(old?.status).toBe('expired');
    const again = await pay(quote.reference, quote.key);
    expect(again.statusCode).toBe(200);
    expect(again.json().sessionId).not.toBe(opened.json().sessionId);
    const renewed = (await orderRows(shop.app)).find((o) => o.session_id === again.json().sessionId);
    expect(renewed).toMatchObject({ total: 72000, dispatch_date: dispatchBy });

    // A €0 change is refused like a €0 quote, and changes nothing.
    const free = await shop.app.inject({
      method: 'PUT',
      url: `/api/admin/quotes/${quote.reference}`,
      headers: auth,
      payload: { ...BULK, lines: [{ name: 'Sample', unitPrice: 0, quantity: 1 }] },
    });
    expect(free.statusCode).toBe(400);
    expect(free.json().error).toBe(QUOTE_MESSAGES.freeQuote);

    await payAndConfirm(shop.app, again.json().sessionId, BULK.email);
    const late = await shop.app.inject({
      method: 'PUT',
      url: `/api/admin/quotes/${quote.reference}`,
      headers: auth,
      payload: BULK,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(QUOTE_MESSAGES.notEditable);
    const withdrawn = await create();
    await admin('POST', `/api/admin/quotes/${withdrawn.reference}/withdraw`);
    const put = (reference: string) =>
      shop.app.inject({ method: 'PUT', url: `/api/admin/quotes/${reference}`, headers: auth, payload: BULK });
    expect((await put(withdrawn.reference)).statusCode).toBe(409);
    expect((await put('Q-NOPENOPE')).statusCode).toBe(404);
  });

  it('keeps a catalogue line’s quoted price through a change, and shows the e-mail before it is sent', async () => {
    const quote = await create({ ...BULK, name: 'Niamh Kelly' });
    await shop.app.inject({
      method: 'PATCH',
      url: '/api/admin/products/3',
      headers: auth,
      payload: { price: 4000 },
    });
    try {
      // A new quote takes the new price…
      await expect.poll(async () => (await create()).total).toBe(102000);
      // …a changed one keeps the price it was quoted at.
      const changed = await shop.app.inject({
        method: 'PUT',
        url: `/api/admin/quotes/${quote.reference}`,
        headers: auth,
        payload: { ...BULK, name: 'Niamh Kelly', note: 'With the box.' },
      });
      expect(changed.json().quote.total).toBe(89250);
      const preview = await admin('GET', `/api/admin/quotes/${quote.reference}/mail`);
      expect(preview.statusCode).toBe(200);
      expect(preview.json().mail).toMatchObject({
        to: BULK.email,
        subject: `Your quote from Solas (${quote.reference})`,
      });
      expect(preview.json().mail.text).toMatch(/^Hello Niamh Kelly,\n/);
      expect(preview.json().mail.text).toContain('With the box.');
      // Nothing was queued: previewing is not sending.
      expect((await outboxRows(shop.app)).filter((r) => r.reference === quote.reference)).toEqual([]);
      expect((await admin('GET', '/api/admin/quotes/Q-NOPENOPE/mail')).statusCode).toBe(404);
    } finally {
      await shop.app.inject({
        method: 'PATCH',
        url: '/api/admin/products/3',
        headers: auth,
        payload: { price: 3500 },
      });
    }
  });
});
