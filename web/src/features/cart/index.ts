/** The cart feature's public face: the shopper's bag, read and changed, and the mini cart's opener. */
export {
  useAddItem,
  useCart,
  useCartActions,
  useCartLines,
  useCartSnapshot,
  useCartZone,
} from './cart-context';
export { type BagNotice, useOpenMiniCart } from './mini-cart-context';
