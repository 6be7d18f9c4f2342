import { type KeyboardEvent, type MouseEvent, useEffect, useRef } from 'react';
import { TIMINGS_MS } from '../../../../domain/config';
import { Link } from '../../lib/router';
import type { MobileMenuProps } from './mobile-menu';
import { MOBILE_NAV_LINKS } from './nav-links';

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Alternative mobile menu (flag mobile_nav): the browser's own modal <dialog>, drawn as a full-height
 * panel with large links. Same contract as the default: titled Menu, Close button, backdrop click and
 * Escape close it, page scroll locked, focus on the first control after about 100 ms, Tab stays inside.
 */
export function MobileMenuAlt({ open, onOpenChange }: MobileMenuProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      const previousOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
      const timer = window.setTimeout(() => {
        dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus();
      }, TIMINGS_MS.mobileMenuFocusDelay);
      return () => {
        window.clearTimeout(timer);
        document.body.style.overflow = previousOverflow;
        if (dialog.open) dialog.close();
        if (opener.current instanceof HTMLElement) opener.current.focus();
      };
    }
    return undefined;
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // A click whose target is the <dialog> itself landed on its ::backdrop.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onOpenChange(false);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby="mobile-menu-alt-title"
      onCancel={(e) => {
        e.preventDefault();
        onOpenChange(false);
      }}
      onKeyDown={onKeyDown}
      onClick={onClick}
      className="m-0 h-full max-h-none w-full max-w-none bg-wine p-0 text-cream backdrop:bg-ink/50 sm:w-96"
    >
      <div className="flex h-full flex-col p-6">
        <div className="flex items-center justify-between">
          <h2 id="mobile-menu-alt-title" className="font-serif text-2xl">
            Menu
          </h2>
          <button
            type="button"
            aria-label="Close"
            onClick={() => onOpenChange(false)}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-wine-dark focus-visible:outline-cream"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <nav aria-label="Mobile" className="mt-8">
          <ul className="space-y-2">
            {MOBILE_NAV_LINKS.map((l) => (
              <li key={l.to}>
                <Link
                  to={l.to}
                  markCurrent
                  onClick={() => onOpenChange(false)}
                  className="block py-2 font-serif text-3xl hover:underline focus-visible:outline-cream aria-[current=page]:underline"
                >
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </dialog>
  );
}
