/**
 * The order e-mails, the packing slips, the orders CSV and the owner's notifications follow the seller
 * the owner saved in her settings, through the real app on one database (docs/product/desk.md
 * §10.14): the seller is read when an e-mail is composed, the owner's notices go to her order address,
 * and every order keeps the VAT it was charged with; an order stored before that (NULL) reads as the
 * first start's rate and number. The total does not move with the rate: prices include VAT.
 */
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderReference } from '../../domain/checkout/checkout';
import type { AllSettings } from '../../domain/settings/shop-settings';
import { irishDate } from '../../domain/shared/calendar-date';
import { vatInside } from '../../domain/vat/vat-breakdown';
import { vatIncludedText } from '../../domain/vat/vat-statement';
import { shopSuite } from '../../tests/support/shop-suite';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../../tests/support/smtp-sink';
import { outboxRows, outboxSettled, payAndConfirm, TEST_PUBLIC_URL } from '../../tests/support/test-app';
import { ROUTE_DIALECTS } from '../../tests/support/test-database';
import { startTestApp } from '../../tests/support/test-shop';
import { CSV_BOM } from '../lib/csv';
import { NEWSLETTER_MAIL_KINDS } from '../newsletter';
import { ORDERS_MAIL_KINDS } from './mail-kinds';

const TOKEN = 'order-seller-owner-token-0123';
const auth = { authorization: `Bearer ${TOKEN}` };
const SHOPPER = 'ciara@example.ie';
/** The first start's seller (the environment). */
const FIRST = { name: 'Solas Jewellery Ltd', vatNumber: 'IE1234567T', ownerEmail: 'owner@solas.test' };
const SAVED = {
  name: 'Aoife Byrne, trading as Solas',
  address: '4 Quay Street, Galway, H91 AB12, Ireland',
  email: 'hello@aoife.example',
  orderEmail: 'orders@aoife.example',
  vatNumber: 'IE7654321W',
  vatRate: 13.5,
};

let app: FastifyInstance;

function owner(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, key?: string) {
  return app.inject({
    method,
    url,
    headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
}

/** One €40 bracelet to Ireland, paid on the test checkout: its reference. */
async function paidOrder(): Promise<string> {
  const checkout = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: { email: SHOPPER, items: [{ id: '1', quantity: 1, size: 'M' }], zone: 'IE' },
  });
  expect(checkout.statusCode).toBe(200);
  const { sessionId } = checkout.json() as { sessionId: string };
  await payAndConfirm(app, sessionId, SHOPPER);
  return orderReference(sessionId);
}

async function mails(reference: string) {
  await outboxSettled(app);
  return (await outboxRows(app)).filter((m) => m.reference === reference);
}

async function saveSeller(): Promise<void> {
  const res = await owner('PATCH', '/api/admin/settings', { seller: SAVED }, 'seller-1');
  expect(res.statusCode).toBe(200);
  expect((res.json() as { settings: AllSettings }).settings.seller).toEqual(SAVED);
}

