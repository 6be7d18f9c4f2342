import { describe, expect, it } from 'vitest';
import { cancelledMail, dispatchedMail, expectedDelivery, refundMail } from './fulfilment-mail';

const BASE = {
  reference: 'SOL-A1B2C3D4',
  name: 'Ciara Walsh',
  contactEmail: 'hello@solas.example',
  orderPageUrl: 'http://shop.test/#/order/SOL-A1B2C3D4?key=kkkkkkkkkkkkkkkkkkkk',
  testOrder: false,
};

describe('the desk e-mails to the shopper', () => {
  it('says what was refunded now and in all when the rest of a partly refunded order is refunded', () => {
    const mail = refundMail({ ...BASE, amount: 3850, refundedInAll: 4350, total: 4350, reason: null });
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('We have refunded €38.50 of your order SOL-A1B2C3D4.');
      expect(body).toContain('With this refund, €43.50 has been refunded in all: the whole of your order.');
      expect(body).not.toContain('in full: €38.50');
    }
    expect(mail.subject).toBe('Refund of €38.50 for your Solas order SOL-A1B2C3D4');
  });

  it('says "in full" when one refund is the whole order, and the running sum for a part', () => {
    const whole = refundMail({ ...BASE, amount: 4350, refundedInAll: 4350, total: 4350, reason: null });
    expect(whole.text).toContain('We have refunded your order SOL-A1B2C3D4 in full: €43.50.');
    const part = refundMail({ ...BASE, amount: 500, refundedInAll: 1000, total: 4350, reason: 'Bead' });
    expect(part.text).toContain('We have refunded €5.00 of your order SOL-A1B2C3D4.');
    expect(part.text).toContain('With this refund, €10.00 of the €43.50 you paid has been refunded in all.');
    const first = refundMail({ ...BASE, amount: 500, refundedInAll: 500, total: 4350, reason: null });
    expect(first.text).not.toContain('in all');
  });

  it('marks the dispatch, refund and cancellation e-mails of a test order like the others', () => {
    const test = { ...BASE, testOrder: true };
    const mails = [
      dispatchedMail({
        ...test,
        carrier: 'An Post',
        trackingNumber: 'RX1',
        trackingUrl: null,
        delivery: null,
      }),
      refundMail({ ...test, amount: 500, refundedInAll: 500, total: 4000, reason: null }),
      cancelledMail({ ...test, refunded: 4000, reason: null }),
    ];
    for (const mail of mails) {
      expect(mail.subject.startsWith('[TEST ORDER] ')).toBe(true);
      expect(mail.text.split('\n')[0]).toContain('No money was taken.');
      expect(mail.html).toContain('No money was taken.');
    }
    const real = dispatchedMail({
      ...BASE,
      carrier: 'An Post',
      trackingNumber: 'RX1',
      trackingUrl: null,
      delivery: null,
    });
    expect(real.subject).toBe('Your Solas order SOL-A1B2C3D4 is on its way');
    expect(real.text).not.toContain('TEST ORDER');
  });

  it("says when the parcel should arrive: the zone's delivery days from the day it left", () => {
    // Dispatched on Friday 4 December 2026 in Ireland: 3 to 5 working days.
    const delivery = expectedDelivery('IE', new Date('2026-12-04T15:00:00Z'));
    const mail = dispatchedMail({
      ...BASE,
      carrier: 'An Post',
      trackingNumber: 'RX1',
      trackingUrl: null,
      delivery,
    });
    expect(mail.text).toContain('Expected delivery: Wednesday 9 December to Friday 11 December.');
    expect(mail.html).toContain('Expected delivery: Wednesday 9 December to Friday 11 December.');
    expect(expectedDelivery('MARS', new Date())).toBeNull();
  });
});

describe('the refund e-mail of an order paid in parts', () => {
  const where = {
    toCard: 3000,
    toGiftCards: [{ last4: '7KQM', amount: 1000 }],
    newCard: null,
    voided: [{ last4: 'Q2WX', amount: 5000, voids: true, scheduled: true }],
    creditNote: {
      number: 'CN-2026-0001',
      url: 'http://shop.test/api/orders/SOL-A1B2C3D4/credit-notes/CN-2026-0001.pdf?key=k',
    },
  };

  it('says where each part went, which cards it voided, and links the credit note', () => {
    const mail = refundMail({ ...BASE, amount: 9000, refundedInAll: 9000, total: 9000, reason: null, where });
    expect(mail.text).toContain(
      '€30.00 goes back to the card you paid with; your bank may take 3-5 business days to show it.',
    );
    expect(mail.text).toContain(
      '€10.00 goes back to your gift card ••••7KQM at once; its expiry is unchanged.',
    );
    expect(mail.text).toContain('This refund voids gift card ••••Q2WX (€50.00, never e-mailed).');
    expect(mail.text).toContain(`Your credit note CN-2026-0001: ${where.creditNote.url}`);
    expect(mail.html).toContain(`href="${where.creditNote.url}"`);
    // Nothing says the whole refund goes back to the card.
    expect(mail.text).not.toContain('The refund goes back to the card you paid with');
    const cards = refundMail({
      ...BASE,
      amount: 1000,
      refundedInAll: 1000,
      total: 9000,
      reason: null,
      where: { ...where, toCard: 0, voided: [], creditNote: null },
    });
    expect(cards.text).not.toContain('3-5 business days');
  });

  it('a new card for the cards’ part, and a cancellation that voids the cards bought', () => {
    const mail = refundMail({
      ...BASE,
      amount: 1000,
      refundedInAll: 1000,
      total: 9000,
      reason: null,
      where: { ...where, toCard: 0, toGiftCards: [], newCard: { last4: 'ZZ99', amount: 1000 }, voided: [] },
    });
    expect(mail.text).toContain(
      '€10.00 comes as a new gift card ••••ZZ99, valid for five years: its code is in a separate e-mail.',
    );
    const cancelled = cancelledMail({ ...BASE, refunded: 9000, reason: null, where });
    expect(cancelled.text).toContain('€90.00 is refunded.');
    expect(cancelled.text).toContain('This refund voids gift card ••••Q2WX (€50.00, never e-mailed).');
    expect(cancelled.text).toContain('Your credit note CN-2026-0001');
  });
});
