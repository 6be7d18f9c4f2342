/**
 * The owner's own order (docs/product/orders.md §10.17) through the real app on both databases and the built-in
 * test checkout: every refusal a 4xx naming its field (and nothing stored), the desk's guards (401, 403
 * cross-site, 403 for a maker), one order per Idempotency-Key, an order marked paid (into the making queue,
 * no e-mail unless asked, the method on its page), one paid by link on the test checkout (confirmed as any
 * order, with its e-mails), the owner's own price audited with its reason, the preview, sales paused not
 * stopping her, and the channel in Numbers and the orders CSV.
 */
import { describe, expect, it } from 'vitest';
import { RETENTION } from '../../domain/config';
import { statsResponseSchema } from '../../domain/numbers/stats';
import { orderDetailSchema, ordersListResponseSchema } from '../../domain/orders/admin-api';
import {
  MANUAL_ORDER_MESSAGES,
  manualOrderCreatedSchema,
  manualOrderPreviewResponseSchema,
} from '../../domain/orders/manual-order';
import { irishDate } from '../../domain/shared/calendar-date';
import { shopSuite } from '../../tests/support/shop-suite';
import { GALWAY_CARD_FORM, outboxRows } from '../../tests/support/test-app';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { startTestApp } from '../../tests/support/test-shop';

const ADMIN_TOKEN = 'manual-orders-test-admin-token';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** Two Tawny Strand (product 3, €35) in Small at the fair's price, one Fuchsia Hedgerow (5, €30). */
const FAIR = {
  items: [
    { id: '3', size: 'S', quantity: 2, unitPrice: 3000, reason: 'Fair price' },
    { id: '5', quantity: 1 },
  ],
  customer: {
    name: 'Siobhán Murphy',
    email: 'siobhan@example.ie',
    address: { line1: '12 Main Street', city: 'Kilkenny', postalCode: 'R95 X2Y3', country: 'IE' },
  },
  zone: 'IE',
  payment: 'paid',
  method: 'cash',
} as const;

const PHONE = {
  items: [{ id: '3', quantity: 1 }],
  customer: {
    name: 'Marie Dubois',
    email: 'marie@example.fr',
    address: { line1: '3 rue des Lilas', city: 'Lyon', postalCode: '69001', country: 'FR' },
  },
  zone: 'EU',
  giftWrap: true,
  giftMessage: 'Joyeux anniversaire',
  payment: 'link',
  emailCustomer: true,
} as const;

