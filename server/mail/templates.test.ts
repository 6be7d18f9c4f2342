import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../../domain/calendar-date';
import { orderReference } from '../../domain/checkout';
import { GIFT_WRAP_PRICE, SHIPPING_ZONES } from '../../domain/config';
import type { StoredOrder } from '../orders/order-store';
import { customerConfirmation, escapeHtml, ownerNotification } from './templates';

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
    total: 7500 + GIFT_WRAP_PRICE,
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
    dispatchDate: null,
    lines: [
      { id: '1', name: 'First Light', unitPrice: 4000, quantity: 1, lineTotal: 4000 },
      { id: '9', name: 'Sea & Stone', unitPrice: 3500, quantity: 1, lineTotal: 3500 },
    ],
    ...overrides,
  };
}

const ctx = (o: StoredOrder) => ({
  order: o,
  reference: orderReference(SESSION),
  contactEmail: 'hello@solas.example',
});

describe('order e-mails', () => {
  it('tells the shopper everything about the order in text and HTML', () => {
    const mail = customerConfirmation(ctx(order()));
    expect(mail.subject).toBe('Your Solas order SOL-A1B2C3D4 is confirmed');
    for (const part of [
      'SOL-A1B2C3D4',
      '1 x First Light (€40.00 each)  €40.00',
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
    const owner = ownerNotification(ctx(dated));
    for (const mail of [customer, owner]) {
      expect(mail.text).toContain(sentence);
      expect(mail.html).toContain(sentence);
      expect(mail.text).not.toContain('business days');
    }
    expect(owner.text).toContain('Dispatch by: Thursday 26 November (2026-11-26)');
    // Orders paid before dates were stored keep what they were promised.
    expect(ownerNotification(ctx(order())).text).not.toContain('Dispatch by:');
  });

  it('escapes every value that reaches the HTML', () => {
    const mail = customerConfirmation(ctx(order()));
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Róisín &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Sea &amp; Stone');
    expect(escapeHtml(`"'<>&`)).toBe('&quot;&#39;&lt;&gt;&amp;');
  });

  it('gives the owner the customer e-mail and the delivery facts', () => {
    const mail = ownerNotification(ctx(order({ zone: 'WORLD', shipping: 1495, giftWrap: 0, total: 8995 })));
    expect(mail.subject).toBe('New order SOL-A1B2C3D4: €89.95');
    expect(mail.text).toContain('Customer e-mail: shopper@example.ie');
    expect(mail.text).toContain('Delivery (Rest of world): €14.95');
    expect(mail.text).toContain('Gift wrap: no');
    expect(mail.text).not.toContain('Gift wrap: €');
  });

  it('marks every e-mail of a test-checkout order as a test in which no money was taken', () => {
    const test = order({ provider: 'test-checkout' });
    for (const mail of [customerConfirmation(ctx(test)), ownerNotification(ctx(test))]) {
      expect(mail.subject.startsWith('[TEST ORDER] ')).toBe(true);
      expect(mail.text.split('\n')[0]).toContain('No money was taken.');
      expect(mail.html).toContain('No money was taken.');
    }
    expect(customerConfirmation(ctx(order())).text).not.toContain('TEST ORDER');
  });

  it('keeps the subject free of shopper-supplied text', () => {
    const evil = order({
      shippingDetails: {
        name: 'X\r\nBcc: victim@example.com',
        address: { line1: 'a', line2: null, city: 'b', state: null, postalCode: 'c', country: 'IE' },
      },
    });
    expect(customerConfirmation(ctx(evil)).subject).not.toMatch(/[\r\n]/);
    expect(ownerNotification(ctx(evil)).subject).not.toMatch(/[\r\n]/);
  });
});
