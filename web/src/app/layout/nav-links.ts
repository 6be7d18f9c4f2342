/** The header's and the mobile menu's links, one list (docs/product.md §2.2). */
export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/shop', label: 'Shop' },
  { to: '/about', label: 'About' },
  { to: '/bespoke-corporate', label: 'Bespoke & Corporate' },
  { to: '/coming-soon', label: 'Coming Soon' },
  { to: '/cart', label: 'Cart' },
] as const;
