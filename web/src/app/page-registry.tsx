/**
 * Route id -> page component. Every page is its own chunk (React.lazy), so the home page ships only the
 * shell and itself; `preloadPage` lets the prerenderer and hydration load a chunk before rendering.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { RouteId } from '../../../domain/routes';

type PageModule = () => Promise<{ default: ComponentType }>;

const loaders: Readonly<Record<RouteId, PageModule>> = {
  home: () => import('../pages/home-page').then((m) => ({ default: m.HomePage })),
  shop: () => import('../pages/shop-page').then((m) => ({ default: m.ShopPage })),
  'best-sellers': () => import('../pages/shop-page').then((m) => ({ default: m.BestSellersPage })),
  product: () => import('../pages/product-page').then((m) => ({ default: m.ProductPage })),
  cart: () => import('../pages/cart-page').then((m) => ({ default: m.CartPage })),
  about: () => import('../pages/about-page').then((m) => ({ default: m.AboutPage })),
  'bespoke-corporate': () =>
    import('../pages/bespoke-corporate-page').then((m) => ({ default: m.BespokeCorporatePage })),
  'coming-soon': () => import('../pages/coming-soon-page').then((m) => ({ default: m.ComingSoonPage })),
  'order-confirmation': () =>
    import('../pages/order-confirmation-page').then((m) => ({ default: m.OrderConfirmationPage })),
  'payment-canceled': () =>
    import('../pages/payment-canceled-page').then((m) => ({ default: m.PaymentCanceledPage })),
  'privacy-policy': () =>
    import('../pages/legal/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })),
  'terms-conditions': () =>
    import('../pages/legal/terms-conditions-page').then((m) => ({ default: m.TermsConditionsPage })),
  'returns-refunds': () =>
    import('../pages/legal/returns-refunds-page').then((m) => ({ default: m.ReturnsRefundsPage })),
  'cookie-policy': () =>
    import('../pages/legal/cookie-policy-page').then((m) => ({ default: m.CookiePolicyPage })),
  'image-editor': () =>
    import('../pages/tools/image-editor-page').then((m) => ({ default: m.ImageEditorPage })),
  diagnostics: () => import('../pages/tools/diagnostics-page').then((m) => ({ default: m.DiagnosticsPage })),
  'checkout-test-plan': () =>
    import('../pages/tools/checkout-test-plan-page').then((m) => ({ default: m.CheckoutTestPlanPage })),
  'checkout-health': () =>
    import('../pages/tools/checkout-health-page').then((m) => ({ default: m.CheckoutHealthPage })),
  'error-test': () => import('../pages/tools/error-test-page').then((m) => ({ default: m.ErrorTestPage })),
  'not-found': () => import('../pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
};

/**
 * Each route's page module as the client build's manifest names it. The prerenderer preloads the page's
 * chunk and its imports from the boot script, a few per task, so that hydration finds them requested
 * already (scripts/prerender.mjs). Kept equal to the imports above by page-registry.test.ts.
 */
export const PAGE_SOURCES: Readonly<Record<RouteId, string>> = {
  home: 'src/pages/home-page.tsx',
  shop: 'src/pages/shop-page.tsx',
  'best-sellers': 'src/pages/shop-page.tsx',
  product: 'src/pages/product-page.tsx',
  cart: 'src/pages/cart-page.tsx',
  about: 'src/pages/about-page.tsx',
  'bespoke-corporate': 'src/pages/bespoke-corporate-page.tsx',
  'coming-soon': 'src/pages/coming-soon-page.tsx',
  'order-confirmation': 'src/pages/order-confirmation-page.tsx',
  'payment-canceled': 'src/pages/payment-canceled-page.tsx',
  'privacy-policy': 'src/pages/legal/privacy-policy-page.tsx',
  'terms-conditions': 'src/pages/legal/terms-conditions-page.tsx',
  'returns-refunds': 'src/pages/legal/returns-refunds-page.tsx',
  'cookie-policy': 'src/pages/legal/cookie-policy-page.tsx',
  'image-editor': 'src/pages/tools/image-editor-page.tsx',
  diagnostics: 'src/pages/tools/diagnostics-page.tsx',
  'checkout-test-plan': 'src/pages/tools/checkout-test-plan-page.tsx',
  'checkout-health': 'src/pages/tools/checkout-health-page.tsx',
  'error-test': 'src/pages/tools/error-test-page.tsx',
  'not-found': 'src/pages/not-found-page.tsx',
};

const lazyPages = new Map<RouteId, LazyExoticComponent<ComponentType>>();
const loadedPages = new Map<RouteId, ComponentType>();

export function pageComponent(id: RouteId): ComponentType {
  const existing = lazyPages.get(id) ?? loadedPages.get(id);
  if (existing) return existing;
  const page = lazy(loaders[id]);
  lazyPages.set(id, page);
  return page;
}

/**
 * Loads a page's chunk; a page loaded this way before its first render is rendered directly, not through
 * React.lazy (whose first render always suspends, even for a loaded module), so hydration never meets a
 * suspended page and never swaps the prerendered HTML for the fallback.
 */
export async function preloadPage(id: RouteId): Promise<unknown> {
  const module = await loaders[id]();
  if (!lazyPages.has(id)) loadedPages.set(id, module.default);
  return module;
}
