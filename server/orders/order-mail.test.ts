import { describe, expect, it } from 'vitest';
import { orderReference } from '../../domain/checkout/checkout';
import { GIFT_WRAP_PRICE, SHIPPING_ZONES } from '../../domain/config';
import { parseIsoDate } from '../../domain/shared/calendar-date';
import { escapeHtml } from '../mail/layout';
import {
  BUSINESS_PURCHASE_HEADING,
  businessPurchaseText,
  customerConfirmation,
  type LegalMailFacts,
  orderLinkMail,
  ownerNotification,
  withdrawalAcknowledgement,
  withdrawalOwnerNotice,
} from './order-mail';
import type { StoredOrder } from './order-store';

const SESSION = 'cs_test_a1b2c3d4e5f6g7h8i9';

function order(overrides: Partial<StoredOrder> = {}): StoredOrder {
  return {
    id: 'ord_test',
    provider: 'stripe',
    sessionId: SESSION,
    reference: orderReference(SESSION),
    status: 'paid',
    email: 'shopper@example.ie',
    zone: 'IE',
    currency: 'eur',
    subtotal: 7500,
    shipping: 0,
    giftWrap: GIFT_WRAP_PRICE,
    vatRateBp: null,
    vatNumber: null,
    giftMessage: null,
    total: 7500 + GIFT_WRAP_PRICE,
    discount: 0,
    discountCode: null,
    itemCount: 2,
    shippingDetails: {
      name: 'Róisín <script>alert(1)</script>',
      address: {
        line1: '1 Main St',
        line2: null,
        city: 'Cork',
        state: null,
        postalCode: 'T12 X1Y2',
        country: 'IE',
      },
    },
    createdAt: '2026-11-20T10:00:00.000Z',
    paidAt: '2026-11-20T10:05:00.000Z',
    orderKey: 'k'.repeat(32),
    dispatchDate: null,
    lines: [
      { id: '1', name: 'First Light', size: 'L', unitPrice: 4000, quantity: 1, lineTotal: 4000 },
      { id: '9', name: 'Sea & Stone', size: 'M', unitPrice: 3500, quantity: 1, lineTotal: 3500 },
    ],
    ...overrides,
  };
}

const PAGE_URL = `http://shop.test/#/order/SOL-A1B2C3D4?key=${'k'.repeat(32)}`;
const LEGAL: LegalMailFacts = {
  sellerName: 'Aoife Nic Giolla, trading as Solas',
  sellerAddress: '3 Shop Street, Galway, Co. Galway, Ireland',
  vatNumber: null,
  vatRate: 23,
  termsUrl: 'http://shop.test/terms-conditions',
};

const ctx = (o: StoredOrder, legal: LegalMailFacts = LEGAL, orderPageUrl: string | null = PAGE_URL) => ({
  order: o,
  reference: orderReference(SESSION),
  contactEmail: 'hello@solas.example',
  legal,
  orderPageUrl,
  // The first start's names: what the owner's settings call the zones until she renames one.
  zoneName: SHIPPING_ZONES[o.zone].label,
});

const ownerCtx = (o: StoredOrder) => ({ ...ctx(o), deskUrl: 'http://shop.test/admin#/orders/SOL-A1B2C3D4' });

