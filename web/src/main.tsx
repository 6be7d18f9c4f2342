import { StrictMode, startTransition } from 'react';
import { resolvePath } from '../../domain/routes';
import { App } from './app/app';
import { preloadPage } from './app/page-registry';
import type { HashLocation } from './app/router';
import { installGlobalErrorHandlers } from './features/error-tracking/global-handlers';
import { createRoot, hydrateRoot } from './react-dom-client';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// A path-form URL (/product/3, served prerendered) boots the app on the matching hash route.
const { pathname, search, hash } = window.location;
if (pathname !== '/' && (hash === '' || hash === '#')) {
  history.replaceState(history.state, '', `/#${pathname}${search}`);
}

const render = (initialLocation?: HashLocation) => (
  <StrictMode>
    <App initialLocation={initialLocation} />
  </StrictMode>
);

// Before the app renders, in a task of its own (the first listeners on window cost a few milliseconds on a
// slow phone); the shell's useErrorTracking installs them too, once, where this file does not run (tests).
setTimeout(installGlobalErrorHandlers, 0);

const prerendered = root.dataset.prerendered;
if (prerendered) {
  // Hydrate against the location the page was prerendered for (the router's server snapshot); the router
  // then moves to the real hash route, if different, without a hydration mismatch. Loading the page's
  // chunk first means hydration never replaces the server HTML with a fallback (no flash, no second LCP).
  const resolution = resolvePath(prerendered);
  // In a transition, React hydrates in slices of a few milliseconds and yields to the browser between
  // them, instead of one long task that blocks input on a slow phone (Lighthouse's TBT). The page is
  // already painted; clicks made before the app started are replayed once it has (scripts/prerender.mjs).
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
} else {
  createRoot(root).render(render());
}