describe.each(ROUTE_DIALECTS)('the seller of the settings in e-mails, slips and the CSV on %s', (dialect) => {
  // The default transport writes each e-mail to the data directory, where outboxRows reads it back.
  const shop = shopSuite(
    () =>
      startTestApp(dialect, {
        ADMIN_TOKEN: TOKEN,
        RATE_LIMITS: 'off',
        SELLER_NAME: FIRST.name,
        SELLER_VAT_NUMBER: FIRST.vatNumber,
        OWNER_EMAIL: FIRST.ownerEmail,
      }),
    { each: true },
  );
  beforeEach(() => {
    app = shop.app;
  });

  it('a new rate: the old order keeps its VAT in its e-mail and the CSV; the new one’s VAT is what its payment settled', async () => {
    const old = await paidOrder();
    const [oldConfirmation, oldNotice] = await mails(old);
    expect(oldConfirmation).toMatchObject({ kind: ORDERS_MAIL_KINDS.customer, recipient: SHOPPER });
    expect(oldNotice).toMatchObject({ kind: ORDERS_MAIL_KINDS.owner, recipient: FIRST.ownerEmail });
    const stored = await app.platform.db.selectFrom('orders').selectAll().execute();
    expect(stored.map((r) => [r.reference, r.vat_rate_bp, r.vat_number])).toEqual([
      [old, 2300, FIRST.vatNumber],
    ]);
    const total = stored[0]?.total ?? 0;
    expect(oldConfirmation?.text_body).toContain(
      `${vatIncludedText(vatInside(total, 2300))} in the total, at 23% (VAT number ${FIRST.vatNumber}).`,
    );

    await saveSeller();
    const fresh = await paidOrder();
    const [confirmation, notice] = await mails(fresh);
    // The owner's notice goes to her order address; the shopper's e-mail names her and her contact address.
    expect(notice).toMatchObject({ kind: ORDERS_MAIL_KINDS.owner, recipient: SAVED.orderEmail });
    expect(confirmation?.recipient).toBe(SHOPPER);
    expect(confirmation?.text_body).toContain(`Questions? Write to ${SAVED.email}`);
    expect(confirmation?.text_body).toContain(`- To ${SAVED.name}, ${SAVED.address}, ${SAVED.email}:`);
    expect(confirmation?.text_body).not.toContain(FIRST.name);
    // The same total (prices include VAT); only the VAT in it follows the new rate.
    const rows = await app.platform.db.selectFrom('orders').selectAll().orderBy('created_at').execute();
    expect(rows.map((r) => [r.reference, r.total, r.vat_rate_bp, r.vat_number])).toEqual([
      [old, total, 2300, FIRST.vatNumber],
      // The rate setting no longer computes VAT: the payment settled the dated Irish rate (vat.md §20.1).
      [fresh, total, 2300, SAVED.vatNumber],
    ]);
    // The e-mail states the VAT the payment settled, at the dated Irish rate: the rate setting is no longer
    // what VAT is computed with (docs/product/vat.md §20.1); the order's row and the CSV still carry it.
    expect(confirmation?.text_body).toContain(
      `${vatIncludedText(vatInside(total, 2300))} in the total, at 23% (VAT number ${SAVED.vatNumber}).`,
    );

    // The old order's confirmation sent again: the seller now, its own VAT.
    const resent = await owner(
      'POST',
      `/api/admin/orders/${old}/resend`,
      { kind: 'confirmation' },
      'resend-1',
    );
    expect(resent.statusCode).toBe(202);
    const again = (await mails(old)).at(-1);
    expect(again?.kind).toMatch(/^order-confirmation:resend:/);
    expect(again?.text_body).toContain(
      `${vatIncludedText(vatInside(total, 2300))} in the total, at 23% (VAT number ${FIRST.vatNumber}).`,
    );
    expect(again?.text_body).toContain(`Who you are buying from\n  ${SAVED.name}\n  ${SAVED.address}`);

    // The desk's order and the shopper's page show each order's own VAT.
    const detail = await owner('GET', `/api/admin/orders/${old}`);
    expect(detail.json()).toMatchObject({ vatIncluded: vatInside(total, 2300) });
    const key = /\?key=([A-Za-z0-9_-]+)/.exec(oldConfirmation?.text_body ?? '')?.[1];
    const orderPage = await app.inject({
      method: 'POST',
      url: '/api/order-page',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { reference: old, key },
    });
    expect(orderPage.statusCode).toBe(200);
    expect(orderPage.json()).toMatchObject({ order: { vatIncluded: vatInside(total, 2300) } });

    // The packing slips' return address is the seller now.
    const slips = await owner('GET', `/api/admin/packing-slips?reference=${fresh}`);
    expect(slips.json()).toMatchObject({ returnAddress: { name: SAVED.name, address: SAVED.address } });

    // The CSV: one rate in the range (the new order's is the dated table's), in its header; each order's
    // VAT its own: the old one's at its stored rate, the new one's as its payment settled it.
    const today = irishDate(new Date());
    const csv = await owner('GET', `/api/admin/orders.csv?from=${today}&to=${today}`);
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body.split('\r\n').filter((l) => l !== '');
    const names = (header ?? '').replace(CSV_BOM, '').split(',');
    const vatAt = names.indexOf('VAT included at 23% (EUR)');
    expect(vatAt).toBeGreaterThan(0);
    const byReference = new Map(lines.map((l) => [l.split(',')[0], l.split(',')]));
    expect(byReference.get(old)?.[vatAt]).toBe((vatInside(total, 2300) / 100).toFixed(2));
    const settled = rows.find((r) => r.reference === fresh)?.vat_total ?? -1;
    expect(settled).toBeGreaterThan(0);
    expect(byReference.get(fresh)?.[vatAt]).toBe((settled / 100).toFixed(2));
  });

  it('names the zone as the owner calls it now, in the e-mails and on the order page', async () => {
    const current = (await owner('GET', '/api/admin/settings')).json() as { settings: AllSettings };
    const zones = current.settings.shipping.zones.map((z) =>
      z.id === 'IE' ? { ...z, name: 'Island of Ireland' } : z,
    );
    expect((await owner('PATCH', '/api/admin/settings', { shipping: { zones } }, 'zones-1')).statusCode).toBe(
      200,
    );
    const reference = await paidOrder();
    const [confirmation, notice] = await mails(reference);
    expect(confirmation?.text_body).toContain('Delivery (Island of Ireland)');
    expect(confirmation?.text_body).toContain('then delivery to Island of Ireland is expected');
    expect(notice?.text_body).toContain('Destination: Island of Ireland');
    const key = /\?key=([A-Za-z0-9_-]+)/.exec(confirmation?.text_body ?? '')?.[1];
    const page = await app.inject({
      method: 'POST',
      url: '/api/order-page',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { reference, key },
    });
    expect(page.json()).toMatchObject({ order: { zoneLabel: 'Island of Ireland' } });
  });

  it("an order stored before its VAT was kept reads as the first start's rate and number", async () => {
    const old = await paidOrder();
    await mails(old);
    // As 0034-order-vat leaves an older order.
    await app.platform.db.updateTable('orders').set({ vat_rate_bp: null, vat_number: null }).execute();
    await saveSeller();
    const today = irishDate(new Date());
    const csv = await owner('GET', `/api/admin/orders.csv?from=${today}&to=${today}`);
    const [header, line] = csv.body.split('\r\n');
    // One rate in the file: the header names it, as before.
    expect(header).toContain('VAT included at 23% (EUR)');
    const total = (await app.platform.db.selectFrom('orders').select('total').executeTakeFirstOrThrow())
      .total;
    expect(line).toContain(`,${(vatInside(total, 2300) / 100).toFixed(2)},`);
    const resent = await owner(
      'POST',
      `/api/admin/orders/${old}/resend`,
      { kind: 'confirmation' },
      'resend-2',
    );
    expect(resent.statusCode).toBe(202);
    expect((await mails(old)).at(-1)?.text_body).toContain(`at 23% (VAT number ${FIRST.vatNumber}).`);
  });

  it('new enquiries and campaign tests go to the order address saved, the acknowledgement names the contact one', async () => {
    await saveSeller();
    const enquiry = await app.inject({
      method: 'POST',
      url: '/api/enquiries',
      headers: { origin: TEST_PUBLIC_URL },
      payload: {
        name: 'Niamh Kelly',
        email: 'niamh@example.ie',
        pieces: 30,
        message: 'Thirty bracelets for the team, please.',
      },
    });
    expect(enquiry.statusCode).toBeLessThan(300);
    await outboxSettled(app);
    const sent = await outboxRows(app);
    const toOwner = sent.find((m) => m.recipient === SAVED.orderEmail);
    expect(toOwner?.kind).toMatch(/enquiry/);
    expect(sent.some((m) => m.recipient === FIRST.ownerEmail)).toBe(false);
    const ack = sent.find((m) => m.recipient === 'niamh@example.ie');
    expect(ack?.text_body).toContain(SAVED.email);

    const draft = await owner(
      'POST',
      '/api/admin/campaigns',
      { subject: 'New pieces', preview: 'Autumn', body: 'Hello', productIds: [] },
      'campaign-1',
    );
    expect(draft.statusCode).toBeLessThan(300);
    const { campaign } = draft.json() as { campaign: { id: string } };
    const test = await owner('POST', `/api/admin/campaigns/${campaign.id}/test`, {}, 'campaign-test-1');
    expect(test.statusCode).toBe(202);
    await outboxSettled(app);
    const tests = (await outboxRows(app)).filter((m) => m.kind === NEWSLETTER_MAIL_KINDS.campaignTest);
    expect(tests.map((m) => m.recipient)).toEqual([SAVED.orderEmail]);
  });
});

