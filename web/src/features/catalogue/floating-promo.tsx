/**
 * Floating 'Shop the collection' link (docs/product.md §5.6: shows when the hero is less than PROMO.heroVisibleBelow
 * visible, or past PROMO.scrollFallbackPx of scrolling without IntersectionObserver; closing hides it
 * for TIMINGS_MS.promoHideFor, stored as a hide-until time). Fixed position, so it never shifts layout.
 */
import { type RefObject, useEffect, useState } from 'react';
import { PROMO, STORAGE_KEYS, TIMINGS_MS } from '../../../../domain/config';
import { readStored, writeStored } from '../../lib/browser-storage';
import { Link } from '../../lib/router';
import { CloseIcon } from './icons';

/** Whether a stored hide-until value still hides the promo at `now`. Garbage never hides it. */
export function promoHidden(stored: string | null, now: number): boolean {
  if (stored === null || !/^\d{1,16}$/.test(stored)) return false;
  return Number(stored) > now;
}

export function FloatingPromo({ heroRef }: { heroRef: RefObject<HTMLElement | null> }) {
  // Hidden until the effect has read storage: the server render and first paint never show it.
  const [allowed, setAllowed] = useState(false);
  const [heroOutOfView, setHeroOutOfView] = useState(false);

  useEffect(() => {
    setAllowed(!promoHidden(readStored(STORAGE_KEYS.promoHideUntil), Date.now()));
  }, []);

  useEffect(() => {
    if (!allowed) return;
    const hero = heroRef.current;
    if (hero && typeof window.IntersectionObserver === 'function') {
      const observer = new IntersectionObserver(
        (entries) => {
          const entry = entries[entries.length - 1];
          if (entry) setHeroOutOfView(entry.intersectionRatio < PROMO.heroVisibleBelow);
        },
        { threshold: [0, PROMO.heroVisibleBelow, 1] },
      );
      observer.observe(hero);
      return () => observer.disconnect();
    }
    const onScroll = () => setHeroOutOfView(window.scrollY > PROMO.scrollFallbackPx);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [allowed, heroRef]);

  if (!allowed || !heroOutOfView) return null;

  const close = () => {
    // When storage cannot keep it, the promo is hidden for this visit only.
    writeStored(STORAGE_KEYS.promoHideUntil, String(Date.now() + TIMINGS_MS.promoHideFor));
    setAllowed(false);
    // The focused close button is gone; continue from the page content rather than the top of the document.
    document.getElementById('main')?.focus({ preventScroll: true });
  };

  return (
    <aside
      aria-label="Promotion"
      className="fixed bottom-4 left-4 z-20 flex items-center gap-1 rounded-full bg-wine py-1 pr-1 pl-5 text-cream shadow-xl motion-safe:animate-[sheet-in-bottom_200ms_ease-out]"
    >
      <Link
        to="/collections/best-sellers"
        className="py-2 text-sm font-medium underline-offset-4 hover:underline focus-visible:outline-cream"
      >
        Shop the collection
      </Link>
      <button
        type="button"
        onClick={close}
        aria-label="Close promotion"
        className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-wine-dark focus-visible:outline-cream"
      >
        <CloseIcon className="h-4 w-4" />
      </button>
    </aside>
  );
}