describe('order e-mails', () => {
  it('tells the shopper everything about the order in text and HTML', () => {
    const mail = customerConfirmation(ctx(order()));
    expect(mail.subject).toBe('Your Solas order SOL-A1B2C3D4 is confirmed');
    for (const part of [
      'SOL-A1B2C3D4',
      '1 x First Light (Large) (€40.00 each)  €40.00',
      '1 x Sea & Stone (Medium) (€35.00 each)  €35.00',
      'Delivery (Ireland): Free',
      'Gift wrap: €3.50',
      'Total paid: €78.50',
      'T12 X1Y2',
      'Ireland',
      '2-3 business days',
      SHIPPING_ZONES.IE.deliveryDays.join('-'),
      'hello@solas.example',
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toContain('Total paid');
    expect(mail.html).toContain('€78.50');
  });

  it('gives both the dispatch date stored at payment and the delivery window from it, as dates', () => {
    const dated = order({ dispatchDate: parseIsoDate('2026-11-26'), zone: 'EU', shipping: 995 });
    const sentence =
      'Every piece is made to order: dispatched by Thursday 26 November, then delivery to EU is expected Thursday 3 December to Thursday 10 December.';
    const customer = customerConfirmation(ctx(dated));
    const owner = ownerNotification(ownerCtx(dated));
    for (const mail of [customer, owner]) {
      expect(mail.text).toContain(sentence);
      expect(mail.html).toContain(sentence);
      expect(mail.text).not.toContain('business days');
    }
    expect(owner.text).toContain('Dispatch by: Thursday 26 November (2026-11-26)');
    // Orders paid before dates were stored keep what they were promised.
    expect(ownerNotification(ownerCtx(order())).text).not.toContain('Dispatch by:');
  });

  it('escapes every value that reaches the HTML', () => {
    const mail = customerConfirmation(ctx(order()));
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Róisín &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Sea &amp; Stone');
    expect(escapeHtml(`"'<>&`)).toBe('&quot;&#39;&lt;&gt;&amp;');
  });

  it('links the owner to the order in the desk, gives the paid time in Irish time and no internal id', () => {
    const summer = order({ paidAt: '2026-07-20T13:05:00.000Z' });
    const mail = ownerNotification(ownerCtx(summer));
    const deskUrl = 'http://shop.test/admin#/orders/SOL-A1B2C3D4';
    expect(mail.text).toContain(`Open it in the order desk: ${deskUrl}`);
    expect(mail.html).toContain(`href="${escapeHtml(deskUrl)}"`);
    expect(mail.text).toContain('Paid: Monday 20 July 2026 at 14:05 (Irish time)');
    expect(ownerNotification(ownerCtx(order())).text).toContain(
      'Paid: Friday 20 November 2026 at 10:05 (Irish time)',
    );
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toContain('ord_test');
      expect(body).not.toContain('Internal order id');
    }
  });

  it('gives the owner the customer e-mail and the delivery facts', () => {
    const mail = ownerNotification(
      ownerCtx(order({ zone: 'WORLD', shipping: 1495, giftWrap: 0, total: 8995 })),
    );
    expect(mail.subject).toBe('New order SOL-A1B2C3D4: €89.95');
    expect(mail.text).toContain('Customer e-mail: shopper@example.ie');
    expect(mail.text).toContain('Delivery (Rest of world): €14.95');
    expect(mail.text).toContain('Gift wrap: no');
    expect(mail.text).not.toContain('Gift wrap: €');
  });

  it('marks every e-mail of a test-checkout order as a test in which no money was taken', () => {
    const test = order({ provider: 'test-checkout' });
    for (const mail of [customerConfirmation(ctx(test)), ownerNotification(ownerCtx(test))]) {
      expect(mail.subject.startsWith('[TEST ORDER] ')).toBe(true);
      expect(mail.text.split('\n')[0]).toContain('No money was taken.');
      expect(mail.html).toContain('No money was taken.');
    }
    expect(customerConfirmation(ctx(order())).text).not.toContain('TEST ORDER');
  });

  it('shows each line with its size and no longer asks the shopper to reply with a size', () => {
    for (const mail of [customerConfirmation(ctx(order())), ownerNotification(ownerCtx(order()))]) {
      expect(mail.text).toContain('First Light (Large)');
      expect(mail.html).toContain('First Light (Large)');
      expect(mail.html).toContain('Sea &amp; Stone (Medium)');
      expect(mail.text).not.toMatch(/reply to this e-mail with your size/i);
    }
  });

  it('puts the gift message in both e-mails, as text, line breaks kept, markup escaped', () => {
    const gift = order({ giftMessage: 'Happy birthday, <b>Aoife</b> & co!\nLove, Niamh' });
    for (const mail of [customerConfirmation(ctx(gift)), ownerNotification(ownerCtx(gift))]) {
      expect(mail.text).toContain('Gift message\n  Happy birthday, <b>Aoife</b> & co!\n  Love, Niamh');
      expect(mail.html).toContain('Happy birthday, &lt;b&gt;Aoife&lt;/b&gt; &amp; co!<br>Love, Niamh');
      expect(mail.html).not.toContain('<b>Aoife');
    }
    for (const mail of [customerConfirmation(ctx(order())), ownerNotification(ownerCtx(order()))]) {
      expect(mail.text).not.toContain('Gift message');
      expect(mail.html).not.toContain('Gift message');
    }
  });

  it('keeps the subject free of shopper-supplied text', () => {
    const evil = order({
      shippingDetails: {
        name: 'X\r\nBcc: victim@example.com',
        address: { line1: 'a', line2: null, city: 'b', state: null, postalCode: 'c', country: 'IE' },
      },
    });
    expect(customerConfirmation(ctx(evil)).subject).not.toMatch(/[\r\n]/);
    expect(ownerNotification(ownerCtx(evil)).subject).not.toMatch(/[\r\n]/);
  });
});

describe('the lawful confirmation (docs/product/order-flow.md §6.11)', () => {
  it('names the seller, says prices include VAT, explains the right to cancel with the order page, and carries the model form and the terms', () => {
    const mail = customerConfirmation(ctx(order()));
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Aoife Nic Giolla, trading as Solas');
      expect(body).toContain('3 Shop Street, Galway, Co. Galway, Ireland');
      // A trader not registered for VAT charges none: nothing about VAT included.
      expect(body).toContain('is not registered for VAT: no VAT is charged on this order.');
      expect(body).not.toMatch(/VAT included|include VAT/);
      expect(body).not.toContain('VAT number');
      expect(body).toContain('You have the right to cancel this contract within 14 days');
      expect(body).toContain('Model withdrawal form');
      expect(body).toContain('hereby give notice that I/We (*) withdraw from my/our (*) contract of sale');
      expect(body).toContain('http://shop.test/terms-conditions');
      expect(body).toContain(PAGE_URL);
    }
    expect(mail.text).toContain(`E-mail: hello@solas.example`);
    expect(mail.text).toContain(`from your order page (${PAGE_URL})`);
    expect(mail.html).toContain(`href="${escapeHtml(PAGE_URL)}"`);
    expect(mail.html).toContain('>Terms &amp; Conditions</a>');
  });

  it('shows the VAT number and the VAT included at the configured rate when a VAT number is set', () => {
    const mail = customerConfirmation(ctx(order(), { ...LEGAL, vatNumber: 'IE1234567T', vatRate: 13.5 }));
    for (const body of [mail.text, mail.html]) {
      // €78.50 at 13.5% includes €9.34.
      expect(body).toContain('€9.34 VAT included in the total, at 13.5% (VAT number IE1234567T).');
      expect(body).toContain('VAT number: IE1234567T');
    }
  });

  it('says "€7.48 VAT included" on a €40.00 order at 23%', () => {
    const forty = order({ giftWrap: 0, subtotal: 4000, total: 4000 });
    const mail = customerConfirmation(ctx(forty, { ...LEGAL, vatNumber: 'IE1234567T' }));
    expect(mail.text).toContain('€7.48 VAT included');
    expect(mail.html).toContain('€7.48 VAT included');
  });

  it('still renders for an order that has no key yet (no link, the contact address instead)', () => {
    const mail = customerConfirmation(ctx(order({ orderKey: null }), LEGAL, null));
    expect(mail.text).not.toContain('#/order/');
    expect(mail.text).toContain('write to hello@solas.example, before the period ends');
  });

  it("a business buyer's confirmation says the consumer's right to cancel does not apply, with no model form", () => {
    const mail = customerConfirmation({ ...ctx(order()), businessName: 'Vogel <GmbH>' });
    expect(mail.text).toContain(businessPurchaseText('Vogel <GmbH>'));
    expect(mail.html).toContain(escapeHtml(businessPurchaseText('Vogel <GmbH>')));
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(BUSINESS_PURCHASE_HEADING);
      expect(body).not.toContain('You have the right to cancel');
      expect(body).not.toContain('Model withdrawal form');
      expect(body).toContain('http://shop.test/terms-conditions');
    }
  });

  it('escapes the seller values in HTML', () => {
    const mail = customerConfirmation(ctx(order(), { ...LEGAL, sellerName: 'A <b>B</b>' }));
    expect(mail.html).not.toContain('<b>B</b>');
    expect(mail.html).toContain('A &lt;b&gt;B&lt;/b&gt;');
  });
});

