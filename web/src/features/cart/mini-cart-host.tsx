/**
 * Loads the mini cart (and Radix Dialog with it) the first time it opens, so the sheet costs nothing in
 * the initial bundle. `preloadMiniCart` lets the header button start the download on a mouse hover or
 * keyboard focus (preloadOnIntent).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useMiniCart } from './mini-cart-context';

const loadMiniCart = () => import('./mini-cart');
const MiniCart = lazy(() => loadMiniCart().then((m) => ({ default: m.MiniCart })));

export function preloadMiniCart(): void {
  void loadMiniCart();
}

export function MiniCartHost() {
  const { isOpen } = useMiniCart();
  const [loaded, setLoaded] = useState(isOpen);
  useEffect(() => {
    if (isOpen) setLoaded(true);
  }, [isOpen]);
  if (!loaded && !isOpen) return null;
  return (
    <Suspense fallback={null}>
      <MiniCart />
    </Suspense>
  );
}
