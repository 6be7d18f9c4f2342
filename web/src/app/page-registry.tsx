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
