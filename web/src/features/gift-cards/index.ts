/**
 * The gift cards feature's public face in the storefront: the bag of cards being bought, and the codes
 * that pay this visit's checkout (docs/product/gift-cards.md §19).
 */
export { giftCardBag, useGiftCardBag } from './gift-card-bag';
export {
  addGiftCard,
  giftCardPayments,
  looksLikeGiftCardCode,
  useGiftCardPayments,
} from './gift-card-payments';
