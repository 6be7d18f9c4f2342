/**
 * The Checkout Session asked of Stripe for a cart that gift cards pay part of (docs/product/gift-cards.md
 * §19.3): it ends when the cards' hold does (`expires_at`), not at Stripe's default day.
 */
import { describe, expect, it } from 'vitest';
import { cents } from '../../domain/shared/money';
import type { CheckoutSessionInput } from './provider';
import { sessionParams } from './stripe';

const INPUT: CheckoutSessionInput = {
  orderId: 'ord_params',
  email: 'aoife@example.ie',
  zone: 'IE',
  lines: [],
  shipping: cents(0),
  giftWrap: cents(0),
  total: cents(2995),
  paidByGiftCards: cents(1000),
  delivery: null,
  successUrl: 'http://shop.test/ok',
  cancelUrl: 'http://shop.test/cancel',
};

describe('a Checkout Session that gift cards pay part of', () => {
  it('ends when the checkout says, in whole seconds; without it, at Stripe’s default', () => {
    const expiresAt = new Date('2026-12-01T10:00:00.500Z');
    expect(sessionParams({ ...INPUT, expiresAt }).expires_at).toBe(Date.parse('2026-12-01T10:00:00Z') / 1000);
    expect(sessionParams(INPUT)).not.toHaveProperty('expires_at');
  });
});
