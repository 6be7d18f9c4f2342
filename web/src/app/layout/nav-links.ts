/** Header, mobile menu and footer share one list (spec: Home, shop, about, Bespoke & Corporate, coming soon, cart). */
export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/shop', label: 'Shop' },
  { to: '/about', label: 'About' },
  { to: '/bespoke-corporate', label: 'Bespoke & Corporate' },
  { to: '/coming-soon', label: 'Coming Soon' },
  { to: '/cart', label: 'Cart' },
] as const;
