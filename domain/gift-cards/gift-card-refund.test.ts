import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  giftCardsVoidedText,
  goodsLeftToRefund,
  planGiftCardRefund,
  refundableWithCards,
} from './gift-card-refund';

const bracelet = 4000;
const fifty = { last4: 'AAAA', unspent: 5000 };
const hundred = { last4: 'BBBB', unspent: 10000 };

describe('a refund of an order that bought gift cards', () => {
  it('takes the goods first, then each card up to what is unspent, voiding what it takes in full', () => {
    const plan = planGiftCardRefund(19000, bracelet, [fifty, hundred]);
    expect(plan).toEqual({
      goods: 4000,
      cards: [
        { card: fifty, amount: 5000, voids: true },
        { card: hundred, amount: 10000, voids: true },
      ],
      over: 0,
    });
  });

  it('never refunds more of a card than is left on it', () => {
    const spentOn = { last4: 'AAAA', unspent: 1000 };
    expect(refundableWithCards(bracelet, [spentOn, hundred])).toBe(15000);
    const plan = planGiftCardRefund(19000, bracelet, [spentOn, hundred]);
    expect(plan.over).toBe(4000);
    expect(plan.cards.map((p) => p.amount)).toEqual([1000, 10000]);
  });

  it('a part refund of the goods alone leaves every card live', () => {
    const plan = planGiftCardRefund(2500, bracelet, [fifty, hundred]);
    expect(plan).toEqual({ goods: 2500, cards: [], over: 0 });
  });

  it('counts what earlier refunds gave back of the goods, not what they voided', () => {
    expect(goodsLeftToRefund({ total: 19000, giftCardsSold: 15000, refunded: 0, cardsRefunded: 0 })).toBe(
      4000,
    );
    expect(
      goodsLeftToRefund({ total: 19000, giftCardsSold: 15000, refunded: 6000, cardsRefunded: 5000 }),
    ).toBe(3000);
    expect(goodsLeftToRefund({ total: 15000, giftCardsSold: 15000, refunded: 0, cardsRefunded: 0 })).toBe(0);
  });

  it('whatever the amounts, a card is never refunded beyond its unspent balance, and money back voids', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 100_000 }),
        fc.nat({ max: 50_000 }),
        fc.array(fc.nat({ max: 50_000 }), { maxLength: 6 }),
        (amount, goodsLeft, unspents) => {
          const cards = unspents.map((unspent, i) => ({ last4: `C${i}`, unspent }));
          const plan = planGiftCardRefund(amount, goodsLeft, cards);
          const cardsPart = plan.cards.reduce((sum, p) => sum + p.amount, 0);
          // Every cent asked is the goods, a card's, or over the cap: nothing is lost or made up.
          expect(plan.goods + cardsPart + plan.over).toBe(amount);
          expect(plan.goods).toBeLessThanOrEqual(goodsLeft);
          // Goods first: no card is touched while goods are left.
          if (plan.goods < goodsLeft) expect(plan.cards).toEqual([]);
          for (const part of plan.cards) {
            expect(part.amount).toBeGreaterThan(0);
            expect(part.amount).toBeLessThanOrEqual(part.card.unspent);
            // What the refund takes of a card is what it voids: taken in full, the card is void.
            expect(part.voids).toBe(part.amount === part.card.unspent);
          }
          // Within what is refundable nothing is over; beyond it exactly the excess is.
          const most = refundableWithCards(goodsLeft, cards);
          expect(plan.over).toBe(Math.max(0, amount - most));
        },
      ),
    );
  });
});

describe('the words of what a refund voids', () => {
  it('names each card once, the scheduled one never e-mailed, and a card taken in part', () => {
    expect(giftCardsVoidedText([])).toBeNull();
    expect(
      giftCardsVoidedText([
        { last4: '7KQM', amount: 5000, voids: true, scheduled: false },
        { last4: 'Q2WX', amount: 10000, voids: true, scheduled: true },
      ]),
    ).toBe('This refund voids gift card ••••7KQM (€50.00) and gift card ••••Q2WX (€100.00, never e-mailed).');
    expect(giftCardsVoidedText([{ last4: '7KQM', amount: 2000, voids: false, scheduled: false }])).toBe(
      'This refund takes €20.00 off gift card ••••7KQM.',
    );
  });
});
