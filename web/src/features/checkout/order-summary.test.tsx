// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConfirmResponse } from '../../../../domain/checkout/checkout';
import { productionDaysText } from '../../../../domain/config';
import { GIFT_CARDS_ALONE_TEXTS } from '../../../../domain/gift-cards/gift-cards';
import type { IsoDate } from '../../../../domain/shared/calendar-date';
import { OrderSummary, sendOnText } from './order-summary';

const ORDER = {
  ok: true,
  status: 'paid',
  reference: 'SOL-AB12CD34',
  email: 'aoife@example.ie',
  items: [{ id: '1', name: 'First Light', size: 'M', quantity: 1, unitPrice: 3500, lineTotal: 3500 }],
  subtotal: 3500,
  shipping: 0,
  total: 3500,
} as unknown as ConfirmResponse;

describe('the confirmation’s summary', () => {
  it('does not give a range of days under the dispatch date the order was given', () => {
    render(
      <OrderSummary
        order={{
          ...ORDER,
          delivery: { dispatch: '2027-01-05', earliest: '2027-01-06', latest: '2027-01-08' },
        }}
      />,
    );
    expect(screen.getByText(/^Made to order/)).toHaveTextContent('dispatched by the date above');
    expect(screen.queryByText(new RegExp(productionDaysText()))).toBeNull();
  });

  it('names no shipping and no dispatch for gift cards alone: they are e-mailed', () => {
    render(
      <OrderSummary
        order={{
          ...ORDER,
          items: [],
          subtotal: 5000,
          total: 5000,
          giftCardsAlone: true,
          giftCardsBought: [{ last4: '7KQM', amount: 5000, sendOn: '2026-12-24' }],
        }}
      />,
    );
    // The card bought is a line of its own, by its last 4 only, with the day its e-mail goes.
    const line = screen.getByText('Gift card ••••7KQM').closest('li');
    // Its day is ahead (the page says what will happen, not what has).
    expect(line).toHaveTextContent('Gift card ••••7KQM to be e-mailed on 24 December€50.00');
    expect(screen.getByText(GIFT_CARDS_ALONE_TEXTS.delivery)).toBeTruthy();
    expect(screen.queryByText('Shipping')).toBeNull();
    expect(screen.queryByText(/Made to order|dispatch/)).toBeNull();
  });

  it('keeps the range for an order without stored dates', () => {
    render(<OrderSummary order={ORDER} />);
    expect(screen.getByText(/^Made to order/)).toHaveTextContent(
      `we dispatch within ${productionDaysText()}`,
    );
  });

  it('says a card was e-mailed only once its day has come', () => {
    expect(sendOnText('2026-12-24' as IsoDate, '2026-11-28' as IsoDate)).toBe(
      'to be e-mailed on 24 December',
    );
    expect(sendOnText('2026-11-28' as IsoDate, '2026-11-28' as IsoDate)).toBe('e-mailed on 28 November');
  });

  it('shows the split under the total: each gift card’s part, then the card’s', () => {
    render(
      <OrderSummary
        order={{
          ...ORDER,
          items: [{ id: '1', name: 'First Light', size: 'M', quantity: 1, unitPrice: 3500, lineTotal: 3500 }],
          subtotal: 3500,
          shipping: 495,
          total: 3995,
          payments: [
            { method: 'card', amount: 2995 },
            { method: 'gift_card', amount: 1000, last4: '7KQM' },
          ],
        }}
      />,
    );
    const terms = screen
      .getAllByRole('term')
      .map((t) => `${t.textContent} ${t.nextElementSibling?.textContent}`);
    expect(terms.slice(-3)).toEqual(['Total paid €39.95', 'Gift card ••••7KQM €10.00', 'Card €29.95']);
  });
});
