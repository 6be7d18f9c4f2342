/** A return's amount, window and moves (docs/product/orders.md §10.18). */
import { describe, expect, it } from 'vitest';
import { RETURN_MESSAGES, refusedMove, returnedValue, returnWindow } from './returns';

const SOLD = [
  { lineId: 0, quantity: 2, unitPrice: 4000 },
  { lineId: 1, quantity: 1, unitPrice: 3500 },
];

describe('a return', () => {
  it('refunds the pieces at their price without a discount', () => {
    expect(returnedValue([{ lineId: 0, quantity: 1 }], SOLD, { itemsSubtotal: 11500, discount: 0 })).toBe(
      4000,
    );
    expect(
      returnedValue(
        [
          { lineId: 0, quantity: 2 },
          { lineId: 1, quantity: 1 },
        ],
        SOLD,
        { itemsSubtotal: 11500, discount: 0 },
      ),
    ).toBe(11500);
  });

  it("takes off the pieces' share of the order's discount, rounded in the shopper's favour", () => {
    // 15% off 115.00 is 17.25; one piece of 40.00 carries 40/115 of it, 6.00 -> 34.00.
    expect(returnedValue([{ lineId: 0, quantity: 1 }], SOLD, { itemsSubtotal: 11500, discount: 1725 })).toBe(
      3400,
    );
    // 10.00 off 115.00: a piece of 35.00 carries 3.0434…, rounded down to 3.04 -> 31.96.
    expect(returnedValue([{ lineId: 1, quantity: 1 }], SOLD, { itemsSubtotal: 11500, discount: 1000 })).toBe(
      3196,
    );
    // Everything returned: everything paid for the items.
    expect(
      returnedValue(
        [
          { lineId: 0, quantity: 2 },
          { lineId: 1, quantity: 1 },
        ],
        SOLD,
        { itemsSubtotal: 11500, discount: 1725 },
      ),
    ).toBe(11500 - 1725);
  });

  it('ignores a line the order does not have, and never counts more pieces than were sold', () => {
    expect(returnedValue([{ lineId: 9, quantity: 1 }], SOLD, { itemsSubtotal: 11500, discount: 0 })).toBe(0);
    expect(returnedValue([{ lineId: 1, quantity: 5 }], SOLD, { itemsSubtotal: 11500, discount: 0 })).toBe(
      3500,
    );
  });

  it('may be opened until 30 days after delivery, Irish days, the last one included', () => {
    const delivered = '2026-10-01T10:00:00Z';
    expect(returnWindow(delivered, new Date('2026-10-31T22:00:00Z'))).toEqual({
      open: true,
      until: '2026-10-31',
    });
    expect(returnWindow(delivered, new Date('2026-11-01T00:30:00Z'))).toEqual({
      open: false,
      until: '2026-10-31',
    });
  });

  it('moves requested -> received -> refunded, or to closed, and never out of refunded or closed', () => {
    expect(refusedMove('requested', 'received')).toBeNull();
    expect(refusedMove('requested', 'refunded')).toBeNull();
    expect(refusedMove('received', 'refunded')).toBeNull();
    expect(refusedMove('received', 'closed')).toBeNull();
    expect(refusedMove('received', 'received')).toBe(RETURN_MESSAGES.already('received'));
    expect(refusedMove('refunded', 'closed')).toBe(RETURN_MESSAGES.ended('refunded'));
    expect(refusedMove('closed', 'received')).toBe(RETURN_MESSAGES.ended('closed'));
  });
});
