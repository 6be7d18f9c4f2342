/**
 * The desk's Customers through the real app, on SQLite and PostgreSQL: the list built from paid orders,
 * quotes' and enquiries' clients and the newsletter (one row per address, case-insensitive), its search,
 * a customer's page, the owner's note, and export and erasure: the privacy API's one rule (the same JSON,
 * the same 409 while an order is paid and not delivered, the same anonymised orders), each audited. Every
 * refusal: 401, 403 cross-site, 400 naming the field, 404.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderReference } from '../../domain/checkout/checkout';
import { CUSTOMER_MESSAGES } from '../../domain/customers/customers';
import { readableExport } from '../../domain/customers/readable-export';
import { GALWAY_CARD_FORM, outboxSettled, TEST_PUBLIC_URL } from '../../tests/support/test-app';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { startTestShop, type TestShop } from '../../tests/support/test-shop';

const TOKEN = 'customers-owner-token-0123';
const auth = { authorization: `Bearer ${TOKEN}` };
const CIARA = 'Ciara@Example.ie';

let shop: TestShop;
let app: FastifyInstance;

async function paidOrder(email: string, name: string): Promise<string> {
  const checkout = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: { email, items: [{ id: '2', quantity: 1 }], zone: 'IE' },
  });
  const { sessionId } = checkout.json() as { sessionId: string };
  const paid = await app.inject({
    method: 'POST',
    url: `/test-checkout/${sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...GALWAY_CARD_FORM, email, name }).toString(),
  });
  expect(paid.statusCode).toBeLessThan(400);
  await app.inject({ method: 'POST', url: `/api/orders/${sessionId}/confirm`, payload: {} });
  return orderReference(sessionId);
}

function owner(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
}

async function deliver(reference: string): Promise<void> {
  for (const [action, body] of [
    ['dispatch', { carrier: 'an_post', trackingNumber: 'CE123456789IE' }],
    ['status', { status: 'delivered' }],
  ] as const) {
    const res = await owner('POST', `/api/admin/orders/${reference}/${action}`, body);
    expect(res.statusCode).toBe(200);
  }
}

const path = (email: string, action = '') =>
  `/api/admin/customers/${encodeURIComponent(email)}${action ? `/${action}` : ''}`;

describe.each(TEST_DIALECTS)('the desk’s Customers on %s', (dialect) => {
  beforeEach(async () => {
    shop = await startTestShop(dialect, { ADMIN_TOKEN: TOKEN });
    ({ app } = shop);
  });
  afterEach(() => shop.stop());

  it('lists one row per address from orders, enquiries and the newsletter, and finds by address or name', async () => {
    const first = await paidOrder(CIARA, 'Ciara Walsh');
    await paidOrder(CIARA.toLowerCase(), 'Ciara Walsh');
    const enquiry = await app.inject({
      method: 'POST',
      url: '/api/enquiries',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { name: 'Niamh Kelly', email: 'niamh@example.ie', pieces: 30, message: 'For the team.' },
    });
    expect(enquiry.statusCode).toBe(201);
    const signup = await app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { email: 'ciara@example.ie' },
    });
    expect(signup.statusCode).toBeLessThan(300);

    const list = await owner('GET', '/api/admin/customers');
    expect(list.statusCode).toBe(200);
    const { customers } = list.json() as { customers: Record<string, unknown>[] };
    const order = (await owner('GET', `/api/admin/orders/${first}`)).json() as { total: number };
    expect(customers).toHaveLength(2);
    expect(customers).toContainEqual({
      email: expect.stringMatching(/^ciara@example\.ie$/i),
      name: 'Ciara Walsh',
      orders: 2,
      spent: order.total * 2,
      lastOrderAt: expect.any(String),
      newsletter: 'pending',
    });
    expect(customers).toContainEqual({
      email: 'niamh@example.ie',
      name: 'Niamh Kelly',
      orders: 0,
      spent: 0,
      lastOrderAt: null,
      newsletter: 'none',
    });
    const found = (await owner('GET', '/api/admin/customers?q=KELLY')).json() as { customers: unknown[] };
    expect(found.customers).toEqual([expect.objectContaining({ email: 'niamh@example.ie' })]);
    const none = (await owner('GET', '/api/admin/customers?q=nobody')).json() as { customers: unknown[] };
    expect(none.customers).toEqual([]);

    const page = await owner('GET', path('CIARA@example.ie'));
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      ok: true,
      customer: { name: 'Ciara Walsh', orders: 2, newsletter: 'pending', note: '' },
      orders: [{ status: 'paid' }, { reference: first, status: 'paid' }],
      quotes: [],
      reviews: [],
      enquiries: [],
    });
  });

  it('keeps a note per customer, audited without its text; an empty note deletes it', async () => {
    await paidOrder(CIARA, 'Ciara Walsh');
    const saved = await owner('PUT', path(CIARA, 'note'), { note: '  Prefers the small size  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      ok: true,
      note: 'Prefers the small size',
      noteUpdatedAt: expect.any(String),
    });
    expect((await owner('GET', path(CIARA))).json()).toMatchObject({
      customer: { note: 'Prefers the small size' },
    });
    const exported = (await owner('GET', path(CIARA, 'export'))).json() as Record<string, unknown>;
    expect(exported['Customer note']).toEqual({
      Text: 'Prefers the small size',
      'Updated at': expect.any(String),
    });
    const cleared = await owner('PUT', path(CIARA, 'note'), { note: '' });
    expect(cleared.json()).toEqual({ ok: true, note: '', noteUpdatedAt: null });
    const audit = await app.platform.db.selectFrom('admin_audit').selectAll().orderBy('id').execute();
    const notes = audit.filter((r) => r.action === 'customer-note');
    expect(notes.map((r) => [r.target, r.detail])).toEqual([
      ['C***@Example.ie', 'saved'],
      ['C***@Example.ie', 'deleted'],
    ]);
    expect(JSON.stringify(audit)).not.toContain('small size');
  });

  it('exports the same JSON as the privacy API, and erases by the same rule: 409 naming an undelivered order, then anonymised', async () => {
    const reference = await paidOrder(CIARA, 'Ciara Walsh');
    await owner('PUT', path(CIARA, 'note'), { note: 'Prefers the small size' });
    // The order's e-mails sent first: a send between the two exports would change what they show.
    await outboxSettled(app);

    const mine = await owner('GET', path(CIARA, 'export'));
    const api = await owner('GET', `/api/admin/privacy/export?email=${encodeURIComponent(CIARA)}`);
    expect(mine.statusCode).toBe(200);
    const day = (api.json() as { exportedAt: string }).exportedAt.slice(0, 10);
    // Named after the person and the day, not one name for everyone.
    expect(mine.headers['content-disposition']).toBe(
      `attachment; filename="personal-data-ciara-example-ie-${day}.json"`,
    );
    // The privacy API's data, every row of it, with readable keys and euros.
    const strip = (body: Record<string, unknown>) => ({ ...body, 'Exported at': null });
    expect(strip(mine.json())).toEqual(strip(readableExport(api.json())));
    const [order] = (mine.json() as { Orders: Record<string, unknown>[] }).Orders;
    const [raw] = (api.json() as { orders: { total: number; giftWrap: number }[] }).orders;
    expect(order).toMatchObject({
      Reference: reference,
      Name: 'Ciara Walsh',
      'Total (EUR)': (raw?.total ?? 0) / 100,
    });
    expect(Object.keys(order ?? {})).toContain('Gift wrap (EUR)');
    expect(JSON.stringify(mine.json())).not.toMatch(/"(giftWrap|createdAt|unitPrice|lineTotal|paidAt)"/);
    // Beside it, a summary to read: the same person and day, amounts as euros, times in words.
    const summary = await owner('GET', `${path(CIARA, 'export')}?as=summary`);
    expect(summary.statusCode).toBe(200);
    expect(summary.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(summary.headers['content-disposition']).toBe(
      `attachment; filename="personal-data-ciara-example-ie-${day}.txt"`,
    );
    expect(summary.body).toContain(`What Solas holds about ${CIARA.toLowerCase()}`);
    expect(summary.body).toContain(`Reference: ${reference}`);
    expect(summary.body).toMatch(/Total: €\d+\.\d{2}/);
    expect(summary.body).toMatch(/Paid at: \w+ \d+ \w+ \d{4} at \d{2}:\d{2} \(Irish time\)/);

    // Paid, not delivered: both doors refuse, naming the order, and nothing is erased.
    const refused = await owner('DELETE', path(CIARA));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ ok: false, error: expect.stringContaining(reference) });
    const refusedApi = await owner('POST', '/api/admin/privacy/erase', { email: CIARA });
    expect(refusedApi.statusCode).toBe(409);
    expect(refusedApi.json()).toEqual(refused.json());
    expect((await owner('GET', path(CIARA))).json()).toMatchObject({
      customer: { note: 'Prefers the small size' },
    });

    // A correction before dispatch: its before and after name the shopper in the order's history.
    const corrected = await app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${reference}`,
      headers: auth,
      payload: { address: { name: 'Ciara Walsh', line1: '5 Quay Street', city: 'Galway', country: 'IE' } },
    });
    expect(corrected.statusCode).toBe(200);
    await deliver(reference);
    const erased = await owner('DELETE', path(CIARA));
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({
      ok: true,
      ordersAnonymised: 1,
      customerNotesDeleted: 1,
      paidOrdersKept: [{ reference, keptUntil: expect.stringMatching(/^\d{4}-12-31$/) }],
    });
    // Gone from the list and the page; the order stays for the accounts without the person.
    expect((await owner('GET', '/api/admin/customers')).json()).toEqual({ ok: true, customers: [] });
    expect((await owner('GET', path(CIARA))).statusCode).toBe(404);
    const row = await app.platform.db
      .selectFrom('orders')
      .select(['reference', 'email', 'shipping_name', 'shipping_address', 'gift_message', 'total'])
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      reference,
      email: '',
      shipping_name: null,
      shipping_address: JSON.stringify({ country: 'IE' }),
      gift_message: null,
    });
    expect(row.total).toBeGreaterThan(0);
    expect(await app.platform.db.selectFrom('order_keys').selectAll().execute()).toEqual([]);
    const changes = await app.platform.db
      .selectFrom('order_events')
      .select('text')
      .where('kind', '=', 'changed')
      .execute();
    expect(changes).toEqual([{ text: 'Changed by the owner (details erased)' }]);
    // A repeat (the same Idempotency-Key or not) erases nothing more and answers the same way.
    const again = await owner('DELETE', path(CIARA));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ ordersAnonymised: 0, paidOrdersKept: [] });

    const audit = await app.platform.db.selectFrom('admin_audit').select(['action', 'target']).execute();
    // The desk's JSON, the API's, the desk's summary: each download audited.
    expect(audit.filter((r) => r.action.startsWith('privacy-'))).toEqual([
      { action: 'privacy-export', target: 'C***@Example.ie' },
      { action: 'privacy-export', target: 'C***@Example.ie' },
      { action: 'privacy-export', target: 'C***@Example.ie' },
      { action: 'privacy-erase', target: 'C***@Example.ie' },
      { action: 'privacy-erase', target: 'C***@Example.ie' },
    ]);
  });

  it('refuses: 401 without the owner, 403 cross-site, 400 naming the field, 404 for an unknown address', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/customers' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: path(CIARA) })).statusCode).toBe(401);
    const crossSite = await app.inject({
      method: 'DELETE',
      url: path(CIARA),
      headers: { ...auth, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const badEmail = await owner('GET', path('not-an-address'));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ ok: false, error: expect.stringContaining('email') });
    expect((await owner('DELETE', path('not-an-address'))).statusCode).toBe(400);
    const longQ = await owner('GET', `/api/admin/customers?q=${'x'.repeat(201)}`);
    expect(longQ.statusCode).toBe(400);
    expect(longQ.json()).toMatchObject({ ok: false, error: expect.stringContaining('q') });
    const longNote = await owner('PUT', path(CIARA, 'note'), { note: 'x'.repeat(2001) });
    expect(longNote.statusCode).toBe(400);
    expect(longNote.json()).toMatchObject({ ok: false, error: expect.stringContaining('note') });
    const extra = await owner('PUT', path(CIARA, 'note'), { note: 'a', more: 1 });
    expect(extra.statusCode).toBe(400);
    expect(await app.platform.db.selectFrom('customer_notes').selectAll().execute()).toEqual([]);
    const unknown = await owner('GET', path('nobody@example.ie'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ ok: false, error: CUSTOMER_MESSAGES.notFound });
  });
});
