import { useEffect, useState } from 'react';
import { STORAGE_KEYS } from '../../../../domain/config';
import { useAnnouncement } from '../../features/settings/announcement';
import { readStored, writeStored } from '../../lib/browser-storage';

/**
 * The owner's announcement (Settings in the desk), when she has it on. Dismissal keeps the key of the text
 * (announcementKey) for good: a changed text shows again. An inline script in the page's head hides a
 * dismissed text before first paint (boot/page-scripts.ts), so returning visitors see no layout shift;
 * React then drops it entirely.
 */
export function AnnouncementBar() {
  const { text, enabled, key = '1' } = useAnnouncement();
  const [dismissed, setDismissed] = useState<string | null>(null);
  useEffect(() => {
    // Storage disabled or empty: the bar simply shows.
    setDismissed(readStored(STORAGE_KEYS.announcementDismissed));
  }, []);
  if (!enabled || text.trim() === '' || dismissed === key) return null;
  const dismiss = () => {
    // When storage cannot keep it, the bar is still hidden for this page view.
    writeStored(STORAGE_KEYS.announcementDismissed, key);
    setDismissed(key);
  };
  return (
    <aside aria-label="Announcement" data-key={key} className="announcement-bar bg-wine text-cream">
      <div className="mx-auto flex max-w-6xl items-center justify-center gap-2 px-4 py-2 text-center text-sm">
        <p className="flex-1">{text}</p>
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
