import { useRef } from 'react';
import { TIMINGS_MS } from '../../../../domain/config';
import { Sheet } from '../../components/ui/sheet';
import { Link } from '../../lib/router';
import { MOBILE_NAV_LINKS } from './nav-links';

export interface MobileMenuProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}

/**
 * Default mobile menu: a left slide-in dialog titled Menu (Radix: focus trap, Escape, backdrop click and
 * scroll lock). Focus moves to the first control about 100 ms after opening (docs/product/pages.md §2.2).
 */
export function MobileMenu({ open, onOpenChange }: MobileMenuProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const focusFirstLater = (event: Event) => {
    event.preventDefault();
    window.setTimeout(() => {
      const content = listRef.current?.closest<HTMLElement>('[role="dialog"]');
      content?.querySelector<HTMLElement>('button, a[href]')?.focus();
    }, TIMINGS_MS.mobileMenuFocusDelay);
  };
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Menu" side="left" onOpenAutoFocus={focusFirstLater}>
      <nav aria-label="Mobile" className="px-2 py-4">
        <ul ref={listRef} className="space-y-1">
          {MOBILE_NAV_LINKS.map((l) => (
            <li key={l.to}>
              <Link
                to={l.to}
                markCurrent
                onClick={() => onOpenChange(false)}
                className="block rounded-lg px-4 py-3 text-lg hover:bg-sand aria-[current=page]:bg-sand aria-[current=page]:font-semibold aria-[current=page]:text-wine"
              >
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Sheet>
  );
}
