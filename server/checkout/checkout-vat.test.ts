/**
 * The checkout's EU VAT through the real routes (docs/product/vat.md §20), on both databases: each VAT mode
 * on orders to Ireland, Germany, France, Hungary (27%) and the United States with shipping and gift wrap
 * (VAT per line, each line's net and VAT adding up to its price to the cent); Great Britain refused while
 * the owner does not sell there; a business buyer valid (the net charged, reverse charge), invalid (400 by
 * the field, nothing stored) and with VIES down (VAT charged, the shopper told, the order marked); an
 * invoice number at payment and a credit note at a refund, from their gapless sequences.
 */
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHECKOUT_VAT_ERRORS } from '../../domain/checkout/checkout';
import type { OrderDetail } from '../../domain/orders/admin-api';
import type { OrderPage } from '../../domain/orders/order-page';
import { irishDate } from '../../domain/shared/calendar-date';
import { escapeHtml } from '../../domain/shared/html';
import { INPUT_TEXT_ERRORS } from '../../domain/shared/input-text';
import { cents, formatEuro } from '../../domain/shared/money';
import type { VatCountry } from '../../domain/vat/countries';
import { EXPORT_WORDING, formatRate, REVERSE_CHARGE_WORDING } from '../../domain/vat/invoice-text';
import { standardRate } from '../../domain/vat/rates';
import { type VatMode, vatInside } from '../../domain/vat/vat-breakdown';
import { BUSINESS_VAT_MESSAGES } from '../../domain/vat/vat-number';
import { vatStatementText } from '../../domain/vat/vat-statement';
import { VIES_TEST_REGISTER_ENV } from '../../domain/vat/vies-test-register';
import { type FakeVies, startFakeVies } from '../../tests/support/fake-vies';
import * as giftCards from '../../tests/support/gift-card-fixture';
import {
  buildTestApp,
  type CardFormAddress,
  orderRows,
  outboxRows,
  payAndConfirm,
  TEST_PUBLIC_URL,
  tempDataDir,
} from '../../tests/support/test-app';
import {
  createTestDatabase,
  ROUTE_DIALECTS,
  TEST_DIALECTS,
  type TestDatabase,
} from '../../tests/support/test-database';
import { businessPurchaseText, ORDERS_MAIL_KINDS } from '../orders';

const ADMIN_TOKEN = 'checkout-vat-admin-token';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
const SELLER_VAT = 'IE1234567T';

