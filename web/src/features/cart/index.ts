/** The cart feature's public face: the cart and the mini-cart as the shop's pages and features use them. */
export {
  CartProvider,
  useAddItem,
  useCart,
  useCartActions,
  useCartLines,
  useCartSnapshot,
  useCartZone,
} from './cart-context';
export { CartLineItem } from './cart-line-item';
export { CartSummary } from './cart-summary';
export { type BagNotice, MiniCartProvider, useMiniCart, useOpenMiniCart } from './mini-cart-context';
export { MiniCartHost, preloadMiniCart } from './mini-cart-host';
