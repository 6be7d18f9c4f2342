/** The header's and the mobile menu's links, one list (docs/product/pages.md §2.2). */
export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/shop', label: 'Shop' },
  { to: '/about', label: 'About' },
  { to: '/bespoke-corporate', label: 'Bespoke & Corporate' },
  { to: '/gift-cards', label: 'Gift cards' },
  { to: '/coming-soon', label: 'Coming Soon' },
  { to: '/cart', label: 'Cart' },
] as const;

/**
 * The mobile menu's links: the header's, then Find your order (docs/product/order-flow.md §6.9). On a phone the menu
 * is the way around the shop, and a shopper who lost the confirmation e-mail must find the page there.
 */
export const MOBILE_NAV_LINKS = [...NAV_LINKS, { to: '/order', label: 'Find your order' }] as const;
