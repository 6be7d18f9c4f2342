import { useEffect, useState } from 'react';
import { FREE_SHIPPING_THRESHOLD, POLICY, STORAGE_KEYS } from '../../../../domain/config';
import { formatEuroShort } from '../../../../domain/shared/money';
import { readStored, writeStored } from '../../lib/browser-storage';

export const ANNOUNCEMENT_TEXT = `Free shipping in Ireland from ${formatEuroShort(FREE_SHIPPING_THRESHOLD)} • ${POLICY.returnsDays}-day returns`;

/**
 * Dismissal persists for good. An inline script in index.html hides a dismissed bar before first paint
 * (data-announcement on <html>), so returning visitors see no layout shift; React then drops it entirely.
 */
export function AnnouncementBar() {
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    // Storage disabled or empty: the bar simply shows.
    if (readStored(STORAGE_KEYS.announcementDismissed)) setDismissed(true);
  }, []);
  if (dismissed) return null;
  const dismiss = () => {
    // When storage cannot keep it, the bar is still hidden for this page view.
    writeStored(STORAGE_KEYS.announcementDismissed, '1');
    setDismissed(true);
  };
  return (
    <aside aria-label="Announcement" className="announcement-bar bg-wine text-cream">
      <div className="mx-auto flex max-w-6xl items-center justify-center gap-2 px-4 py-2 text-center text-sm">
        <p className="flex-1">{ANNOUNCEMENT_TEXT}</p>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Dismiss announcement"
          className="-my-1.5 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-wine-dark focus-visible:outline-cream"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
    </aside>
  );
}
