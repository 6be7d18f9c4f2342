import { useSyncExternalStore } from 'react';
import { BRAND } from '../../../../domain/config';
import { socialLinks } from '../../../../domain/settings/social-links';
import { SELLER, SELLER_FOOTER } from '../../features/settings/seller-footer';
import { useSocial } from '../../features/settings/social';
import { Link } from '../../lib/router';

const GROUPS = [
  {
    title: 'Shop',
    links: [
      { to: '/shop', label: 'All Bracelets' },
      { to: '/collections/best-sellers', label: 'Best Sellers' },
      { to: '/coming-soon', label: 'Coming Soon' },
      { to: '/bespoke-corporate', label: 'Bespoke & Corporate' },
      { to: '/gift-cards', label: 'Gift cards' },
    ],
  },
  {
    title: 'Customer Service',
    links: [
      { to: '/returns-refunds', label: 'Shipping & Returns' },
      { to: '/about', label: 'About Us' },
      { to: '/cart', label: 'Cart' },
      { to: '/order', label: 'Find your order' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms-conditions', label: 'Terms & Conditions' },
      { to: '/cookie-policy', label: 'Cookie Policy' },
    ],
  },
] as const;

/** Set by vite.config.ts at build time; absent in tests, where the current year stands in. */
declare const __BUILD_YEAR__: number | undefined;

const noSubscription = () => () => {};
const currentYear = () => new Date().getFullYear();
const buildYear = () => (typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : currentYear());

/**
 * The copyright year. Hydration renders the prerendered page's year (React's server snapshot), and the
 * render after it the current one: a page built last year hydrates without a mismatch and still shows
 * this year.
 */
function useYear(): number {
  return useSyncExternalStore(noSubscription, currentYear, buildYear);
}

export function Footer() {
  const year = useYear();
  // The owner's links from Settings; none given, no list (an empty heading-less list helps no one).
  const social = socialLinks(useSocial());
  return (
    <footer className="render-when-near mt-16 border-t border-line bg-sand">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-serif text-2xl text-wine">{BRAND.name}</p>
          <p className="mt-3 text-sm text-muted">{BRAND.footerBlurb}</p>
          {social.length > 0 ? (
            <ul className="mt-4 flex gap-4 text-sm" aria-label="Social media">
              {social.map((s) => (
                <li key={s.network}>
                  <a
                    href={s.url}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="inline-flex min-h-6 items-center underline hover:text-wine"
                  >
                    {s.network}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-4 text-sm">
            <a href={`mailto:${SELLER.email}`} className="underline hover:text-wine">
              {SELLER.email}
            </a>
          </p>
        </div>
        {GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="font-sans text-sm font-semibold uppercase tracking-wider">{group.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {group.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="hover:text-wine hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-line px-4 py-5 text-center text-xs text-muted">
        © {year} {BRAND.name}. Handcrafted in Ireland.
        <span className="mt-1 block">{SELLER_FOOTER}</span>
      </p>
    </footer>
  );
}
