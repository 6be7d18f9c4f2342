/**
 * Floating 'Shop the collection' link (docs/product/states.md §5.6): shows near the top of the home page only,
 * once the hero is less than PROMO.heroVisibleBelow visible and while the section after it (Best Sellers,
 * `untilRef`) still reaches the bottom of the screen, where the link sits (the bottom
 * PROMO.untilBottomShare of the viewport); without IntersectionObserver, past PROMO.scrollFallbackPx of
 * scrolling, with the same end. Further down it sat over body text and the footer on a phone.
 * Closing hides it for TIMINGS_MS.promoHideFor, stored as a hide-until time. Fixed position, so it never
 * shifts layout.
 */
import { type RefObject, useEffect, useState } from 'react';
import { PROMO, STORAGE_KEYS, TIMINGS_MS } from '../../../../domain/config';
import { CloseIcon } from '../../components/ui/icons';
import { readStored, writeStored } from '../../lib/browser-storage';
import { Link } from '../../lib/router';

/** Whether a stored hide-until value still hides the promo at `now`. Garbage never hides it. */
export function promoHidden(stored: string | null, now: number): boolean {
  if (stored === null || !/^\d{1,16}$/.test(stored)) return false;
  return Number(stored) > now;
}

export function FloatingPromo({
  heroRef,
  untilRef,
}: {
  heroRef: RefObject<HTMLElement | null>;
  /** The promo shows only while this element (the section after the hero) is on screen. */
  untilRef: RefObject<HTMLElement | null>;
}) {
  // Hidden until the effect has read storage: the server render and first paint never show it.
  const [allowed, setAllowed] = useState(false);
  const [heroOutOfView, setHeroOutOfView] = useState(false);
  const [untilInView, setUntilInView] = useState(false);

  useEffect(() => {
    setAllowed(!promoHidden(readStored(STORAGE_KEYS.promoHideUntil), Date.now()));
  }, []);

  useEffect(() => {
    if (!allowed) return;
    const hero = heroRef.current;
    const until = untilRef.current;
    if (hero && until && typeof window.IntersectionObserver === 'function') {
      const heroObserver = new IntersectionObserver(
        (entries) => {
          const entry = entries[entries.length - 1];
          if (entry) setHeroOutOfView(entry.intersectionRatio < PROMO.heroVisibleBelow);
        },
        { threshold: [0, PROMO.heroVisibleBelow, 1] },
      );
      // The root shrunk to the viewport's bottom strip: the section is under the link's place.
      const untilObserver = new IntersectionObserver(
        (entries) => {
          const entry = entries[entries.length - 1];
          if (entry) setUntilInView(entry.isIntersecting);
        },
        { rootMargin: `-${Math.round((1 - PROMO.untilBottomShare) * 100)}% 0px 0px 0px` },
      );
      heroObserver.observe(hero);
      untilObserver.observe(until);
      return () => {
        heroObserver.disconnect();
        untilObserver.disconnect();
      };
    }
    const onScroll = () => {
      setHeroOutOfView(window.scrollY > PROMO.scrollFallbackPx);
      const stripTop = window.innerHeight * (1 - PROMO.untilBottomShare);
      setUntilInView(until ? until.getBoundingClientRect().bottom > stripTop : false);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [allowed, heroRef, untilRef]);

  if (!allowed || !heroOutOfView || !untilInView) return null;

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
