/** The wishlist feature's public face: the shopper's saved products. */
export { useWishlist, WishlistProvider } from './wishlist-context';
