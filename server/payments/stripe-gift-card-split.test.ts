/**
 * Stripe's page for an order gift cards paid part of (docs/product/gift-cards.md §19.3): its one line for
 * the rest says the order's total and what each card paid, as the shop's own pages do.
 */
import { describe, expect, it } from 'vitest';
import { cents } from '../../domain/shared/money';
import type { CheckoutSessionInput } from './provider';
import { GIFT_CARD_REST_LINE_NAME, sessionParams } from './stripe';

const input: CheckoutSessionInput = {
  orderId: 'order-1',
  email: 'aoife@example.ie',
  zone: 'IE',
  lines: [],
  shipping: cents(495),
  giftWrap: cents(0),
  total: cents(2995),
  paidByGiftCards: cents(1000),
  giftCardParts: [{ last4: '7KQM', amount: cents(1000) }],
  delivery: null,
  successUrl: 'http://localhost/ok?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://localhost/cancel',
};

describe('the rest line on Stripe when gift cards paid part', () => {
  it('names the order total and each card’s part under the line charged', () => {
    const [line] = sessionParams(input).line_items ?? [];
    expect(line?.price_data?.unit_amount).toBe(2995);
    expect(line?.price_data?.product_data?.name).toBe(GIFT_CARD_REST_LINE_NAME);
    expect(line?.price_data?.product_data?.description).toBe(
      'Order total €39.95, less Gift card ••••7KQM €10.00',
    );
  });
});
