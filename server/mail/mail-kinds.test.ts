import { describe, expect, it } from 'vitest';
import { declareShop, FEATURES } from '../app';
import { mailKindLabels } from '../platform';
import { declareMailKinds, mailKindOwner } from './mail-kinds';

describe('the e-mail kinds the features declare', () => {
  it('names each feature as the owner of its kinds', () => {
    declareShop();
    expect(mailKindOwner('cart-reminder')).toBe('newsletter');
    expect(mailKindOwner('newsletter-campaign-test')).toBe('newsletter');
    expect(mailKindOwner('back-in-touch')).toBe('settings');
    expect(mailKindOwner('quote')).toBe('quotes');
    expect(mailKindOwner('review-request')).toBe('reviews');
    expect(mailKindOwner('enquiry-owner')).toBe('enquiries');
    expect(mailKindOwner('order-confirmation')).toBe('orders');
    expect(mailKindOwner('withdrawal-owner')).toBe('orders');
    expect(mailKindOwner('order-dispatched')).toBe('fulfilment');
    expect(mailKindOwner('manual-payment-link')).toBe('manual-orders');
  });

  it('lets a feature declare its kinds again, and refuses a kind another feature declared', () => {
    declareMailKinds('first-probe', { one: 'probe-kind-one' });
    declareMailKinds('first-probe', { one: 'probe-kind-one' });
    expect(() => declareMailKinds('second-probe', { two: 'probe-kind-two', one: 'probe-kind-one' })).toThrow(
      'The e-mail kind probe-kind-one is declared by first-probe and second-probe',
    );
    // Nothing of the refused declaration was kept.
    expect(mailKindOwner('probe-kind-two')).toBeUndefined();
    expect(mailKindOwner('probe-kind-one')).toBe('first-probe');
  });

  it("carries the desk's words for the kinds its e-mail log names, and no other", () => {
    expect(Object.fromEntries(mailKindLabels(FEATURES))).toEqual({
      'order-confirmation': 'Order confirmation e-mail to the shopper',
      'owner-notification': 'New order e-mail to the owner',
      'order-dispatched': '"On its way" e-mail to the shopper',
      'order-cancelled': 'Cancellation e-mail to the shopper',
      'review-request': 'Review request e-mail to the shopper',
      'manual-payment-link': 'Payment link e-mail to the customer',
      // An exchange's e-mails, made unique per exchange by a suffix (`exchange-accepted:12`).
      'exchange-requested': 'Exchange request e-mail to the owner',
      'exchange-receipt': 'Exchange receipt e-mail to the shopper',
      'exchange-accepted': 'Exchange accepted e-mail to the shopper',
      'exchange-declined': 'Exchange declined e-mail to the shopper',
      'exchange-dispatched': '"On its way" e-mail to the shopper, for the exchange',
    });
  });
});
