/**
 * The app's start in the browser (docs/decisions/0007-boot-and-hydration.md): hydrates a prerendered page
 * in place, or renders into an empty root (development, a page the server did not prerender).
 */
import { type ReactNode, startTransition } from 'react';
import { resolvePath } from '../../../domain/routes';
import { preloadPage } from '../app/page-registry';
import type { HashLocation } from '../lib/router';
import { PRERENDERED_ATTRIBUTE, ROOT_ID } from './protocol';
import { createRoot, hydrateRoot } from './react-dom-client';

export function startApp(render: (initialLocation?: HashLocation) => ReactNode): void {
  const root = document.getElementById(ROOT_ID);
  if (!root) throw new Error(`Missing #${ROOT_ID} element`);

  // A path-form URL (/product/3, served prerendered) boots the app on the matching hash route.
  const { pathname, search, hash } = window.location;
  if (pathname !== '/' && (hash === '' || hash === '#')) {
    history.replaceState(history.state, '', `/#${pathname}${search}`);
  }

  const prerendered = root.getAttribute(PRERENDERED_ATTRIBUTE);
  if (!prerendered) {
    createRoot(root).render(render());
    return;
  }
  // Hydrate against the location the page was prerendered for (the router's server snapshot); the router
  // then moves to the real hash route, if different, without a hydration mismatch. Loading the page's
  // chunk first means hydration never replaces the server HTML with a fallback (no flash, no second LCP).
  const resolution = resolvePath(prerendered);
  // In a transition, React hydrates in slices of a few milliseconds and yields to the browser between
  // them, instead of one long task that blocks input on a slow phone (Lighthouse's TBT). The page is
  // already painted; clicks made before the app started are replayed once it has (signalHydrated).
  const hydrate = () => {
    startTransition(() => {
      hydrateRoot(root, render({ path: prerendered, search: '' }));
    });
  };
  // A task boundary between evaluating the page's chunk and the first slice of hydration keeps both out of
  // one long task.
  const hydrateSoon = () => setTimeout(hydrate, 0);
  if (resolution.kind === 'route') {
    const id = resolution.match.id;
    // Requesting the page's chunk (and a preload link per file it imports) takes a few milliseconds of
    // main thread per file on a slow phone: a task of its own, not the end of evaluating this module.
    setTimeout(() => preloadPage(id).then(hydrateSoon, hydrateSoon), 0);
  } else hydrateSoon();
}
