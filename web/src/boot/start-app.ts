/**
 * The app's start in the browser (docs/decisions/0007-boot-and-hydration.md): hydrates a prerendered page
 * in place from the catalogue snapshot it was rendered from, or renders into an empty root (development,
 * a page the server did not prerender, a page whose snapshot is no longer served).
 */
import { type ReactNode, startTransition } from 'react';
import type { CatalogueSnapshot } from '../../../domain/catalogue/snapshot';
import type { ReviewsSnapshot } from '../../../domain/reviews/reviews';
import { resolvePath } from '../../../domain/routes';
import { preloadPage } from '../app/page-registry';
import type { HashLocation } from '../lib/router';
import type { LoadedCatalogue } from './load-catalogue';
import { PRERENDERED_ATTRIBUTE, ROOT_ID } from './protocol';
import { createRoot, hydrateRoot } from './react-dom-client';

export function startApp(
  render: (
    initialLocation: HashLocation | undefined,
    catalogue: CatalogueSnapshot,
    reviews: ReviewsSnapshot | null,
  ) => ReactNode,
): void {
  const root = document.getElementById(ROOT_ID);
  // The element's id as the message: every byte of the home page's initial JavaScript counts (check:size).
  if (!root) throw new Error(ROOT_ID);

  // A path-form URL (/product/3, served prerendered) boots the app on the matching hash route.
  const { pathname, search, hash } = window.location;
  if (pathname !== '/' && (hash === '' || hash === '#')) {
    history.replaceState(history.state, '', `/#${pathname}${search}`);
  }

  const prerendered = root.getAttribute(PRERENDERED_ATTRIBUTE);
  // Requested by the page's preload link already; this fetch takes that response. The loader is a chunk
  // of its own, fetched alongside the page's chunk, which hydration waits for anyway: the home page's
  // initial JavaScript has no room for it (npm run check:size).
  const catalogue = import('./load-catalogue').then((m) => m.loadCatalogue(root, prerendered));
  // Hydrate against the location the page was prerendered for (the router's server snapshot); the router
  // then moves to the real hash route, if different, without a hydration mismatch. Loading the page's
  // chunk first means hydration never replaces the server HTML with a fallback (no flash, no second LCP).
  // In a transition, React hydrates in slices of a few milliseconds and yields to the browser between
  // them, instead of one long task that blocks input on a slow phone (Lighthouse's TBT). The page is
  // already painted; clicks made before the app started are replayed once it has (signalHydrated).
  // Not prerendered, or from another snapshot than the one loaded: rendered afresh.
  const start = ({ snapshot, reviews, rendered }: LoadedCatalogue) => {
    if (rendered) {
      startTransition(() => {
        hydrateRoot(root, render({ path: prerendered ?? '/', search: '' }, snapshot, reviews));
      });
    } else createRoot(root).render(render(undefined, snapshot, reviews));
  };
  // Not prerendered (development): the page's chunk of the path, loaded before the first render as well.
  const resolution = resolvePath(prerendered ?? '/');
  // A task boundary between evaluating the page's chunk and the first slice of hydration keeps both out of
  // one long task.
  const hydrateSoon = () => catalogue.then((loaded) => setTimeout(() => start(loaded), 0));
  if (resolution.kind === 'route') {
    const id = resolution.match.id;
    // Requesting the page's chunk (and a preload link per file it imports) takes a few milliseconds of
    // main thread per file on a slow phone: a task of its own, not the end of evaluating this module.
    setTimeout(() => preloadPage(id).then(hydrateSoon, hydrateSoon), 0);
  } else hydrateSoon();
}
