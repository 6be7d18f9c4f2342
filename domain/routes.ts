/**
 * The route table, shared by the SPA's hash router and the server (which answers the same paths without
 * the hash, and lists them in sitemap.xml). Pure data and matching: no React, no Node.
 */
export const ROUTE_IDS = [
  'home',
  'shop',
  'best-sellers',
  'product',
  'cart',
  'about',
  'bespoke-corporate',
  'gift-cards',
  'coming-soon',
  'order-confirmation',
  'order-lookup',
  'order',
  'quote',
  'payment-canceled',
  'privacy-policy',
  'terms-conditions',
  'returns-refunds',
  'cookie-policy',
  'image-editor',
  'diagnostics',
  'checkout-test-plan',
  'checkout-health',
  'error-test',
  'not-found',
] as const;
export type RouteId = (typeof ROUTE_IDS)[number];

/** Fixed paths. /product/{id} is matched separately. */
export const STATIC_PATHS: Readonly<Record<string, RouteId>> = {
  '/': 'home',
  '/shop': 'shop',
  '/collections/best-sellers': 'best-sellers',
  '/cart': 'cart',
  '/about': 'about',
  '/bespoke-corporate': 'bespoke-corporate',
  '/gift-cards': 'gift-cards',
  '/coming-soon': 'coming-soon',
  '/order-confirmation': 'order-confirmation',
  '/order': 'order-lookup',
  '/payment-canceled': 'payment-canceled',
  '/privacy-policy': 'privacy-policy',
  '/terms-conditions': 'terms-conditions',
  '/returns-refunds': 'returns-refunds',
  '/cookie-policy': 'cookie-policy',
  '/image-editor': 'image-editor',
  '/diagnostics': 'diagnostics',
  '/checkout-test-plan': 'checkout-test-plan',
  '/checkout-health': 'checkout-health',
  '/error-test': 'error-test',
};

export const TOOL_ROUTES: readonly RouteId[] = [
  'image-editor',
  'diagnostics',
  'checkout-test-plan',
  'checkout-health',
  'error-test',
];

/**
 * Pages that only make sense for one visitor at one moment: never indexed. The cart is not one of them:
 * its page is the same for everyone until the browser fills it in (the bag lives in local storage), and
 * the budgets ask for SEO 100 on /cart (docs/product/quality-budgets.md §9.1), which Lighthouse refuses to a noindex page. It is
 * crawlable but left out of the sitemap (SITEMAP_EXCLUDED).
 */
export const NOINDEX_ROUTES: readonly RouteId[] = [
  ...TOOL_ROUTES,
  'order-confirmation',
  'order-lookup',
  'order',
  'quote',
  'payment-canceled',
  'not-found',
];

/** Indexable pages with nothing for a search result to show: not listed in sitemap.xml. */
export const SITEMAP_EXCLUDED: readonly RouteId[] = ['cart'];

export interface RouteMatch {
  readonly id: RouteId;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
}

export type Resolution =
  | { readonly kind: 'route'; readonly match: RouteMatch }
  | { readonly kind: 'redirect'; readonly to: string };

const REDIRECT_PREFIXES = ['/collections/', '/blog/', '/posts/', '/articles/'];
const REDIRECT_EXACT = ['/wishlist', '/collections', '/blog', '/posts', '/articles'];

export function normalizePath(path: string): string {
  let p = path.split(/[?#]/)[0] ?? '/';
  if (!p.startsWith('/')) p = `/${p}`;
  p = p.replace(/\/{2,}/g, '/');
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

export function resolvePath(rawPath: string): Resolution {
  const path = normalizePath(rawPath);
  const id = Object.hasOwn(STATIC_PATHS, path) ? STATIC_PATHS[path] : undefined;
  if (id) return { kind: 'route', match: { id, path, params: {} } };
  const product = /^\/product\/([^/]+)$/.exec(path);
  if (product?.[1]) {
    let productId = product[1];
    try {
      productId = decodeURIComponent(productId);
    } catch {
      // A malformed escape is just an unknown product id.
    }
    return { kind: 'route', match: { id: 'product', path, params: { id: productId } } };
  }
  // One shopper's order page (docs/product/order-flow.md §6.8) or one client's quote page (§17): the key is in the
  // query (hash form: after the '#').
  const keyed = /^\/(order|quote)\/([^/]+)$/.exec(path);
  if (keyed?.[2]) {
    let reference = keyed[2];
    try {
      reference = decodeURIComponent(reference);
    } catch {
      // A malformed escape is just a reference nothing has.
    }
    const id = keyed[1] === 'quote' ? 'quote' : 'order';
    return { kind: 'route', match: { id, path, params: { reference } } };
  }
  // docs/product/pages.md §2.1: /collections/best-sellers is matched above; the rest of these redirect to the shop.
  if (REDIRECT_EXACT.includes(path) || REDIRECT_PREFIXES.some((p) => path.startsWith(p))) {
    return { kind: 'redirect', to: '/shop' };
  }
  return { kind: 'route', match: { id: 'not-found', path, params: {} } };
}

export function productPath(id: string): string {
  return `/product/${encodeURIComponent(id)}`;
}
