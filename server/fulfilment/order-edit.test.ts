/**
 * Changing an order before dispatch and sending its e-mails again, through the real app on one
 * database (ROUTE_DIALECTS; docs/product/orders.md §10.16): the address, e-mail, gift message and a line's size change with the
 * history's before and after, an audit row naming the fields only, and one e-mail to the shopper when the
 * parcel changes (a new e-mail address revokes the old links and gets the confirmation); refusals: 409 after dispatch, 400 naming the field,
 * 404, 401, 403 cross-site; a repeated Idempotency-Key is one change. A resend is one new outbox message
 * to the current address; the automatic one is untouched.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderReference } from '../../domain/checkout/checkout';
import type { OrderDetail } from '../../domain/orders/admin-api';
import { ORDER_EDIT_MESSAGES } from '../../domain/orders/order-edit';
import { GALWAY_CARD_FORM, outboxRows } from '../../tests/support/test-app';
import { ROUTE_DIALECTS } from '../../tests/support/test-database';
import { startTestShop, type TestShop } from '../../tests/support/test-shop';

const TOKEN = 'order-edit-owner-token-0123';
const auth = { authorization: `Bearer ${TOKEN}` };
const SHOPPER = 'ciara@example.ie';
const LINK = /#\/order\/SOL-[A-Z0-9_-]+\?key=([A-Za-z0-9_-]+)/;

let shop: TestShop;
let app: FastifyInstance;

async function paidOrder(giftWrap = true): Promise<string> {
  const checkout = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: {
      email: SHOPPER,
      items: [
        { id: '2', quantity: 1, size: 'M' },
        { id: '3', quantity: 1, size: 'S' },
      ],
      zone: 'IE',
      giftWrap,
      ...(giftWrap ? { giftMessage: 'Happy birthday, Mam' } : {}),
    },
  });
  expect(checkout.statusCode).toBe(200);
  const { sessionId } = checkout.json() as { sessionId: string };
  const paid = await app.inject({
    method: 'POST',
    url: `/test-checkout/${sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...GALWAY_CARD_FORM, email: SHOPPER }).toString(),
  });
  expect(paid.statusCode).toBeLessThan(400);
  await app.inject({ method: 'POST', url: `/api/orders/${sessionId}/confirm`, payload: {} });
  return orderReference(sessionId);
}

function owner(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, key?: string) {
  return app.inject({
    method,
    url,
    headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
}

const NEW_ADDRESS = {
  name: 'Ciara Walsh',
  line1: '14 Quay Street',
  city: 'Galway',
  postalCode: 'H91 AB12',
  country: 'IE',
};

async function mailsOf(reference: string) {
  return (await outboxRows(app)).filter((m) => m.reference === reference);
}

describe.each(ROUTE_DIALECTS)('changing an order before dispatch on %s', (dialect) => {
  beforeEach(async () => {
    shop = await startTestShop(dialect, { ADMIN_TOKEN: TOKEN });
    ({ app } = shop);
  });
  afterEach(() => shop.stop());

  it('corrects the address, gift message and a size: history with before and after, one e-mail, audited by field', async () => {
    const reference = await paidOrder();
    const before = await mailsOf(reference);
    const res = await owner(
      'PATCH',
      `/api/admin/orders/${reference}`,
      { address: NEW_ADDRESS, giftMessage: 'Happy birthday, Mam!', lines: [{ lineId: 1, size: 'L' }] },
      'edit-1',
    );
    expect(res.statusCode).toBe(200);
    const { order } = res.json() as { changed: boolean; order: OrderDetail };
    expect(res.json()).toMatchObject({ ok: true, changed: true });
    expect(order.address).toMatchObject({ line1: '14 Quay Street', postalCode: 'H91 AB12', country: 'IE' });
    expect(order.giftMessage).toBe('Happy birthday, Mam!');
    expect(order.lines.map((l) => [l.lineId, l.size])).toEqual([
      [0, 'M'],
      [1, 'L'],
    ]);
    // Amounts never change.
    const event = order.timeline.find((e) => e.kind === 'changed');
    expect(event?.text).toContain('4 Quay Street');
    expect(event?.text).toContain('→ Ciara Walsh, 14 Quay Street');
    expect(event?.text).toContain('gift message "Happy birthday, Mam" → "Happy birthday, Mam!"');
    expect(event?.text).toMatch(/size Small → Large/);

    const mails = (await mailsOf(reference)).slice(before.length);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: SHOPPER, kind: expect.stringMatching(/^order-change:/) });
    expect(mails[0]?.subject).toContain(`${reference} has been updated`);
    expect(mails[0]?.text_body).toContain(
      'Delivery address: Ciara Walsh, 14 Quay Street, Galway, H91 AB12, Ireland',
    );
    expect(mails[0]?.text_body).toContain('size Large (19-20 cm)');
    expect(order.timeline.some((e) => e.text === 'Order change e-mail to the shopper')).toBe(true);

    // The same submission again: one change, one e-mail.
    const repeat = await owner(
      'PATCH',
      `/api/admin/orders/${reference}`,
      { address: NEW_ADDRESS, giftMessage: 'Happy birthday, Mam!', lines: [{ lineId: 1, size: 'L' }] },
      'edit-1',
    );
    expect(repeat.statusCode).toBe(200);
    expect(await mailsOf(reference)).toHaveLength(before.length + 1);

    const audit = await app.platform.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('action', '=', 'order-edit')
      .execute();
    expect(audit.map((r) => [r.target, r.detail])).toEqual([[reference, 'address, giftMessage, lines']]);
    expect(JSON.stringify(audit)).not.toContain('Quay');

    // The privacy export shows the change's before and after, the gift message and the owner's notes.
    expect(
      (await owner('POST', `/api/admin/orders/${reference}/notes`, { text: 'Rang: new flat' }, 'note-1'))
        .statusCode,
    ).toBe(200);
    const exported = await app.privacy.store.exportFor(SHOPPER, { session: 'token', address: '203.0.113.7' });
    expect(exported.orders).toContainEqual(
      expect.objectContaining({
        reference,
        giftMessage: 'Happy birthday, Mam!',
        changes: [
          expect.objectContaining({ text: expect.stringContaining('→ Ciara Walsh, 14 Quay Street') }),
        ],
        notes: [expect.objectContaining({ text: 'Rang: new flat' })],
      }),
    );
  });

  it('changes the e-mail address: the old links stop working, the new address gets the confirmation and a link that does', async () => {
    const reference = await paidOrder();
    const view = (key: string) =>
      app.inject({ method: 'POST', url: '/api/order-page', payload: { reference, key } });
    const linkIn = (text: string) => LINK.exec(text)?.[1] ?? '';
    const oldKey = linkIn(
      (await mailsOf(reference)).find((m) => m.kind === 'order-confirmation')?.text_body ?? '',
    );
    expect((await view(oldKey)).statusCode).toBe(200);
    const before = (await mailsOf(reference)).length;

    const res = await owner('PATCH', `/api/admin/orders/${reference}`, {
      email: 'ciara.walsh@example.ie',
      address: NEW_ADDRESS,
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { order: OrderDetail }).order.email).toBe('ciara.walsh@example.ie');
    // The stranger's link shows nothing and takes no withdrawal any more.
    expect((await view(oldKey)).statusCode).toBe(404);
    const withdrawal = await app.inject({
      method: 'POST',
      url: '/api/order-page/withdrawal',
      payload: { reference, key: oldKey, lines: [0], name: 'Someone else' },
    });
    expect(withdrawal.statusCode).toBe(404);
    // One e-mail, to the new address: the order as it now is, with a link that opens it.
    const mails = await mailsOf(reference);
    expect(mails).toHaveLength(before + 1);
    const sent = mails.at(-1);
    expect(sent).toMatchObject({
      recipient: 'ciara.walsh@example.ie',
      kind: expect.stringMatching(/^order-confirmation:resend:/),
    });
    expect(sent?.text_body).toContain('14 Quay Street');
    const newKey = linkIn(sent?.text_body ?? '');
    expect((await view(newKey)).statusCode).toBe(200);
    // The automatic confirmation stays the one it was; later e-mails go to the new address.
    expect(mails.filter((m) => m.kind === 'order-confirmation')).toEqual([
      expect.objectContaining({ recipient: SHOPPER }),
    ]);
    const resent = await owner('POST', `/api/admin/orders/${reference}/resend`, { kind: 'confirmation' });
    expect(resent.statusCode).toBe(202);
    expect((await mailsOf(reference)).at(-1)?.recipient).toBe('ciara.walsh@example.ie');
  });

  it('refuses after dispatch (409), and every malformed change names its field (400), changing nothing', async () => {
    const reference = await paidOrder(false);
    const patch = (body: object) => owner('PATCH', `/api/admin/orders/${reference}`, body);
    const cases: [object, string][] = [
      [{}, ORDER_EDIT_MESSAGES.empty],
      [{ email: 'not-an-address' }, ORDER_EDIT_MESSAGES.email],
      [{ address: { ...NEW_ADDRESS, line1: '' } }, ORDER_EDIT_MESSAGES.address],
      [{ address: { ...NEW_ADDRESS, country: 'FR' } }, ORDER_EDIT_MESSAGES.country],
      [{ lines: [{ lineId: 9, size: 'L' }] }, ORDER_EDIT_MESSAGES.lineUnknown(9)],
      [{ lines: [{ lineId: 0, size: 'XL' }] }, ORDER_EDIT_MESSAGES.lines],
      [{ giftMessage: 'Hello' }, ORDER_EDIT_MESSAGES.giftWithoutWrap],
      [{ total: 1 }, 'total'],
    ];
    for (const [body, error] of cases) {
      const res = await patch(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as { error: string }).error).toContain(error);
    }
    expect((await owner('PATCH', '/api/admin/orders/SOL-NOPE0000', { email: 'a@b.ie' })).statusCode).toBe(
      404,
    );
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/admin/orders/${reference}`,
          payload: { email: 'a@b.ie' },
        })
      ).statusCode,
    ).toBe(401);
    const crossSite = await app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${reference}`,
      headers: { ...auth, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { email: 'a@b.ie' },
    });
    expect(crossSite.statusCode).toBe(403);
    // No dispatch yet: nothing to send again.
    const early = await owner('POST', `/api/admin/orders/${reference}/resend`, { kind: 'dispatch' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ ok: false, error: ORDER_EDIT_MESSAGES.resendNone('dispatch') });
    expect(
      (await owner('POST', `/api/admin/orders/${reference}/resend`, { kind: 'refund' })).statusCode,
    ).toBe(409);
    expect(
      (await owner('POST', `/api/admin/orders/${reference}/resend`, { kind: 'invoice' })).statusCode,
    ).toBe(400);

    const dispatched = await owner('POST', `/api/admin/orders/${reference}/dispatch`, {
      carrier: 'an_post',
      trackingNumber: 'CE123456789IE',
    });
    expect(dispatched.statusCode).toBe(200);
    const late = await patch({ address: NEW_ADDRESS });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ ok: false, error: ORDER_EDIT_MESSAGES.dispatched });
    const detail = (await owner('GET', `/api/admin/orders/${reference}`)).json() as OrderDetail;
    expect(detail.address?.line1).toBe(GALWAY_CARD_FORM.line1);
    expect(detail.timeline.some((e) => e.kind === 'changed')).toBe(false);
  });

  it('resends the dispatch e-mail with its tracking to the current address, once per submission', async () => {
    const reference = await paidOrder();
    await owner('POST', `/api/admin/orders/${reference}/dispatch`, {
      carrier: 'an_post',
      trackingNumber: 'CE123456789IE',
    });
    const before = await mailsOf(reference);
    const first = await owner(
      'POST',
      `/api/admin/orders/${reference}/resend`,
      { kind: 'dispatch' },
      'resend-1',
    );
    const again = await owner(
      'POST',
      `/api/admin/orders/${reference}/resend`,
      { kind: 'dispatch' },
      'resend-1',
    );
    expect([first.statusCode, again.statusCode]).toEqual([202, 202]);
    const mails = (await mailsOf(reference)).slice(before.length);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      recipient: SHOPPER,
      kind: expect.stringMatching(/^order-dispatched:resend:/),
    });
    expect(mails[0]?.text_body).toContain('Tracking number: CE123456789IE');
    expect(before.filter((m) => m.kind === 'order-dispatched')).toHaveLength(1);
    const detail = (await owner('GET', `/api/admin/orders/${reference}`)).json() as OrderDetail;
    expect(detail.timeline.map((e) => e.text)).toContain('"On its way" e-mail to the shopper, sent again');
    const audit = await app.platform.db
      .selectFrom('admin_audit')
      .select(['action', 'detail'])
      .where('action', '=', 'order-resend')
      .execute();
    expect(audit).toEqual([{ action: 'order-resend', detail: 'dispatch' }]);
  });
});