describe.each(ROUTE_DIALECTS)('who a Reply reaches, at the mail server, on %s', (dialect) => {
  const MAIL_FROM = 'shop@mail.aoife.example';
  let smtp: SmtpSink;

  // The mail server starts before the shop that sends to it and stops after it.
  const shop = shopSuite(
    async () => {
      smtp = await startSmtpSink();
      const started = await startTestApp(dialect, {
        ADMIN_TOKEN: TOKEN,
        RATE_LIMITS: 'off',
        OWNER_EMAIL: FIRST.ownerEmail,
        MAIL_FROM,
        SMTP_URL: smtp.url,
      });
      return { ...started, stop: () => started.stop().then(() => smtp.stop()) };
    },
    { each: true },
  );
  beforeEach(() => {
    app = shop.app;
  });

  it("a shopper's Reply reaches her contact address, her notice's Reply the customer; the sender stays MAIL_FROM", async () => {
    await saveSeller();
    await paidOrder();
    const signedUp = await app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { email: 'niamh@example.ie' },
    });
    expect(signedUp.statusCode).toBe(200);
    const messages = await smtp.waitFor(3);
    const to = (address: string) => messages.filter((m) => m.envelopeTo.includes(address));
    const replyTo = (m: ReceivedMail | undefined) => m?.parsed.replyTo?.value.map((v) => v.address);
    for (const m of messages) {
      expect(m.parsed.from?.value.map((v) => v.address)).toEqual([MAIL_FROM]);
      expect(m.envelopeFrom).toBe(MAIL_FROM);
    }
    expect(to(SHOPPER)).toHaveLength(1);
    expect(replyTo(to(SHOPPER)[0])).toEqual([SAVED.email]);
    expect(replyTo(to('niamh@example.ie')[0])).toEqual([SAVED.email]);
    expect(to(SAVED.orderEmail)).toHaveLength(1);
    expect(replyTo(to(SAVED.orderEmail)[0])).toEqual([SHOPPER]);
  });
});
