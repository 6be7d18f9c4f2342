import type { ReactNode } from 'react';
import { CartProvider } from '../features/cart/cart-context';
import { MiniCartProvider } from '../features/cart/mini-cart-context';
import { MiniCartHost } from '../features/cart/mini-cart-host';
import { CompareProvider } from '../features/compare/compare-context';
import { RecentlyViewedProvider } from '../features/recently-viewed/recently-viewed-context';
import { WishlistProvider } from '../features/wishlist/wishlist-context';

/**
 * Every browser-state provider of the shop, in one place (cart, mini cart, wishlist, compare, recently
 * viewed). The mini cart is rendered once here so that every page and the header can open it; its code loads
 * on first open.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <CartProvider>
      <MiniCartProvider>
        <WishlistProvider>
          <CompareProvider>
            <RecentlyViewedProvider>
              {children}
              <MiniCartHost />
            </RecentlyViewedProvider>
          </CompareProvider>
        </WishlistProvider>
      </MiniCartProvider>
    </CartProvider>
  );
}
