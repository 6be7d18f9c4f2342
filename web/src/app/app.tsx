import { type ErrorInfo, Suspense, useEffect, useMemo, useRef } from 'react';
import type { CatalogueIndex } from '../../../domain/catalogue/catalogue-index';
import type { CatalogueSnapshot } from '../../../domain/catalogue/snapshot';
import { type Resolution, resolvePath } from '../../../domain/routes';
import { clearStale, signalHydrated } from '../boot/protocol';
import { HydrateLater } from '../components/hydrate-later';
import { LazyToaster } from '../components/ui/toast';
import { CatalogueProvider, useCatalogue } from '../features/catalogue-snapshot/catalogue-context';
import { DebugPanels } from '../features/debug-panels';
import { report, reportRenderError } from '../features/error-tracking/report';
import { useErrorTracking } from '../features/error-tracking/use-error-tracking';
import { type HashLocation, HashRouter, navigate, parseHash, usePath } from '../lib/router';
import { ErrorBoundary } from './error-boundary';
import { AnnouncementBar } from './layout/announcement-bar';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { pageComponent } from './page-registry';
import { AppProviders } from './providers';

function PageFallback() {
  // Keeps the footer below the fold while a page chunk loads, so nothing jumps when it arrives.
  return (
    <div className="mx-auto min-h-[70vh] max-w-6xl px-4 py-16" aria-busy="true">
      <p className="page-loading flex items-center gap-3 text-muted">
        <span
          aria-hidden="true"
          className="inline-block size-4 animate-spin rounded-full border-2 border-line border-t-wine"
        />
        Loading…
      </p>
    </div>
  );
}

/**
 * The page's boot script holds clicks and submits made before the app started; they are replayed once the
 * page itself has hydrated. Inside the page's Suspense boundary, because React hydrates that boundary after
 * the shell, and a click on a part not yet hydrated would be dropped.
 */
function PageHydrated() {
  useEffect(signalHydrated, []);
  return null;
}

/**
 * Reveals a prerendered page that was hidden because the hash asks for another route (/#/shop served the
 * home page's HTML): once that route's page itself is rendered, inside its Suspense boundary, never while
 * the boundary shows the placeholder. Revealed with the placeholder, the page arriving a moment later on a
 * busy phone moved the footer and everything below it (a layout shift). During hydration the router still
 * reports the prerendered route: only the hash's own route reveals.
 */
function RevealWhenShown({ path }: { path: string }) {
  useEffect(() => {
    if (parseHash(window.location.hash).path === path) clearStale();
  }, [path]);
  return null;
}

/** A page that failed to render shows the error in its place, revealed as the page would have been. */
function onPageError(error: Error, info: ErrorInfo): void {
  clearStale();
  reportRenderError(error, info);
}

/** The main area: the skip link's target, and where focus goes on a route change. */
const focusMain = (options?: FocusOptions) => document.getElementById('main')?.focus(options);

function useRouteEffects(resolution: Resolution, path: string, catalogue: CatalogueIndex): void {
  useEffect(() => {
    if (resolution.kind === 'redirect') navigate(resolution.to, { replace: true });
  }, [resolution]);

  // docs/product/pages.md §2.1: the page scrolls to the top on every route change (not on query changes such as filters). Not
  // when the app starts on the page it was loaded with: the shopper may have scrolled the prerendered page
  // already, and a reload keeps its position.
  // Focus moves to the main area with it (docs/product/pages.md §2.1): the link that was pressed is gone with the
  // old page, so focus would fall back to the document's start; a screen reader now reads the new page
  // and Tab goes on from its content.
  const firstPath = useRef(path);
  useEffect(() => {
    if (firstPath.current === path) return;
    firstPath.current = '';
    window.scrollTo(0, 0);
    focusMain({ preventScroll: true });
  }, [path]);

  useEffect(() => {
    if (resolution.kind !== 'route') return;
    const { match } = resolution;
    // Metadata (page texts, JSON-LD) loads after first paint: prerendered pages already carry their head,
    // and the home page's JS budget has no room for it. In a task of its own, not in the effects pass
    // right after hydration: requesting the chunk costs the main thread a little per file.
    const timer = setTimeout(() => {
      void import('../features/pages/apply-meta').then(({ applyRouteMeta }) => {
        if (parseHash(window.location.hash).path === match.path) applyRouteMeta(match, catalogue);
      });
    }, 0);
    if (resolution.match.id === 'not-found') {
      report({
        type: 'error',
        message: `404: no route for ${resolution.match.path}`,
        extra: { kind: 'not-found' },
      });
    }
    return () => clearTimeout(timer);
  }, [resolution, catalogue]);
}

function RouteView() {
  const path = usePath();
  const resolution = useMemo(() => resolvePath(path), [path]);
  const catalogue = useCatalogue();
  useRouteEffects(resolution, path, catalogue);
  useErrorTracking(path);
  if (resolution.kind === 'redirect') return <PageFallback />;
  const Page = pageComponent(resolution.match.id);
  return (
    <ErrorBoundary key={path} onError={onPageError}>
      <Suspense fallback={<PageFallback />}>
        <Page />
        <RevealWhenShown path={path} />
        <PageHydrated />
      </Suspense>
    </ErrorBoundary>
  );
}

export interface AppProps {
  /** The catalogue this page is rendered from (the server's current snapshot, the same in the browser). */
  readonly catalogue: CatalogueSnapshot;
  readonly initialLocation?: HashLocation;
}

export function App({ catalogue, initialLocation }: AppProps) {
  return (
    <CatalogueProvider catalogue={catalogue}>
      <HashRouter initialLocation={initialLocation}>
        <AppProviders>
          {/* A button, not <a href="#main">: the hash is the router's, so an in-page anchor would navigate. */}
          <button
            type="button"
            onClick={() => focusMain()}
            className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-cream focus:px-4 focus:py-2"
          >
            Skip to content
          </button>
          <AnnouncementBar />
          <Header />
          <main id="main" tabIndex={-1} className="focus:outline-none">
            <RouteView />
          </main>
          <HydrateLater>
            <Footer />
          </HydrateLater>
          <LazyToaster />
          <DebugPanels />
        </AppProviders>
      </HashRouter>
    </CatalogueProvider>
  );
}
