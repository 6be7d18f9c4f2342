/**
 * Route id -> page component. Every page is its own chunk (React.lazy), so the home page ships only the
 * shell and itself; `preloadPage` lets the prerenderer and hydration load a chunk before rendering.
 * page-registry.test.ts loads every route's page.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { RouteId } from '../../../domain/routes';

/**
 * Route id -> its page: the module under web/src/pages (without `.tsx`) and the component it exports. The
 * only list of pages: the loaders below and the module ids the prerenderer looks up in the client build's
 * manifest (`pageModuleId`) both come from it.
 */
const PAGES = {
  home: ['home-page', 'HomePage'],
  shop: ['shop-page', 'ShopPage'],
  'best-sellers': ['shop-page', 'BestSellersPage'],
  product: ['product-page', 'ProductPage'],
  cart: ['cart-page', 'CartPage'],
  about: ['about-page', 'AboutPage'],
  'bespoke-corporate': ['bespoke-corporate-page', 'BespokeCorporatePage'],
  'gift-cards': ['gift-cards-page', 'GiftCardsPage'],
  'coming-soon': ['coming-soon-page', 'ComingSoonPage'],
  'order-confirmation': ['order-confirmation-page', 'OrderConfirmationPage'],
  'order-lookup': ['order-lookup-page', 'OrderLookupPage'],
  order: ['order-page', 'OrderPage'],
  quote: ['quote-page', 'QuotePage'],
  'payment-canceled': ['payment-canceled-page', 'PaymentCanceledPage'],
  'privacy-policy': ['legal/privacy-policy-page', 'PrivacyPolicyPage'],
  'terms-conditions': ['legal/terms-conditions-page', 'TermsConditionsPage'],
  'returns-refunds': ['legal/returns-refunds-page', 'ReturnsRefundsPage'],
  'cookie-policy': ['legal/cookie-policy-page', 'CookiePolicyPage'],
  'image-editor': ['tools/image-editor-page', 'ImageEditorPage'],
  diagnostics: ['tools/diagnostics-page', 'DiagnosticsPage'],
  'checkout-test-plan': ['tools/checkout-test-plan-page', 'CheckoutTestPlanPage'],
  'checkout-health': ['tools/checkout-health-page', 'CheckoutHealthPage'],
  'error-test': ['tools/error-test-page', 'ErrorTestPage'],
  'not-found': ['not-found-page', 'NotFoundPage'],
} as const satisfies Readonly<Record<RouteId, readonly [module: string, component: string]>>;

/** Every page module, each a chunk of its own (Vite turns the glob into one dynamic import per file). */
const pageModules = import.meta.glob<Readonly<Record<string, unknown>>>('../pages/**/*-page.tsx');

async function loadPage(id: RouteId): Promise<{ default: ComponentType }> {
  const [module, component] = PAGES[id];
  const page = (await pageModules[`../pages/${module}.tsx`]?.())?.[component];
  if (typeof page !== 'function') throw new Error(`page-registry: no ${component} in pages/${module}.tsx`);
  return { default: page as ComponentType };
}

/**
 * The route's page module as the client build's manifest names it (relative to web/): the prerenderer
 * preloads its chunk and imports from the boot script, so that hydration finds them requested already.
 */
export function pageModuleId(id: RouteId): string {
  return `src/pages/${PAGES[id][0]}.tsx`;
}

const lazyPages = new Map<RouteId, LazyExoticComponent<ComponentType>>();
const loadedPages = new Map<RouteId, ComponentType>();

export function pageComponent(id: RouteId): ComponentType {
  const existing = lazyPages.get(id) ?? loadedPages.get(id);
  if (existing) return existing;
  const page = lazy(() => loadPage(id));
  lazyPages.set(id, page);
  return page;
}

/**
 * Loads a page's chunk; a page loaded this way before its first render is rendered directly, not through
 * React.lazy (whose first render always suspends, even for a loaded module), so hydration never meets a
 * suspended page and never swaps the prerendered HTML for the fallback.
 */
export async function preloadPage(id: RouteId): Promise<unknown> {
  const module = await loadPage(id);
  if (!lazyPages.has(id)) loadedPages.set(id, module.default);
  return module;
}
