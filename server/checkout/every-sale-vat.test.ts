/**
 * Every sale settles its VAT and gets its invoice at payment (docs/product/vat.md §20.9), through the real
 * app on both databases: the owner's order marked paid, handed over on the spot, paid by a payment link on
 * the test checkout, exported, and a quote paid; each priced by the mode and the country it goes to, with
 * the next number of the one gapless sequence, on the order's row as on the invoice; nothing in mode
 * `none`; Great Britain refused by its field while the owner does not sell there.
 */
import { describe, expect, it } from 'vitest';
import { MANUAL_ORDER_MESSAGES } from '../../domain/orders/manual-order';
import { addDays, irishDate } from '../../domain/shared/calendar-date';
import { EXPORT_WORDING } from '../../domain/vat/invoice-text';
import { standardRate } from '../../domain/vat/rates';
import { type VatMode, vatInside } from '../../domain/vat/vat-breakdown';
import { shopSuite } from '../../tests/support/shop-suite';
import { outboxRows, PARIS, payAndConfirm } from '../../tests/support/test-app';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { startTestApp } from '../../tests/support/test-shop';
import { ORDERS_MAIL_KINDS } from '../orders';

const ADMIN_TOKEN = 'every-sale-vat-admin-token';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
const SELLER_VAT = 'IE1234567T';

/** Two Tawny Strand (product 3) at the fair's €30, one Fuchsia Hedgerow (5, €30), to Kilkenny: €90. */
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
  emailCustomer: true,
} as const;

/** One Tawny Strand (€35) to Lyon with gift wrap, paid by the customer through a link. */
const PHONE = {
  items: [{ id: '3', quantity: 1 }],
  customer: {
    name: 'Marie Dubois',
    email: 'marie@example.fr',
    address: { line1: '3 rue des Lilas', city: 'Lyon', postalCode: '69001', country: 'FR' },
  },
  zone: 'EU',
  giftWrap: true,
  payment: 'link',
} as const;

interface DeskVat {
  country: string;
  scheme: string;
  totalVat: number;
  lines: { rate: number; net: number; vat: number }[];
  invoiceNumber?: string;
}

