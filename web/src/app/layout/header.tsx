import { lazy, Suspense, useState } from 'react';
import { BRAND } from '../../../../domain/config';
import { useFlag } from '../../features/flags/use-flag';
import { afterNextPaint } from '../../lib/after-next-paint';
import { Link } from '../../lib/router';
import { CartButton } from './cart-button';

// The menus (and Radix Dialog with them, ~17 KB gzip) load on first open, not with every page.
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));
const MobileMenuAlt = lazy(() => import('./mobile-menu-alt').then((m) => ({ default: m.MobileMenuAlt })));

import { NAV_LINKS } from './nav-links';

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  // docs/product/states.md §5.7: mobile_nav selects the alternative implementation of the mobile menu.
  const altMenu = useFlag('mobile_nav');
  const Menu = altMenu ? MobileMenuAlt : MobileMenu;
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-cream/95 backdrop-blur supports-[backdrop-filter]:bg-cream/85">
      <div className="mx-auto grid h-16 max-w-6xl grid-cols-[1fr_auto_1fr] items-center px-4">
        <div className="flex items-center">
          <button
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-sand lg:hidden"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuOpen(true);
              // The menu's chunk is imported once the tap's frame is painted, not inside the tap: the
              // import adds its module-preload links to the page and starts loading Radix Dialog, which
              // made up most of the click's time (bench:inp). The menu can only show once the chunk is
              // in anyway, a frame later changes nothing there.
              if (!menuLoaded) afterNextPaint(() => setMenuLoaded(true));
            }}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
          </button>
        </div>
        <Link
          to="/"
          className="font-serif text-3xl tracking-wide text-wine"
          aria-label={`${BRAND.name} home`}
        >
          {BRAND.name}
        </Link>
        <div className="flex items-center justify-end gap-1">
          <CartButton />
        </div>
      </div>
      <nav aria-label="Main" className="hidden border-t border-line lg:block">
        <ul className="mx-auto flex max-w-6xl items-center justify-center gap-8 px-4 py-2 text-sm">
          {NAV_LINKS.map((l) => (
            <li key={l.to}>
              <Link
                to={l.to}
                markCurrent
                className="inline-block py-1 hover:text-wine aria-[current=page]:font-semibold aria-[current=page]:text-wine aria-[current=page]:underline aria-[current=page]:decoration-2"
              >
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {menuLoaded ? (
        <Suspense fallback={null}>
          <Menu open={menuOpen} onOpenChange={setMenuOpen} />
        </Suspense>
      ) : null}
    </header>
  );
}
