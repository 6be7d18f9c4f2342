/**
 * What a refund of an order that bought gift cards takes back (docs/product/gift-cards.md §19.3, "A refund
 * of cards bought"): a card is a payment the holder may already have spent, so its refund is at most what
 * is left on it, and what is refunded of it is voided. A refund covers the goods first (the bracelets,
 * shipping and wrap), then the cards, each in the order bought, up to its unspent balance. Never both the
 * money back and a live card. Pure: the server plans the refund with it and the desk's refund dialog names
 * the cards it voids with it, so the two never disagree.
 */
import { cents, formatEuro } from '../shared/money';

/** A card the order bought, as a refund sees it: what is still unspent on it (cents). */
export interface RefundableGiftCard {
  readonly last4: string;
  readonly unspent: number;
}

export interface GiftCardRefundPlan<T extends RefundableGiftCard> {
  /** Cents of the refund that are the goods (the invoice's part). */
  readonly goods: number;
  /** Each card the refund takes back and how much of it; `voids`: nothing is left on it afterwards. */
  readonly cards: readonly { readonly card: T; readonly amount: number; readonly voids: boolean }[];
  /** Cents of the amount asked that neither the goods nor the cards' unspent balances cover (refuse them). */
  readonly over: number;
}

/**
 * What is left to refund of the goods: what the order charged for them less what refunds already gave
 * back of them (a refund's cards' part is what it voided, so the rest of what was refunded was goods).
 */
export function goodsLeftToRefund(order: {
  readonly total: number;
  readonly giftCardsSold: number;
  readonly refunded: number;
  /** Cents earlier refunds voided of the cards the order bought. */
  readonly cardsRefunded: number;
}): number {
  const goods = Math.max(0, order.total - order.giftCardsSold);
  const goodsRefunded = Math.max(0, order.refunded - order.cardsRefunded);
  return Math.max(0, goods - goodsRefunded);
}

/** The most a refund may be now: the goods left, and what is unspent on the cards bought. */
export function refundableWithCards(goodsLeft: number, cards: readonly RefundableGiftCard[]): number {
  return Math.max(0, goodsLeft) + cards.reduce((sum, c) => sum + Math.max(0, c.unspent), 0);
}

/** How a refund of `amount` splits: the goods first, then each card in order up to its unspent balance. */
export function planGiftCardRefund<T extends RefundableGiftCard>(
  amount: number,
  goodsLeft: number,
  cards: readonly T[],
): GiftCardRefundPlan<T> {
  let left = Math.max(0, amount);
  const goods = Math.min(left, Math.max(0, goodsLeft));
  left -= goods;
  const parts: { card: T; amount: number; voids: boolean }[] = [];
  for (const card of cards) {
    const unspent = Math.max(0, card.unspent);
    const take = Math.min(left, unspent);
    if (take > 0) parts.push({ card, amount: take, voids: take === unspent });
    left -= take;
  }
  return { goods, cards: parts, over: left };
}

/** A card a refund takes back, as its words name it: `scheduled` when its e-mail is not yet sent. */
export interface GiftCardTakenBack {
  readonly last4: string;
  readonly amount: number;
  readonly voids: boolean;
  readonly scheduled: boolean;
}

/**
 * What a refund does to the cards the order bought, in one sentence for the desk's refund dialog and the
 * shopper's e-mail: "This refund voids gift card ••••7KQM (€50.00) and gift card ••••Q2WX (€100.00, never
 * e-mailed)." Null when it takes back none.
 */
export function giftCardsVoidedText(cards: readonly GiftCardTakenBack[]): string | null {
  if (cards.length === 0) return null;
  const voided = cards
    .filter((c) => c.voids)
    .map(
      (c) =>
        `gift card ••••${c.last4} (${formatEuro(cents(c.amount))}${c.scheduled ? ', never e-mailed' : ''})`,
    );
  const taken = cards
    .filter((c) => !c.voids)
    .map((c) => `takes ${formatEuro(cents(c.amount))} off gift card ••••${c.last4}`);
  const each = [...(voided.length > 0 ? [`voids ${andList(voided)}`] : []), ...taken];
  return `This refund ${andList(each)}.`;
}

/** "a", "a and b", "a, b and c". */
function andList(items: readonly string[]): string {
  const rest = [...items];
  const last = rest.pop() ?? '';
  return rest.length > 0 ? `${rest.join(', ')} and ${last}` : last;
}