describe.each(TEST_DIALECTS)('every sale’s VAT and invoice on %s', (dialect) => {
  const day = () => irishDate(new Date());
  const numbers: string[] = [];
  /** The next number of the year's one sequence (art. 226(2)): each test's invoices follow the last. */
  const nextNumber = () => `${day().slice(0, 4)}-${String(numbers.length + 1).padStart(6, '0')}`;

  const shop = shopSuite(() => startTestApp(dialect, { ADMIN_TOKEN, RATE_LIMITS: 'off' }), {
    timeoutMs: 60_000,
  });

  let submission = 0;
  function post(url: string, body: unknown) {
    submission += 1;
    return shop.app.inject({
      method: 'POST',
      url,
      headers: { ...auth, 'idempotency-key': `every-sale-${submission}` },
      payload: body as object,
    });
  }

  async function setMode(mode: VatMode, gb: 'no_sale' | 'uk_vat' = 'no_sale') {
    const vat = mode === 'none' ? { mode, gb } : { mode, vatNumber: SELLER_VAT, gb };
    const res = await shop.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: auth,
      payload: { vat },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** The order as the desk shows it, with its row's settled VAT and its stored invoice. */
  async function settled(reference: string) {
    const desk = await shop.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${reference}`,
      headers: auth,
    });
    expect(desk.statusCode).toBe(200);
    const row = await shop.app.platform.db
      .selectFrom('orders')
      .select(['vat_total', 'vat_rate_bp', 'total'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    const invoice = await shop.app.vat.store.invoiceOf(reference);
    return { vat: (desk.json() as { vat?: DeskVat }).vat, row, invoice };
  }

  function expectInvoiced(s: Awaited<ReturnType<typeof settled>>) {
    const number = nextNumber();
    expect(s.invoice?.number).toBe(number);
    expect(s.vat?.invoiceNumber).toBe(number);
    numbers.push(number);
    // The row states the invoice's VAT (the desk's "VAT included", the order page, the CSV, a resend).
    expect(s.row.vat_total).toBe(s.vat?.totalVat);
    expect(s.vat?.lines.reduce((sum, l) => sum + l.net + l.vat, 0)).toBe(s.row.total);
  }

  it('an order marked paid in mode ireland: Irish VAT per line, the invoice, and its link in the e-mail', async () => {
    await setMode('ireland');
    const res = await post('/api/admin/orders', FAIR);
    expect(res.statusCode, res.body).toBe(201);
    const { reference } = (res.json() as { order: { reference: string } }).order;
    const s = await settled(reference);
    const irish = standardRate('IE', day());
    expect(s.vat).toMatchObject({ country: 'IE', scheme: 'domestic' });
    expect(s.vat?.lines.map((l) => [l.rate, l.vat])).toEqual([
      [irish, vatInside(6000, irish)],
      [irish, vatInside(3000, irish)],
    ]);
    expect(s.row.vat_rate_bp).toBe(irish);
    expectInvoiced(s);
    const mail = (await outboxRows(shop.app)).find(
      (r) => r.kind === ORDERS_MAIL_KINDS.customer && r.reference === reference,
    );
    expect(mail?.text_body).toContain(`Your invoice ${s.invoice?.number} (PDF)`);
    expect(mail?.text_body).toMatch(
      new RegExp(`/api/orders/${reference}/invoice\\.pdf\\?key=[A-Za-z0-9_-]+`),
    );
  });

  it('a sale handed over at a fair in mode oss is supplied in Ireland: Irish VAT, invoiced', async () => {
    await setMode('oss');
    const res = await post('/api/admin/orders', {
      items: [{ id: '5', quantity: 1 }],
      zone: 'EU',
      payment: 'paid',
      method: 'card_reader',
      handedOver: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { reference } = (res.json() as { order: { reference: string } }).order;
    const s = await settled(reference);
    const irish = standardRate('IE', day());
    expect(s.vat).toMatchObject({ country: 'IE', scheme: 'domestic', totalVat: vatInside(3000, irish) });
    expectInvoiced(s);
  });

  it('a payment link paid in France in mode oss: French VAT on the piece and the wrap, invoiced at payment', async () => {
    await setMode('oss');
    const res = await post('/api/admin/orders', PHONE);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { order: { reference: string }; paymentUrl: string };
    const { reference } = created.order;
    // Nothing is invoiced before the money comes.
    expect(await shop.app.vat.store.invoiceOf(reference)).toBeNull();
    const sessionId = created.paymentUrl.split('/').at(-1) ?? '';
    await payAndConfirm(shop.app, sessionId, PHONE.customer.email, PHONE.customer.name, PARIS);
    const s = await settled(reference);
    const french = standardRate('FR', day());
    expect(s.vat).toMatchObject({ country: 'FR', scheme: 'oss' });
    expect(s.vat?.lines.every((l) => l.rate === french)).toBe(true);
    expectInvoiced(s);
    const mail = (await outboxRows(shop.app)).find(
      (r) => r.kind === ORDERS_MAIL_KINDS.customer && r.reference === reference,
    );
    expect(mail?.text_body).toContain('VAT of France charged under the Union One-Stop Shop scheme');
    expect(mail?.text_body).toContain(`Your invoice ${s.invoice?.number} (PDF)`);
  });

  it('an order to the United States: an export at 0%, invoiced, and the e-mail says so', async () => {
    await setMode('ireland');
    const res = await post('/api/admin/orders', {
      ...FAIR,
      items: [{ id: '5', quantity: 1 }],
      customer: {
        name: 'Ann Lee',
        email: 'ann@example.com',
        address: { line1: '1 Main Street', city: 'Boston', postalCode: '02108', country: 'US' },
      },
      zone: 'WORLD',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { reference } = (res.json() as { order: { reference: string } }).order;
    const s = await settled(reference);
    expect(s.vat).toMatchObject({ country: 'US', scheme: 'export', totalVat: 0 });
    expectInvoiced(s);
    const mail = (await outboxRows(shop.app)).find(
      (r) => r.kind === ORDERS_MAIL_KINDS.customer && r.reference === reference,
    );
    expect(mail?.text_body).toContain(`${EXPORT_WORDING}: no VAT is charged.`);
    expect(mail?.text_body).not.toContain('VAT included');
  });

  it('a quote paid: its discount spread over its lines, Irish VAT, invoiced like any order', async () => {
    await setMode('ireland');
    const made = await post('/api/admin/quotes', {
      email: 'buyer@acme.example',
      name: 'Acme Ltd',
      lines: [{ productId: '3', size: 'M', quantity: 30 }],
      discountPercent: 15,
      zone: 'IE',
      validUntil: addDays(day(), 7),
    });
    expect(made.statusCode, made.body).toBe(201);
    const quote = (made.json() as { quote: { reference: string; url: string; total: number } }).quote;
    const key = new URL(quote.url.replace('/#/', '/')).searchParams.get('key') ?? '';
    const opened = await shop.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.reference}/checkout`,
      payload: { key },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const { sessionId } = opened.json() as { sessionId: string };
    await payAndConfirm(shop.app, sessionId, 'buyer@acme.example', 'Niamh Kelly');
    const order = await shop.app.platform.db
      .selectFrom('orders')
      .select('reference')
      .where('quote_reference', '=', quote.reference)
      .executeTakeFirstOrThrow();
    const s = await settled(order.reference ?? '');
    const irish = standardRate('IE', day());
    // 30 x €35 less 15%: one line of €892.50 as paid, its VAT inside it.
    expect(s.vat).toMatchObject({ country: 'IE', scheme: 'domestic' });
    expect(s.vat?.lines.map((l) => [l.rate, l.net + l.vat, l.vat])).toEqual([
      [irish, quote.total, vatInside(quote.total, irish)],
    ]);
    expectInvoiced(s);
  });

  it('mode none: an order marked paid gets no invoice and keeps no VAT', async () => {
    await setMode('none');
    const res = await post('/api/admin/orders', FAIR);
    expect(res.statusCode, res.body).toBe(201);
    const { reference } = (res.json() as { order: { reference: string } }).order;
    const s = await settled(reference);
    expect(s.invoice).toBeNull();
    expect(s.vat).toMatchObject({ scheme: 'none', totalVat: 0 });
    expect(s.vat?.invoiceNumber).toBeUndefined();
    expect(s.row.vat_total).toBeNull();
  });

  it('refuses Great Britain by the address’s country while the owner does not sell there', async () => {
    await setMode('ireland', 'no_sale');
    const gb = {
      ...FAIR,
      customer: {
        name: 'Tom Hale',
        email: 'tom@example.co.uk',
        address: { line1: '1 High Street', city: 'Bath', postalCode: 'BA1 1AA', country: 'GB' },
      },
      zone: 'WORLD',
    };
    const refused = await post('/api/admin/orders', gb);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ ok: false, error: MANUAL_ORDER_MESSAGES.noSaleToGb });
    // A payment link to the world zone: its hosted checkout takes no address in Great Britain either.
    const link = await post('/api/admin/orders', {
      ...PHONE,
      customer: {
        name: 'Ann Lee',
        email: 'ann@example.com',
        address: { line1: '1 Main Street', city: 'Boston', postalCode: '02108', country: 'US' },
      },
      zone: 'WORLD',
    });
    expect(link.statusCode, link.body).toBe(201);
    const linked = link.json() as { order: { reference: string }; paymentUrl: string };
    await expect(
      payAndConfirm(shop.app, linked.paymentUrl.split('/').at(-1) ?? '', 'ann@example.com', 'Ann Lee', {
        line1: '1 High Street',
        city: 'Bath',
        postalCode: 'BA1 1AA',
        country: 'GB',
      }),
    ).rejects.toThrow('the test checkout refused the payment: 400');
    expect(await shop.app.vat.store.invoiceOf(linked.order.reference)).toBeNull();
    // With UK VAT she sells there: UK VAT at payment, invoiced.
    const ukVat = await shop.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: auth,
      payload: { vat: { mode: 'ireland', vatNumber: SELLER_VAT, gb: 'uk_vat', ukVatNumber: 'GB123456789' } },
    });
    expect(ukVat.statusCode, ukVat.body).toBe(200);
    const taken = await post('/api/admin/orders', gb);
    expect(taken.statusCode, taken.body).toBe(201);
    const s = await settled((taken.json() as { order: { reference: string } }).order.reference);
    expect(s.vat).toMatchObject({ country: 'GB', scheme: 'uk' });
    expectInvoiced(s);
  });
});