const ADDRESSES: Readonly<Record<string, CardFormAddress>> = {
  IE: { line1: '4 Quay Street', city: 'Galway', postalCode: 'H91 AB12', country: 'IE' },
  DE: { line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
  FR: { line1: '4 Rue de la Paix', city: 'Paris', postalCode: '75002', country: 'FR' },
  HU: { line1: 'Andrássy út 1', city: 'Budapest', postalCode: '1061', country: 'HU' },
  US: { line1: '1 Main Street', city: 'Boston', postalCode: '02108', country: 'US' },
};
const ZONES: Readonly<Record<string, string>> = { IE: 'IE', DE: 'EU', FR: 'EU', HU: 'EU', US: 'WORLD' };

interface VatAnswer {
  country: string;
  lines: { rate: number; net: number; vat: number }[];
  totalNet: number;
  totalVat: number;
  scheme: string;
  invoiceNumber?: string;
  viesConsultation?: string;
  vatToRefund?: boolean;
}

interface Confirmed {
  status: string;
  reference: string;
  items: { lineTotal: number }[];
  shipping: number;
  giftWrap: number;
  discount: number;
  total: number;
  vat?: VatAnswer;
}

let vies: FakeVies;
beforeAll(async () => {
  vies = await startFakeVies({ DE123456789: { name: 'Vogel GmbH', address: 'Hauptstr. 1, Berlin' } });
});
afterAll(async () => {
  await vies.close();
});

async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe.each(TEST_DIALECTS)('the checkout with EU VAT on %s', (dialect) => {
  let data: ReturnType<typeof tempDataDir>;
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeEach(async () => {
    vies.mode = 'answer';
    data = tempDataDir();
    database = await createTestDatabase(dialect, data.dir, { migrated: true });
    app = await buildTestApp({
      DATA_DIR: data.dir,
      ADMIN_TOKEN,
      VIES_URL: vies.url,
      RATE_LIMITS: 'off',
      ...database.env,
    });
  });
  afterEach(async () => {
    await app.close();
    await database.remove();
    data.remove();
  });

  async function setMode(mode: VatMode) {
    const vat = mode === 'none' ? { mode, gb: 'no_sale' } : { mode, vatNumber: SELLER_VAT, gb: 'no_sale' };
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: auth,
      payload: { vat },
    });
    expect(res.statusCode).toBe(200);
  }

  async function checkout(body: Record<string, unknown>) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { email: 'greta@example.de', items: [{ id: '3', quantity: 1 }], giftWrap: true, ...body },
    });
    return {
      status: res.statusCode,
      body: res.json() as {
        ok: boolean;
        error?: string;
        field?: string;
        sessionId: string;
        total: number;
        vatNotice?: string;
      },
    };
  }

  /** Places, pays (to the country's address) and confirms an order; the confirm answer. */
  async function order(country: string, extra: Record<string, unknown> = {}): Promise<Confirmed> {
    const opened = await checkout({ zone: ZONES[country], country, ...extra });
    expect(opened.status, opened.body.error).toBe(200);
    const address = ADDRESSES[country];
    await payAndConfirm(app, opened.body.sessionId, 'greta@example.de', 'Greta Vogel', address);
    const res = await app.inject({
      method: 'POST',
      url: `/api/orders/${opened.body.sessionId}/confirm`,
      payload: {},
    });
    return res.json() as Confirmed;
  }

  /** The order's lines with VAT: the pieces, the shipping, the gift wrap. */
  const grossOf = (o: Confirmed) => [...o.items.map((i) => i.lineTotal), o.shipping, o.giftWrap];

  function expectAddsUp(o: Confirmed) {
    const vat = o.vat as VatAnswer;
    expect(vat.lines).toHaveLength(grossOf(o).length);
    expect(vat.totalNet).toBe(vat.lines.reduce((s, l) => s + l.net, 0));
    expect(vat.totalVat).toBe(vat.lines.reduce((s, l) => s + l.vat, 0));
    expect(vat.totalNet + vat.totalVat).toBe(o.total);
  }

  const day = () => irishDate(new Date());

  it('each mode prices the VAT inside each line by where the order goes; prices never change', async () => {
    const expected: Record<VatMode, Record<string, { scheme: string; rate: number }>> = {
      none: {
        IE: { scheme: 'none', rate: 0 },
        DE: { scheme: 'none', rate: 0 },
        FR: { scheme: 'none', rate: 0 },
        HU: { scheme: 'none', rate: 0 },
        US: { scheme: 'none', rate: 0 },
      },
      ireland: {
        IE: { scheme: 'domestic', rate: 2300 },
        DE: { scheme: 'domestic', rate: 2300 },
        FR: { scheme: 'domestic', rate: 2300 },
        HU: { scheme: 'domestic', rate: 2300 },
        US: { scheme: 'export', rate: 0 },
      },
      oss: {
        IE: { scheme: 'domestic', rate: 2300 },
        DE: { scheme: 'oss', rate: 1900 },
        FR: { scheme: 'oss', rate: 2000 },
        HU: { scheme: 'oss', rate: 2700 },
        US: { scheme: 'export', rate: 0 },
      },
    };
    const invoices: string[] = [];
    const totals = new Map<string, number>();
    for (const mode of ['none', 'ireland', 'oss'] as const) {
      await setMode(mode);
      for (const [country, want] of Object.entries(expected[mode])) {
        const o = await order(country);
        expect(o.status).toBe('paid');
        expect(o.shipping).toBeGreaterThan(0);
        expect(o.giftWrap).toBeGreaterThan(0);
        // The same price in every mode: only the VAT inside it moves.
        const before = totals.get(country);
        if (before !== undefined) expect(o.total).toBe(before);
        totals.set(country, o.total);
        const vat = o.vat as VatAnswer;
        expect(vat).toMatchObject({ country, scheme: want.scheme });
        if (want.scheme === 'oss') expect(want.rate).toBe(standardRate(country as VatCountry, day()));
        grossOf(o).forEach((gross, i) => {
          expect(vat.lines[i]).toEqual({
            rate: want.rate,
            vat: vatInside(gross, want.rate),
            net: gross - vatInside(gross, want.rate),
          });
        });
        expectAddsUp(o);
        if (mode === 'none') expect(vat.invoiceNumber).toBeUndefined();
        else invoices.push(vat.invoiceNumber as string);
      }
    }
    // One gapless sequence of the year: 10 registered sales, numbers 1 to 10.
    const year = day().slice(0, 4);
    expect(invoices).toEqual(
      Array.from({ length: 10 }, (_, i) => `${year}-${String(i + 1).padStart(6, '0')}`),
    );
    // The owner's desk carries the same VAT.
    const last = await order('HU');
    const desk = await app.inject({
      method: 'GET',
      url: `/api/admin/orders/${last.reference}`,
      headers: auth,
    });
    expect(desk.statusCode).toBe(200);
    expect((desk.json() as { vat: VatAnswer }).vat).toEqual(last.vat);
    // Its "VAT included" is the invoice's, not the seller's flat rate's share.
    expect((desk.json() as { vatIncluded: number }).vatIncluded).toBe(last.vat?.totalVat);
  });

  const card = { amount: 5000, recipientName: 'Niamh', recipientEmail: 'niamh@example.ie' };

  it('a gift card bought with bracelets by a German consumer in OSS: VAT on the bracelets, shipping and wrap only', async () => {
    await setMode('oss');
    const without = await order('DE');
    const o = await order('DE', { giftCards: [card] });
    expect(o.status).toBe('paid');
    // The card is its face value on top of the same bracelets, shipping and wrap.
    expect(o.total).toBe(without.total + card.amount);
    const vat = o.vat as VatAnswer;
    expect(vat).toMatchObject({ country: 'DE', scheme: 'oss' });
    const rate = standardRate('DE', day());
    // Three lines, the card none of them: the pieces, the shipping, the gift wrap, each at Germany's rate.
    expect(vat.lines).toHaveLength(grossOf(o).length);
    grossOf(o).forEach((gross, i) => {
      expect(vat.lines[i]).toEqual({
        rate,
        vat: vatInside(gross, rate),
        net: gross - vatInside(gross, rate),
      });
    });
    expect(vat.totalNet + vat.totalVat).toBe(o.total - card.amount);
    expect(vat.totalVat).toBe((without.vat as VatAnswer).totalVat);
    // The confirmation carries both: the invoice issued and the card bought.
    const mail = (await outboxRows(app)).find(
      (r) => r.kind === ORDERS_MAIL_KINDS.customer && r.reference === o.reference,
    );
    expect(mail?.text_body).toContain(vat.invoiceNumber as string);
    // The card is a line of the order, above the totals that count it.
    expect(mail?.text_body).toMatch(/Gift card ••••\w{4} \(e-mailed to its recipient on [^)]+\) +€50\.00\n/);
    // The VAT as settled: Germany's rate and amount under the Union scheme, not the seller's Irish rate.
    expect(mail?.text_body).toContain(
      `${formatEuro(cents(vat.totalVat))} VAT included in the total, at ${formatRate(rate)} (VAT number IE1234567T).`,
    );
    expect(mail?.text_body).toContain('under the Union One-Stop Shop scheme');
    // Refunded in full: the credit note credits the invoice (the bracelets, shipping and wrap), the card's
    // face value carries no VAT to credit.
    const refund = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${o.reference}/refund`,
      headers: { ...auth, 'idempotency-key': 'vat-gift-card-refund' },
      payload: {},
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const notes = await app.platform.db
      .selectFrom('vat_credit_notes')
      .selectAll()
      .where('order_reference', '=', o.reference)
      .execute();
    expect(notes.map((n) => Number(n.total_net) + Number(n.total_vat))).toEqual([o.total - card.amount]);
  });

  it('stores a checkout with its VAT and a card bought as one atomic write, with the other checkouts of its turn', async () => {
    await setMode('oss');
    // A transaction of its own per checkout was what made the checkout miss its bench:api budget: each
    // one a commit, where group commit (server/db/group-commit.ts) stores a turn's checkouts in one.
    const db = app.platform.db;
    let transactions = 0;
    const transaction = db.transaction.bind(db);
    db.transaction = () => {
      transactions += 1;
      return transaction();
    };
    const opened = await Promise.all(
      [0, 1, 2].map(() => checkout({ zone: 'EU', country: 'DE', giftCards: [card] })),
    );
    db.transaction = transaction;
    for (const o of opened) expect(o.status, o.body.error).toBe(200);
    expect(transactions).toBe(0);
    const orders = await db
      .selectFrom('orders')
      .innerJoin('order_vat', 'order_vat.order_id', 'orders.id')
      .innerJoin('order_gift_cards', 'order_gift_cards.order_id', 'orders.id')
      .select(['orders.session_id', 'order_vat.country', 'order_gift_cards.amount'])
      .execute();
    expect(orders.map((o) => [o.session_id, o.country, o.amount]).sort()).toEqual(
      opened.map((o) => [o.body.sessionId, 'DE', card.amount]).sort(),
    );
  });

  it('a German business pays the bracelets, shipping and wrap net and a gift card at its face value', async () => {
    await setMode('oss');
    const business = { name: 'Vogel GmbH', vatNumber: 'DE123456789' };
    const without = await order('DE', { business });
    const o = await order('DE', { business, giftCards: [card] });
    expect(o.vat).toMatchObject({ scheme: 'intra_community', totalVat: 0 });
    expect(o.total).toBe(without.total + card.amount);
    expect((o.vat as VatAnswer).totalNet).toBe(without.total);
  });

  it('refuses Great Britain by its field while the owner does not sell there', async () => {
    const refused = await checkout({ zone: 'WORLD', country: 'GB' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: CHECKOUT_VAT_ERRORS.noSaleToGb, field: 'country' });
    expect(await orderRows(app)).toHaveLength(0);
  });

  it('charges a valid German business the net price, with the VIES consultation on the order', async () => {
    await setMode('oss');
    const consumer = await order('DE');
    const opened = await checkout({
      zone: 'EU',
      country: 'DE',
      business: { name: 'Vogel GmbH', vatNumber: 'DE 123 456 789' },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const irish = standardRate('IE', day());
    const net = grossOf(consumer).reduce((sum, g) => sum + g - vatInside(g, irish), 0);
    expect(opened.body.total).toBe(net);
    expect(opened.body.total).toBeLessThan(consumer.total);
    expect(vies.requests.at(-1)).toMatchObject({
      countryCode: 'DE',
      vatNumber: '123456789',
      requesterMemberStateCode: 'IE',
      requesterNumber: '1234567T',
    });
    await payAndConfirm(app, opened.body.sessionId, 'greta@example.de', 'Greta Vogel', ADDRESSES.DE);
    const res = await app.inject({
      method: 'POST',
      url: `/api/orders/${opened.body.sessionId}/confirm`,
      payload: {},
    });
    const o = res.json() as Confirmed;
    expect(o.total).toBe(net);
    expect(o.vat).toMatchObject({ country: 'DE', scheme: 'intra_community', totalVat: 0, totalNet: net });
    expect(o.vat?.viesConsultation).toEqual(expect.any(String));
    expect(o.vat?.lines.every((l) => l.rate === 0 && l.vat === 0)).toBe(true);
    expectAddsUp(o);
    const mail = (await outboxRows(app)).find(
      (r) => r.kind === ORDERS_MAIL_KINDS.customer && r.reference === o.reference,
    );
    expect(mail?.text_body).toContain(`${REVERSE_CHARGE_WORDING}: no VAT is charged.`);
    expect(mail?.text_body).not.toContain('VAT included');
    // The VAT not charged is the reverse charge's line everywhere, never the early-bird tier's.
    const onPieces = (o as { discount: number }).discount;
    expect(onPieces).toBeGreaterThan(0);
    expect(mail?.text_body).toContain(`VAT (reverse charge): -${formatEuro(cents(onPieces))}`);
    expect(mail?.text_body).not.toContain('Early bird');
    expect((o as { discountLabel?: string }).discountLabel).toBe('VAT (reverse charge)');
    const desk = await app.inject({ method: 'GET', url: `/api/admin/orders/${o.reference}`, headers: auth });
    expect(desk.json()).toMatchObject({ vatIncluded: 0, vatNotCharged: onPieces });
    const invoice = await app.vat.store.invoiceOf(o.reference);
    expect(invoice?.buyer).toEqual({
      name: 'Vogel GmbH',
      address: expect.stringContaining('Berlin'),
      vatNumber: 'DE123456789',
    });
    // The business's own order page (with the e-mail's key): the reverse charge's line, and its invoice.
    const key = new RegExp(`/#/order/${o.reference}\\?key=([A-Za-z0-9_-]+)`).exec(mail?.text_body ?? '')?.[1];
    expect(key).toEqual(expect.any(String));
    const page = await app.inject({
      method: 'POST',
      url: '/api/order-page',
      payload: { reference: o.reference, key },
    });
    expect(page.statusCode).toBe(200);
    expect((page.json() as { order: unknown }).order).toMatchObject({
      discount: onPieces,
      discountLabel: 'VAT (reverse charge)',
      total: net,
    });
    const links = await app.inject({
      method: 'POST',
      url: '/api/order-page/invoices',
      payload: { reference: o.reference, key },
    });
    expect(links.json()).toEqual({
      ok: true,
      invoice: {
        number: invoice?.number,
        url: `/api/orders/${o.reference}/invoice.pdf?key=${key}`,
      },
      creditNotes: [],
    });
  });

  it('a valid German number on goods delivered in Ireland pays Irish VAT: no exemption, no VIES line', async () => {
    await setMode('oss');
    const consumer = await order('IE');
    const o = await order('IE', { business: { name: 'Vogel GmbH', vatNumber: 'DE123456789' } });
    // Goods that stay in Ireland are a domestic supply (art. 138 needs them to leave): the full price.
    expect(o.total).toBe(consumer.total);
    expect(o.vat).toMatchObject({ country: 'IE', scheme: 'domestic', totalVat: consumer.vat?.totalVat });
    expectAddsUp(o);
    const mail = (await outboxRows(app)).find(
      (r) => r.kind === ORDERS_MAIL_KINDS.customer && r.reference === o.reference,
    );
    expect(mail?.text_body).not.toContain(REVERSE_CHARGE_WORDING);
    const [year, month] = day().split('-').map(Number);
    const quarter = `${year}-Q${Math.ceil((month ?? 1) / 3)}`;
    const statement = await app.inject({
      method: 'GET',
      url: `/api/admin/vat/vies?quarter=${quarter}`,
      headers: auth,
    });
    expect(statement.json()).toMatchObject({ rows: [], totals: { value: 0 } });
  });

  it('refuses a business name with a bidi override or a control character by business.name (it goes on the invoice)', async () => {
    await setMode('oss');
    for (const name of ['Vogel \u202eHbmG', 'Vogel\u0007 GmbH', 'Vogel\u2066 GmbH', 'Vogel\nGmbH']) {
      const refused = await checkout({
        zone: 'EU',
        country: 'DE',
        business: { name, vatNumber: 'DE123456789' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: `business.name: ${INPUT_TEXT_ERRORS.singleLine}` });
    }
    expect(await orderRows(app)).toHaveLength(0);
  });

  it('refuses a number VIES does not know by business.vatNumber, and stores nothing', async () => {
    await setMode('oss');
    for (const [vatNumber, message] of [
      ['DE999999999', BUSINESS_VAT_MESSAGES.invalid],
      ['12345', BUSINESS_VAT_MESSAGES.format],
    ] as const) {
      const refused = await checkout({
        zone: 'EU',
        country: 'DE',
        business: { name: 'Vogel GmbH', vatNumber },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: message, field: 'business.vatNumber' });
    }
    expect(await orderRows(app)).toHaveLength(0);
  });

  it('charges VAT when VIES does not answer, tells the shopper why and marks the order', async () => {
    await setMode('oss');
    vies.mode = 'fail';
    const opened = await checkout({
      zone: 'EU',
      country: 'DE',
      business: { name: 'Vogel GmbH', vatNumber: 'DE123456789' },
    });
    expect(opened.status).toBe(200);
    expect(opened.body.vatNotice).toBe(BUSINESS_VAT_MESSAGES.unavailable);
    await payAndConfirm(app, opened.body.sessionId, 'greta@example.de', 'Greta Vogel', ADDRESSES.DE);
    const res = await app.inject({
      method: 'POST',
      url: `/api/orders/${opened.body.sessionId}/confirm`,
      payload: {},
    });
    const o = res.json() as Confirmed;
    expect(o.vat).toMatchObject({ scheme: 'oss', vatToRefund: true });
    expect(o.total).toBe(opened.body.total);
    expectAddsUp(o);
  });

  it('a confirmation sent again, the order page and the desk state the VAT in the first one’s words: export, reverse charge, not registered, charged', async () => {
    const vatSentence = (text: string | undefined) => /Prices and VAT\n {2}(.+)\n/.exec(text ?? '')?.[1];
    /** The order's first confirmation and the one the desk sends again, as text and HTML. */
    async function firstAndResent(reference: string) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin/orders/${reference}/resend`,
        headers: { ...auth, 'idempotency-key': `resend-${reference}` },
        payload: { kind: 'confirmation' },
      });
      expect(res.statusCode, res.body).toBe(202);
      const mails = (await outboxRows(app)).filter((r) => r.reference === reference);
      const first = mails.find((r) => r.kind === ORDERS_MAIL_KINDS.customer);
      const resent = mails.find((r) => r.kind.startsWith(`${ORDERS_MAIL_KINDS.customer}:resend:`));
      const sentence = vatSentence(first?.text_body);
      expect(sentence).toEqual(expect.any(String));
      expect(vatSentence(resent?.text_body)).toBe(sentence);
      expect(resent?.html_body).toContain(escapeHtml(sentence ?? ''));
      // The shopper's order page (with the e-mail's key) and the desk's order state it in the same words.
      const key = new RegExp(`/#/order/${reference}\\?key=([A-Za-z0-9_-]+)`).exec(
        first?.text_body ?? '',
      )?.[1];
      const page = await app.inject({ method: 'POST', url: '/api/order-page', payload: { reference, key } });
      expect(page.statusCode, page.body).toBe(200);
      const pageStatement = (page.json() as { order: OrderPage }).order.vatStatement;
      expect(pageStatement && vatStatementText(pageStatement)).toBe(sentence);
      const desk = await app.inject({ method: 'GET', url: `/api/admin/orders/${reference}`, headers: auth });
      const deskStatement = (desk.json() as OrderDetail).vatStatement;
      expect(deskStatement && vatStatementText(deskStatement)).toBe(sentence);
      // An action's answer replaces the desk's order: it states the same, not "€0.00 VAT included".
      const noted = await app.inject({
        method: 'POST',
        url: `/api/admin/orders/${reference}/notes`,
        headers: { ...auth, 'idempotency-key': `note-${reference}` },
        payload: { text: 'Gift box' },
      });
      expect(noted.statusCode, noted.body).toBe(200);
      const notedStatement = (noted.json() as { order: OrderDetail }).order.vatStatement;
      expect(notedStatement && vatStatementText(notedStatement)).toBe(sentence);
      return { sentence, resent: resent?.text_body ?? '' };
    }

    // An export at 0%: the export's wording, never "€0.00 VAT included ... at 0%".
    await setMode('ireland');
    const exported = await order('US');
    const e = await firstAndResent(exported.reference);
    expect(e.sentence).toBe(`${EXPORT_WORDING}: no VAT is charged.`);
    expect(e.resent).not.toContain('VAT included');
    expect(e.resent).toContain(`Your invoice ${exported.vat?.invoiceNumber} (PDF)`);
    expect(e.resent).toMatch(
      new RegExp(`/api/orders/${exported.reference}/invoice\\.pdf\\?key=[A-Za-z0-9_-]+`),
    );

    // A German business, reverse charged.
    await setMode('oss');
    const opened = await checkout({
      zone: 'EU',
      country: 'DE',
      business: { name: 'Vogel GmbH', vatNumber: 'DE123456789' },
    });
    expect(opened.status, opened.body.error).toBe(200);
    await payAndConfirm(app, opened.body.sessionId, 'greta@example.de', 'Greta Vogel', ADDRESSES.DE);
    const [business] = (await orderRows(app)).filter((r) => r.session_id === opened.body.sessionId);
    const b = await firstAndResent(business?.reference ?? '');
    expect(b.sentence).toBe(`${REVERSE_CHARGE_WORDING}: no VAT is charged.`);
    // A business is no consumer: no 14-day right to cancel nor its model form, first or resent.
    const firstMail = (await outboxRows(app)).find(
      (r) => r.kind === ORDERS_MAIL_KINDS.customer && r.reference === business?.reference,
    );
    expect(firstMail?.html_body).toContain(escapeHtml(businessPurchaseText('Vogel GmbH')));
    expect(firstMail?.text_body).toContain(businessPurchaseText('Vogel GmbH'));
    expect(b.resent).toContain(businessPurchaseText('Vogel GmbH'));
    for (const body of [firstMail?.text_body ?? '', firstMail?.html_body ?? '', b.resent]) {
      expect(body).not.toContain('Model withdrawal form');
      expect(body).not.toContain('You have the right to cancel');
    }
    expect(e.resent).toContain('Model withdrawal form');

    // Not registered (after a registered mode: the seller's number is no VAT charged).
    await setMode('none');
    const irish = await order('IE');
    const n = await firstAndResent(irish.reference);
    expect(n.sentence).toMatch(/is not registered for VAT: no VAT is charged on this order\.$/);
    expect(n.resent).not.toContain('Your invoice');

    // VAT charged: the amount and its rate inside the total, with the seller's number.
    await setMode('ireland');
    const domestic = await order('IE');
    const d = await firstAndResent(domestic.reference);
    expect(d.sentence).toBe(
      `${formatEuro(cents(domestic.vat?.totalVat ?? 0))} VAT included in the total, at ${formatRate(standardRate('IE', day()))} (VAT number ${SELLER_VAT}).`,
    );
  });

  it('an EU business in another member state pays partly by gift card: 0% reverse charge, the card paying after the tax', async () => {
    await setMode('oss');
    const consumer = await order('DE');
    const issuedCard = await giftCards.issued(
      app,
      await app.inject({
        method: 'POST',
        url: '/api/admin/gift-cards',
        headers: { ...auth, origin: TEST_PUBLIC_URL },
        payload: giftCards.goodwill(2000),
      }),
    );
    const opened = await checkout({
      zone: 'EU',
      country: 'DE',
      business: { name: 'Vogel GmbH', vatNumber: 'DE 123 456 789' },
      giftCardCodes: [issuedCard.code],
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    // Goods leaving Ireland for a German business: each line its price less the Irish VAT inside it.
    const irish = standardRate('IE', day());
    const net = grossOf(consumer).reduce((sum, g) => sum + g - vatInside(g, irish), 0);
    expect(opened.body.total).toBe(net);
    await payAndConfirm(app, opened.body.sessionId, 'greta@example.de', 'Greta Vogel', ADDRESSES.DE);
    const res = await app.inject({
      method: 'POST',
      url: `/api/orders/${opened.body.sessionId}/confirm`,
      payload: {},
    });
    const o = res.json() as Confirmed & { payments: { method: string; amount: number }[] };
    // Paid: the test checkout took exactly the net less the card's part (confirm checks the amount).
    expect(o.status).toBe('paid');
    expect(o.total).toBe(net);
    expect(o.vat).toMatchObject({ country: 'DE', scheme: 'intra_community', totalVat: 0, totalNet: net });
    expectAddsUp(o);
    expect(o.payments).toEqual([
      { method: 'card', amount: net - 2000 },
      { method: 'gift_card', amount: 2000, last4: issuedCard.card.last4 },
    ]);
    // The invoice states what was charged, line by line, at 0%: the card is a payment, not a discount.
    const invoice = await app.vat.store.invoiceOf(o.reference);
    expect(invoice?.lines.reduce((sum, l) => sum + l.net + l.vat, 0)).toBe(net);
    expect(invoice?.lines.every((l) => l.rate === 0 && l.vat === 0)).toBe(true);
    const card = await app.inject({
      method: 'GET',
      url: `/api/admin/gift-cards/${issuedCard.card.id}`,
      headers: auth,
    });
    expect((card.json() as { giftCard: { balance: number } }).giftCard.balance).toBe(0);
  });

  it('links the invoice PDF from the confirmation e-mail, and issues a credit note for a refund', async () => {
    await setMode('ireland');
    const o = await order('IE');
    const mail = (await outboxRows(app)).find(
      (r) => r.kind === ORDERS_MAIL_KINDS.customer && r.reference === o.reference,
    );
    const link = new RegExp(
      `${TEST_PUBLIC_URL}(/api/orders/${o.reference}/invoice\\.pdf\\?key=[A-Za-z0-9_-]+)`,
    ).exec(mail?.text_body ?? '');
    expect(mail?.text_body).toContain(`Your invoice ${o.vat?.invoiceNumber} (PDF)`);
    const pdf = await app.inject({ method: 'GET', url: link?.[1] ?? '/missing' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const refund = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${o.reference}/refund`,
      headers: { ...auth, 'idempotency-key': 'vat-refund-1' },
      payload: { amount: 1000, reason: 'Clasp colour changed' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const notes = await app.platform.db.selectFrom('vat_credit_notes').selectAll().execute();
    expect(notes.map((n) => [n.order_reference, n.invoice_number, n.number])).toEqual([
      [o.reference, o.vat?.invoiceNumber, `CN-${day().slice(0, 4)}-000001`],
    ]);
    // The desk's order lists it with why, and the owner downloads it: the reason and the goods it credits.
    const number = `CN-${day().slice(0, 4)}-000001`;
    const desk = await app.inject({ method: 'GET', url: `/api/admin/orders/${o.reference}`, headers: auth });
    expect((desk.json() as OrderDetail).vat?.creditNotes).toEqual([
      { number, issuedAt: expect.any(String), reason: 'Clasp colour changed', total: 1000 },
    ]);
    const note = await app.inject({
      method: 'GET',
      url: `/api/admin/orders/${o.reference}/credit-notes/${number}.pdf`,
      headers: auth,
    });
    expect(note.statusCode).toBe(200);
    const text = await pdfText(note.rawPayload);
    expect(text).toContain('Reason: Clasp colour changed');
    expect(text).toMatch(/Beaded bracelet: .+, size [SML] \(part of its price\)/);
    expect(text).toContain('Total refunded: €10.00');
  });
});

describe.each(ROUTE_DIALECTS)('TEST MODE with no VIES_URL on %s', (dialect) => {
  it('checks business numbers against the built-in test register, and the storefront is told', async () => {
    const data = tempDataDir();
    const database = await createTestDatabase(dialect, data.dir, { migrated: true });
    const app = await buildTestApp({ DATA_DIR: data.dir, ADMIN_TOKEN, RATE_LIMITS: 'off', ...database.env });
    try {
      const saved = await app.inject({
        method: 'PATCH',
        url: '/api/admin/settings',
        headers: auth,
        payload: { vat: { mode: 'oss', vatNumber: SELLER_VAT, gb: 'no_sale' } },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const checkout = (vatNumber: string) =>
        app.inject({
          method: 'POST',
          url: '/api/checkout',
          payload: {
            email: 'greta@example.de',
            items: [{ id: '3', quantity: 1 }],
            zone: 'EU',
            country: 'DE',
            business: { name: 'Testhandel GmbH', vatNumber },
          },
        });
      const consumer = await app.inject({
        method: 'POST',
        url: '/api/checkout',
        payload: { email: 'greta@example.de', items: [{ id: '3', quantity: 1 }], zone: 'EU', country: 'DE' },
      });
      const valid = await checkout('DE123456789');
      expect(valid.statusCode, valid.body).toBe(200);
      expect(valid.json()).not.toHaveProperty('vatNotice');
      // The reverse charge: less than a consumer pays.
      expect((valid.json() as { total: number }).total).toBeLessThan(
        (consumer.json() as { total: number }).total,
      );
      const unknown = await checkout('DE999999999');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ field: 'business.vatNumber' });
      const env = await app.inject({ method: 'GET', url: '/runtime-env.js' });
      expect(env.body).toContain(`"${VIES_TEST_REGISTER_ENV}":"true"`);
    } finally {
      await app.close();
      await database.remove();
      data.remove();
    }
  });
});