describe.each(TEST_DIALECTS)('the owner’s own orders on %s', (dialect) => {
  const shop = shopSuite(() => startTestApp(dialect, { ADMIN_TOKEN, RATE_LIMITS: 'off' }), {
    timeoutMs: 60_000,
  });

  function post(url: string, body: unknown, headers: Record<string, string> = {}) {
    return shop.app.inject({
      method: 'POST',
      url,
      headers: { ...auth, ...headers },
      payload: body as object,
    });
  }
  const get = (url: string) => shop.app.inject({ method: 'GET', url, headers: auth });
  const orderCount = async () =>
    (await shop.app.platform.db.selectFrom('orders').select('id').execute()).length;

  it('needs the owner, from the desk’s own site', async () => {
    const anonymous = await shop.app.inject({ method: 'POST', url: '/api/admin/orders', payload: FAIR });
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await post('/api/admin/orders', FAIR, {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    const preview = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/orders/preview',
      payload: FAIR,
    });
    expect(preview.statusCode).toBe(401);
    // A submission key that is not one is refused before anything is done.
    const badKey = await post('/api/admin/orders', FAIR, { 'idempotency-key': 'two words' });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().error).toMatch(/Idempotency-Key/);
    // Not JSON: the desk's routes take JSON only.
    const form = await post('/api/admin/orders', 'items=1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.statusCode).toBe(415);
    expect(await orderCount()).toBe(0);
  });

  it.each([
    ['no lines', { ...FAIR, items: [] }, /^items/],
    [
      'too many lines',
      { ...FAIR, items: Array.from({ length: 28 }, (_, i) => ({ id: String(i + 1), quantity: 1 })) },
      /^items/,
    ],
    ['an unknown product', { ...FAIR, items: [{ id: '999', quantity: 1 }] }, /^items\[0\]\.id/],
    ['a bad size', { ...FAIR, items: [{ id: '3', size: 'XL', quantity: 1 }] }, /^items\[0\]\.size/],
    ['no pieces', { ...FAIR, items: [{ id: '3', quantity: 0 }] }, /^items\[0\]\.quantity/],
    ['too many pieces', { ...FAIR, items: [{ id: '3', quantity: 101 }] }, /^items\[0\]\.quantity/],
    ['half a piece', { ...FAIR, items: [{ id: '3', quantity: 1.5 }] }, /^items\[0\]\.quantity/],
    [
      'a line twice',
      {
        ...FAIR,
        items: [
          { id: '3', quantity: 1 },
          { id: '3', size: 'M', quantity: 1 },
        ],
      },
      /^items\[1\]/,
    ],
    [
      'an own price without a reason',
      { ...FAIR, items: [{ id: '3', quantity: 1, unitPrice: 2000 }] },
      /^items\[0\]\.reason/,
    ],
    [
      'a negative price',
      { ...FAIR, items: [{ id: '3', quantity: 1, unitPrice: -1, reason: 'x' }] },
      /^items\[0\]\.unitPrice/,
    ],
    [
      'a price beyond bounds',
      { ...FAIR, items: [{ id: '3', quantity: 1, unitPrice: 1_000_001, reason: 'x' }] },
      /^items\[0\]\.unitPrice/,
    ],
    [
      'a price in euro',
      { ...FAIR, items: [{ id: '3', quantity: 1, unitPrice: 29.5, reason: 'x' }] },
      /^items\[0\]\.unitPrice/,
    ],
    [
      'a bad e-mail',
      { ...FAIR, customer: { ...FAIR.customer, email: 'not-an-address' } },
      /^customer\.email/,
    ],
    ['no name', { ...FAIR, customer: { ...FAIR.customer, name: ' ' } }, /^customer\.name/],
    [
      'no street',
      { ...FAIR, customer: { ...FAIR.customer, address: { ...FAIR.customer.address, line1: '' } } },
      /^customer\.address\.line1/,
    ],
    [
      'no town',
      { ...FAIR, customer: { ...FAIR.customer, address: { line1: '1 Main St', country: 'IE' } } },
      /^customer\.address\.city/,
    ],
    [
      'a country that is no code',
      { ...FAIR, customer: { ...FAIR.customer, address: { ...FAIR.customer.address, country: 'Eire' } } },
      /^customer\.address\.country/,
    ],
    [
      'a country outside the zone',
      { ...FAIR, customer: { ...FAIR.customer, address: { ...FAIR.customer.address, country: 'FR' } } },
      /^customer\.address\.country: FR is not in the zone Ireland/,
    ],
    ['an unknown zone', { ...FAIR, zone: 'MARS' }, /^zone/],
    ['a gift message without wrap', { ...FAIR, giftMessage: 'Happy birthday' }, /^giftMessage/],
    ['no payment', { ...FAIR, payment: undefined }, /^payment/],
    ['another payment', { ...FAIR, payment: 'cheque' }, /^payment/],
    ['paid with no method', { ...FAIR, method: undefined }, /^method/],
    ['an unknown method', { ...FAIR, method: 'bitcoin' }, /^method/],
    ['a link with a method', { ...FAIR, payment: 'link' }, /^method/],
    [
      'a link for nothing',
      {
        ...FAIR,
        payment: 'link',
        method: undefined,
        items: [{ id: '3', quantity: 5, unitPrice: 0, reason: 'Gift' }],
      },
      /^payment: nothing to pay/,
    ],
    ['a price field', { ...FAIR, total: 1 }, /total/],
  ])('refuses %s: 400 naming the field, nothing stored', async (_name, body, message) => {
    const res = await post('/api/admin/orders', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, error: expect.stringMatching(message) });
    expect(await orderCount()).toBe(0);
  });

  it('previews the server’s prices and totals, storing nothing', async () => {
    const res = await post('/api/admin/orders/preview', { ...FAIR, payment: undefined, method: undefined });
    expect(res.statusCode).toBe(200);
    const parsed = manualOrderPreviewResponseSchema.parse(res.json());
    // 2 x €30 (her price) + €30: €90, free delivery in Ireland from €40.
    expect(parsed.preview).toMatchObject({ subtotal: 9000, shipping: 0, giftWrap: 0, total: 9000 });
    expect(parsed.preview.lines[0]).toMatchObject({ unitPrice: 3000, listPrice: 3500, reason: 'Fair price' });
    // Before the customer is typed: priced all the same.
    const bare = await post('/api/admin/orders/preview', { items: FAIR.items, zone: 'IE' });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().preview.total).toBe(9000);
    expect((await post('/api/admin/orders/preview', { ...FAIR, zone: 'EU' })).json().error).toMatch(
      /^customer\.address\.country/,
    );
    expect(await orderCount()).toBe(0);
  });

  let fairReference = '';

  it('marks a craft-fair order paid: into the making queue, the method recorded, no e-mail', async () => {
    const res = await post('/api/admin/orders', FAIR, { 'idempotency-key': 'fair-0001' });
    expect(res.statusCode).toBe(201);
    const created = manualOrderCreatedSchema.parse(res.json());
    expect(created.order).toMatchObject({
      status: 'paid',
      channel: 'manual',
      paymentMethod: 'cash',
      total: 9000,
    });
    expect(created.paymentUrl).toBeUndefined();
    expect(created.order.reference).toMatch(/^SOL-[A-Z0-9]{8}$/);
    fairReference = created.order.reference;
    // No e-mail at all: neither the customer's nor the owner's notification.
    expect((await outboxRows(shop.app)).filter((r) => r.reference === fairReference)).toEqual([]);
    // The desk offers to send the confirmation, not to send it again.
    const unsent = orderDetailSchema.parse((await get(`/api/admin/orders/${fairReference}`)).json());
    expect(unsent.confirmationSent).toBe(false);

    const detail = orderDetailSchema.parse((await get(`/api/admin/orders/${fairReference}`)).json());
    expect(detail).toMatchObject({
      status: 'paid',
      channel: 'manual',
      paymentMethod: 'cash',
      name: 'Siobhán Murphy',
      address: { line1: '12 Main Street', city: 'Kilkenny', country: 'IE' },
      // No provider holds the money: she pays it back herself (see the refund below).
      refundable: 9000,
    });
    expect(detail.dispatchBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(detail.lines[0]).toMatchObject({ unitPrice: 3000, size: 'S', priceReason: 'Fair price' });
    expect(detail.lines[1]).toMatchObject({ unitPrice: 3000, priceReason: null });
    // The history names who took it, how it was paid, and her price with its reason.
    expect(detail.timeline.map((e) => e.text)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Order taken in the desk .* marked paid \(Cash\)/),
        'Paid €90.00 (Cash)',
        expect.stringMatching(
          /^Price of line 1 \(Tawny Strand.*\): €30\.00 instead of €35\.00\. Reason: Fair price/,
        ),
      ]),
    );
    expect(detail.timeline.find((e) => e.text.startsWith('Order taken'))?.by).toBe('API token');

    // The audit trail: the order, and her own price with its reason.
    const audit = await shop.app.platform.db
      .selectFrom('admin_audit')
      .select(['action', 'target', 'detail', 'actor_name'])
      .where('target', '=', fairReference)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create-order', 'order-price']);
    expect(audit[1]?.detail).toMatch(/€30\.00 instead of €35\.00; Fair price/);
    expect(audit.every((a) => a.actor_name === 'API token')).toBe(true);

    // In the making queue: Today makes it.
    const today = (await get('/api/admin/today')).json() as { make: { orders: string[] }[] };
    expect(today.make.flatMap((m) => m.orders)).toContain(fairReference);
    // And in the orders list, marked by its channel.
    const list = ordersListResponseSchema.parse((await get('/api/admin/orders')).json());
    expect(list.orders.find((o) => o.reference === fairReference)?.channel).toBe('manual');
  });

  it('makes one order per submission: the same Idempotency-Key answers the order it made', async () => {
    const again = await post('/api/admin/orders', FAIR, { 'idempotency-key': 'fair-0001' });
    expect(again.statusCode).toBe(201);
    expect(again.json().order.reference).toBe(fairReference);
    const [a, b] = await Promise.all([
      post('/api/admin/orders', FAIR, { 'idempotency-key': 'fair-0002' }),
      post('/api/admin/orders', FAIR, { 'idempotency-key': 'fair-0002' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().order.reference).toBe(b.json().order.reference);
    expect(a.json().order.reference).not.toBe(fairReference);
    const stored = await shop.app.platform.db
      .selectFrom('orders')
      .select('id')
      .where('request_key', 'in', ['fair-0001', 'fair-0002'])
      .execute();
    expect(stored).toHaveLength(2);
  });

  it('e-mails the confirmation once when asked, and never the owner’s own notification', async () => {
    const res = await post('/api/admin/orders', {
      ...FAIR,
      method: 'card_reader',
      emailCustomer: true,
    });
    expect(res.statusCode).toBe(201);
    const { reference } = res.json().order as { reference: string };
    const mails = (await outboxRows(shop.app)).filter((r) => r.reference === reference);
    expect(mails.map((m) => [m.kind, m.recipient])).toEqual([['order-confirmation', 'siobhan@example.ie']]);
  });

  let phoneReference = '';

  it('sends a payment link: the order waits unpaid, then is confirmed as any order on the test checkout', async () => {
    const res = await post('/api/admin/orders', PHONE, { 'idempotency-key': 'phone-0001' });
    expect(res.statusCode).toBe(201);
    const created = manualOrderCreatedSchema.parse(res.json());
    // €35 + €9.95 to the EU + €3.50 gift wrap.
    expect(created.order).toMatchObject({
      status: 'pending',
      channel: 'manual',
      paymentMethod: null,
      total: 4845,
    });
    phoneReference = created.order.reference;
    const url = created.paymentUrl ?? '';
    expect(url).toMatch(/^http:\/\/shop\.test\/test-checkout\/cs_test_[A-Za-z0-9]+$/);
    // The link e-mailed to the customer; nothing else yet.
    const before = (await outboxRows(shop.app)).filter((r) => r.reference === phoneReference);
    expect(before.map((m) => m.kind)).toEqual(['manual-payment-link']);
    expect(before[0]?.text_body).toContain(url);
    // The same submission again: the same order and its link, no second e-mail.
    const again = await post('/api/admin/orders', PHONE, { 'idempotency-key': 'phone-0001' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ order: { reference: phoneReference }, paymentUrl: url });
    expect((await outboxRows(shop.app)).filter((r) => r.reference === phoneReference)).toHaveLength(1);
    // Not in the queue while unpaid.
    const today = (await get('/api/admin/today')).json() as { make: { orders: string[] }[] };
    expect(today.make.flatMap((m) => m.orders)).not.toContain(phoneReference);
    // The order's page keeps the link once the owner has left the screen that made it, and sends it again.
    const unpaid = orderDetailSchema.parse((await get(`/api/admin/orders/${phoneReference}`)).json());
    expect(unpaid.paymentUrl).toBe(url);
    const linkAgain = `/api/admin/orders/${phoneReference}/payment-link`;
    const emailed = await post(linkAgain, {}, { 'idempotency-key': 'link-again-1' });
    expect(emailed.statusCode).toBe(202);
    expect((await post(linkAgain, {}, { 'idempotency-key': 'link-again-1' })).statusCode).toBe(202);
    const resent = (await outboxRows(shop.app)).filter((r) => r.reference === phoneReference);
    expect(resent).toHaveLength(2);
    expect(resent[1]).toMatchObject({
      recipient: PHONE.customer.email,
      kind: expect.stringMatching(/^manual-payment-link:resend:/),
    });
    expect(resent[1]?.text_body).toContain(url);
    // The hosted checkout opens with the name and address she took by phone.
    const form = await shop.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(form.body).toContain('value="Marie Dubois"');
    expect(form.body).toContain('value="3 rue des Lilas"');
    expect(form.body).toContain('value="69001"');

    // The customer pays on the test checkout, to her address in France, and comes back confirmed.
    const sessionId = url.split('/').at(-1) ?? '';
    const paid = await shop.app.inject({
      method: 'POST',
      url: `/test-checkout/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...GALWAY_CARD_FORM,
        email: PHONE.customer.email,
        name: PHONE.customer.name,
        line1: PHONE.customer.address.line1,
        city: PHONE.customer.address.city,
        postalCode: PHONE.customer.address.postalCode,
        country: 'FR',
      }).toString(),
    });
    expect(paid.statusCode).toBeLessThan(400);
    const confirmed = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${sessionId}/confirm`,
      payload: {},
    });
    expect(confirmed.json()).toMatchObject({ status: 'paid', reference: phoneReference });
    const detail = orderDetailSchema.parse((await get(`/api/admin/orders/${phoneReference}`)).json());
    expect(detail).toMatchObject({ status: 'paid', channel: 'manual', paymentMethod: null, total: 4845 });
    expect(detail.giftMessage).toBe('Joyeux anniversaire');
    expect(detail.paymentUrl).toBeNull();
    expect(detail.confirmationSent).toBe(true);
    const late = await post(`/api/admin/orders/${phoneReference}/payment-link`, {});
    expect(late.statusCode).toBe(409);
    const after = (await outboxRows(shop.app)).filter((r) => r.reference === phoneReference);
    expect(after.map((m) => m.kind.replace(/:resend:.*/, ':resend')).sort()).toEqual([
      'manual-payment-link',
      'manual-payment-link:resend',
      'order-confirmation',
      'owner-notification',
    ]);
  });

  it('hands a fair sale over on the spot: no address, no shipping, delivered at once, not in the queue', async () => {
    const sale = {
      items: [{ id: '5', quantity: 1 }],
      zone: 'IE',
      payment: 'paid',
      method: 'card_reader',
      handedOver: true,
    };
    const res = await post('/api/admin/orders', sale, { 'idempotency-key': 'handed-0001' });
    expect(res.statusCode).toBe(201);
    const created = manualOrderCreatedSchema.parse(res.json());
    // €30, and not a cent of shipping.
    expect(created.order).toMatchObject({
      status: 'delivered',
      channel: 'handed_over',
      paymentMethod: 'card_reader',
      shipping: 0,
      total: 3000,
    });
    const { reference } = created.order;
    const detail = orderDetailSchema.parse((await get(`/api/admin/orders/${reference}`)).json());
    expect(detail).toMatchObject({ status: 'delivered', address: null, email: '', dispatchBy: null });
    expect(detail.timeline[0]?.text).toContain('handed over on the spot');
    const today = (await get('/api/admin/today')).json() as { make: { orders: string[] }[] };
    expect(today.make.flatMap((m) => m.orders)).not.toContain(reference);
    expect((await outboxRows(shop.app)).filter((r) => r.reference === reference)).toEqual([]);
    // What it cannot be: with an address, by a link, with an e-mail; and any other order needs its customer.
    const { customer } = FAIR;
    for (const [body, error] of [
      [{ ...sale, customer }, MANUAL_ORDER_MESSAGES.handedOverCustomer],
      [{ ...sale, payment: 'link', method: undefined }, MANUAL_ORDER_MESSAGES.handedOverPayment],
      [{ ...sale, emailCustomer: true }, MANUAL_ORDER_MESSAGES.handedOverEmail],
      [{ ...sale, handedOver: false }, MANUAL_ORDER_MESSAGES.name],
    ] as const) {
      const refused = await post('/api/admin/orders', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ ok: false, error });
    }
  });

  it('counts each channel in Numbers, and names it in the orders CSV', async () => {
    const day = irishDate(new Date());
    const stats = statsResponseSchema.parse(
      (await get(`/api/admin/stats?from=${day}&to=${day}&by=day`)).json(),
    );
    // Three orders marked paid (€90 each), one paid by link (€48.45) and a sale handed over (€30); no
    // shopper's checkout among them.
    expect(stats.channels).toEqual({
      web: { orders: 0, pieces: 0, revenue: 0 },
      quote: { orders: 0, pieces: 0, revenue: 0 },
      manual: { orders: 4, pieces: 10, revenue: 3 * 9000 + 4845 },
      handed_over: { orders: 1, pieces: 1, revenue: 3000 },
    });
    expect(stats.totals).toMatchObject({ orders: 5, checkoutsStarted: 0 });
    const csv = await get(`/api/admin/orders.csv?from=${day}&to=${day}`);
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]?.endsWith(',Channel,Paid by')).toBe(true);
    const fair = rows.find((r) => r.startsWith(fairReference));
    // How a fair's order was paid: what the owner recorded.
    expect(fair).toMatch(/,manual,(Cash|Card reader|Bank transfer)$/);
  });

  it('takes the owner’s order while sales are paused; a paused product is refused by its line', async () => {
    const paused = await shop.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: auth,
      payload: { away: { mode: 'pause-sales', until: '2099-01-10', message: 'At a fair' } },
    });
    expect(paused.statusCode).toBe(200);
    const res = await post('/api/admin/orders', { ...FAIR, items: [{ id: '5', quantity: 1 }] });
    expect(res.statusCode).toBe(201);
    const link = await post('/api/admin/orders', { ...PHONE, emailCustomer: false });
    expect(link.statusCode).toBe(201);
    await shop.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: auth,
      payload: { away: { mode: 'off', until: null, message: '' } },
    });

    const product = await shop.app.inject({
      method: 'PATCH',
      url: '/api/admin/products/6',
      headers: auth,
      payload: { status: 'paused', note: 'Back soon' },
    });
    expect(product.statusCode).toBe(200);
    const count = await orderCount();
    const refused = await post('/api/admin/orders', {
      ...FAIR,
      items: [
        { id: '5', quantity: 1 },
        { id: '6', quantity: 1 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/^items\[1\]\.id: Sea Thrift is paused/);
    expect(await orderCount()).toBe(count);
  });

  it('keeps an unpaid link order’s customer as long as an unpaid checkout’s, no longer', async () => {
    const res = await post('/api/admin/orders', { ...PHONE, emailCustomer: false });
    expect(res.statusCode).toBe(201);
    const { reference } = res.json().order as { reference: string };
    const row = async () =>
      shop.app.platform.db
        .selectFrom('orders')
        .select(['email', 'shipping_name', 'shipping_address', 'gift_message'])
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ email: PHONE.customer.email, shipping_name: PHONE.customer.name });
    const day = 24 * 60 * 60 * 1000;
    await shop.app.privacy.store.applyRetention(
      new Date(Date.now() + (RETENTION.unpaidCheckoutDays - 1) * day),
    );
    expect((await row()).email).toBe(PHONE.customer.email);
    await shop.app.privacy.store.applyRetention(
      new Date(Date.now() + (RETENTION.unpaidCheckoutDays + 1) * day),
    );
    expect(await row()).toEqual({
      email: '',
      shipping_name: null,
      shipping_address: JSON.stringify({ country: 'FR' }),
      gift_message: null,
    });
  });

  it('refuses a maker: new orders are the owner’s', async () => {
    const person = await shop.app.platform.people.create({
      name: 'Niamh',
      email: 'niamh@example.ie',
      role: 'maker',
    });
    if (!person) throw new Error('no maker');
    const { secret } = await shop.app.platform.sessions.create('127.0.0.1', {
      personId: person.id,
      device: null,
    });
    const cookie = `solas_admin=${secret}`;
    // She may read the orders, not make one (nor preview one).
    expect(
      (await shop.app.inject({ method: 'GET', url: '/api/admin/orders', headers: { cookie } })).statusCode,
    ).toBe(200);
    const count = await orderCount();
    for (const url of ['/api/admin/orders', '/api/admin/orders/preview']) {
      const res = await shop.app.inject({ method: 'POST', url, headers: { cookie }, payload: FAIR });
      expect(res.statusCode).toBe(403);
    }
    expect(await orderCount()).toBe(count);
  });

  it('records a refund of an order marked paid as paid back by the owner, her way, with no provider', async () => {
    const res = await post('/api/admin/orders', FAIR);
    expect(res.statusCode).toBe(201);
    const { reference } = res.json().order as { reference: string };
    const part = await post(
      `/api/admin/orders/${reference}/refund`,
      { amount: 1000, reason: 'Clasp loose' },
      { 'idempotency-key': 'payback-1' },
    );
    expect(part.statusCode).toBe(200);
    const repeat = await post(
      `/api/admin/orders/${reference}/refund`,
      { amount: 1000, reason: 'Clasp loose' },
      { 'idempotency-key': 'payback-1' },
    );
    expect(repeat.json()).toMatchObject({ changed: false, order: { refunded: 1000 } });
    const detail = orderDetailSchema.parse(part.json().order);
    expect(detail).toMatchObject({ refunded: 1000, refundable: 8000, status: 'paid' });
    expect(detail.timeline.filter((e) => e.kind === 'refund').map((e) => [e.text, e.amount, e.by])).toEqual([
      ['Paid back €10.00 by the owner (Cash): Clasp loose', 1000, 'API token'],
    ]);
    const mail = (await outboxRows(shop.app)).find(
      (m) => m.reference === reference && m.kind.startsWith('order-refund:'),
    );
    expect(mail?.text_body).toContain('The refund is paid back to you the way you paid: cash.');
    expect(mail?.text_body).not.toContain('card you paid with');

    // Cancelled before dispatch: the rest is paid back the same way, then the order is cancelled.
    const cancelled = await post(`/api/admin/orders/${reference}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order).toMatchObject({ status: 'cancelled', refunded: 9000, refundable: 0 });
    const audit = await shop.app.platform.db
      .selectFrom('admin_audit')
      .select(['action', 'detail'])
      .where('target', '=', reference)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create-order', 'order-price', 'refund', 'cancel']);
    expect(audit[2]?.detail).toBe('1000 cents: Clasp loose');
  });

  it('finishes an order marked paid that a crash stopped half-way, on the next reconcile pass', async () => {
    // The process stops between storing the order and marking it paid.
    const { paid } = shop.app.checkout;
    const markPaid = paid.markPaid.bind(paid);
    paid.markPaid = () => Promise.reject(new Error('the process stopped here'));
    const stopped = await post('/api/admin/orders', FAIR, { 'idempotency-key': 'fair-crash-1' }).finally(
      () => {
        paid.markPaid = markPaid;
      },
    );
    expect(stopped.statusCode).toBe(500);
    const row = () =>
      shop.app.platform.db
        .selectFrom('orders')
        .select(['id', 'status', 'reference'])
        .where('request_key', '=', 'fair-crash-1')
        .executeTakeFirstOrThrow();
    expect((await row()).status).toBe('pending');
    // Just stored: its request may still be running, so the pass leaves it.
    await shop.app.checkout.reconcile({}, () => false);
    expect((await row()).status).toBe('pending');
    // Later, the pass finishes it: paid, dated in the making queue, and no e-mail (the wish went with the
    // request).
    expect(await shop.app.checkout.reconcile({ strandedAfterMs: 0 })).toMatchObject({
      paid: 1,
      stoppedEarly: false,
    });
    const { reference, status } = await row();
    expect(status).toBe('paid');
    const detail = orderDetailSchema.parse((await get(`/api/admin/orders/${reference}`)).json());
    expect(detail).toMatchObject({ status: 'paid', channel: 'manual', paymentMethod: 'cash' });
    expect(detail.dispatchBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await outboxRows(shop.app)).filter((r) => r.reference === reference)).toEqual([]);
    // Once: a second pass finds nothing to finish.
    expect(await shop.app.checkout.reconcile({ strandedAfterMs: 0 })).toMatchObject({ paid: 0 });
  });
});