describe('order page e-mails', () => {
  const notice = {
    name: 'Róisín Ní Bhriain',
    items: ['1 x First Light'],
    reason: 'Changed my mind <really>',
    receivedAt: '2026-11-22T10:00:00.000Z',
  };

  it('the link e-mail carries the order page link', () => {
    const mail = orderLinkMail({ ...ctx(order()), orderPageUrl: PAGE_URL });
    expect(mail.subject).toBe('The page of your Solas order SOL-A1B2C3D4');
    expect(mail.text).toContain(PAGE_URL);
    expect(mail.html).toContain(`href="${escapeHtml(PAGE_URL)}"`);
  });

  it('the acknowledgement repeats the notice and links to the order page; the owner gets the notice and the customer', () => {
    const ack = withdrawalAcknowledgement({ ...ctx(order()), notice });
    expect(ack.subject).toBe('We received your cancellation of order SOL-A1B2C3D4');
    expect(ack.text).toContain('Name: Róisín Ní Bhriain');
    expect(ack.text).toContain('  1 x First Light');
    expect(ack.text).toContain('Reason: Changed my mind <really>');
    expect(ack.text).toContain(PAGE_URL);
    expect(ack.html).toContain('Changed my mind &lt;really&gt;');
    const owner = withdrawalOwnerNotice({
      ...ctx(order()),
      notice,
      deskUrl: 'https://solas.example/admin#/orders/SOL-A1B2C3D4',
    });
    expect(owner.subject).toBe('Withdrawal notice for order SOL-A1B2C3D4');
    expect(owner.text).not.toContain('ord_test');
    expect(owner.text).toContain(
      'Open it in the order desk: https://solas.example/admin#/orders/SOL-A1B2C3D4',
    );
    expect(owner.html).toContain('href="https://solas.example/admin#/orders/SOL-A1B2C3D4"');
    expect(owner.text).toContain('Customer e-mail: shopper@example.ie');
    expect(owner.text).toContain('Reason: Changed my mind <really>');
  });
});
