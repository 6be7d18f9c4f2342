/**
 * Loads the mini cart (and Radix Dialog with it) after the page, so the sheet costs nothing in the initial
 * bundle. Once the page has hydrated, its chunk is loaded in an idle period and the sheet mounted, closed,
 * in a later one (web/src/boot/idle.ts): opening it then renders the open sheet at once, instead of
 * loading, evaluating and suspending on a chunk inside the tap that opens it (quick add, the header's
 * button; bench:inp). Without idle callbacks (and in component tests) it loads the first time it opens;
 * `preloadMiniCart` lets the header button start the download on hover or focus.
 */
import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../../boot/idle';
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
  useEffect(() => {
    let live = true;
    whenIdle(loadMiniCart);
    // In a transition: mounting the closed sheet is never urgent, and React may split it.
    whenIdle(() => {
      if (live) startTransition(() => setLoaded(true));
    });
    return () => {
      live = false;
    };
  }, []);
  if (!loaded && !isOpen) return null;
  return (
    <Suspense fallback={null}>
      <MiniCart />
    </Suspense>
  );
}
