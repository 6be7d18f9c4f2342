/**
 * The gift cards feature's public face (docs/product/gift-cards.md §19), decorated as `giftCards` and handed to the plugins that need it. The checkout
 * calls `service` inside its own transaction:
 * - `lookUp(code)`: what a code is worth now (null: unknown, disabled or expired, one answer);
 * - `attempt(client, code)`: counts a code tried (shared with the balance check): a code that does not work
 *   against the client's failures, tightly; a working one generously; false beyond a limit;
 * - `reserve(tx, { codes, amountDue, sessionId })` when the session is created (throws GiftCardRefused);
 * - `release(tx, sessionId)` when it expires or is cancelled;
 * - `spend(tx, sessionId, orderReference)` when the order is paid;
 * - `restore(tx, { orderReference, amount, refundId })` when a refund goes back to the cards;
 * - `boughtByOrder(reference)` and `voidForRefund(tx, { orderReference, refundId, parts })` when a refund
 *   takes back cards the order bought;
 * - `issueForOrder(tx, { orderReference, buyer, cards })` when an order that bought cards is paid
 *   (then `wakeOutbox`).
 */
import type { GiftCardsFace } from './gift-cards-face';

export {
  type CheckoutGiftCards,
  GIFT_CARD_BALANCE_CHANGED,
  GiftCardBalanceChanged,
  type GiftCardsAtPaymentParts,
  giftCardBoughtLine,
  giftCardCodeRefusal,
  giftCardOwedText,
  giftCardPaymentLines,
  giftCardsAtCheckout,
  giftCardsAtPayment,
  refusedCodeIndex,
} from './gift-card-payment';
export {
  type BoughtGiftCard,
  GIFT_CARD_CHECKOUT_MS,
  GIFT_CARD_HOLD_MS,
  type GiftCardLookUp,
  type GiftCardPayment,
  GiftCardRefused,
  type GiftCardService,
  type IssuedGiftCard,
} from './gift-card-service';
export {
  eraseGiftCardEmail,
  eraseGiftCardPeopleExpiredBefore,
  type GiftCardRow,
  type GiftCardStore,
  giftCardsOfEmail,
} from './gift-card-store';
export type { GiftCardsFace } from './gift-cards-face';
export {
  giftCardLinesInsert,
  type PendingGiftCardLine,
  takeGiftCardLines,
} from './order-gift-card-store';

declare module 'fastify' {
  interface FastifyInstance {
    giftCards: GiftCardsFace;
  }
}
