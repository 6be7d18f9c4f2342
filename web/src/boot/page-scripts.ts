/**
 * The two inline scripts of every page (docs/decisions/0007-boot-and-hydration.md), written as functions
 * that run in the page and inlined as `(function …)(arguments)`: the head script (index.html, through
 * ./vite-plugin.ts) and the boot script (put in place of the entry by scripts/prerender.ts, which reads it
 * from the SSR build). Each function uses nothing from outside its body: the names of ./protocol.ts come in
 * as arguments. The server allows each script by the hash of the exact text inlined (server/security/csp.ts
 * hashes the page as written), so nothing here needs to know about the policy.
 */
import { STORAGE_KEYS } from '../../../domain/config';
import { type RouteId, STATIC_PATHS, TOOL_ROUTES } from '../../../domain/routes';
import { HYDRATED_SIGNAL, ROOT_ID, STALE_ATTRIBUTE } from './protocol';

/** The chunk vite.config.ts puts React DOM in; the boot script evaluates it one task before the entry. */
export const REACT_DOM_CHUNK = 'react-dom';

type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

/** `(function …)(arguments)`: the text of an inline script that calls `run` with JSON arguments. */
export function inlineScript<A extends Json[]>(run: (...args: A) => void, ...args: A): string {
  const text = `(${run.toString()})(${args.map((a) => JSON.stringify(a)).join(', ')})`;
  // Compiled by a tool that adds helpers (tsx's keepNames adds __name, Vite's dev transform rewrites
  // import()), the function would call something the page does not have.
  if (/\b__\w+\(/.test(text)) throw new Error(`inlineScript: ${run.name} calls a compiler helper`);
  if (/<\/script/i.test(text)) throw new Error('inlineScript: the script contains </script');
  return text;
}

/**
 * The hash routes whose page the server prerenders at their path, that a hash URL on `/` is sent to
 * (docs/product/pages.md §2.1): the shop's pages and the product pages. Not the pages whose address carries
 * what only the browser should see (an order's key, a checkout session) nor the tools.
 */
const PATH_FORM_EXCLUDED: readonly RouteId[] = [
  'home',
  'order-confirmation',
  'order-lookup',
  'payment-canceled',
  ...TOOL_ROUTES,
];
export const PATH_FORM_PAGES: readonly string[] = Object.entries(STATIC_PATHS)
  .filter(([, id]) => !PATH_FORM_EXCLUDED.includes(id))
  .map(([path]) => path);
/** Product pages, `/product/{id}`, as a regular expression's source (JSON can carry it to the page). */
export const PATH_FORM_PRODUCT = '^/product/[A-Za-z0-9_-]+$';

/**
 * Runs in <head> before anything else of the page loads. A hash URL on `/` (`/#/shop`, `/#/product/1`:
 * the links the shop's pages share) whose route has a prerendered page goes to that page's path form at
 * once (stopping this page's loading), replacing this history entry: the server could only send the home
 * page's HTML for it, and the route's own content (its LCP image) would be found only once the app had
 * started. The path-form page puts the hash back (start-app.ts) and hydrates into the same app.
 * Otherwise: hides a dismissed announcement bar (no layout shift for returning visitors), and marks a
 * prerendered page whose hash asks for another route as stale, hiding its root until the app has
 * rendered that route.
 */
function beforeFirstPaint(
  dismissedKey: string,
  staleAttribute: string,
  rootId: string,
  pathFormPages: readonly string[],
  pathFormProduct: string,
): void {
  const html = document.documentElement;
  const hashPath = location.hash.slice(1).split('?')[0];
  const path = location.pathname.replace(/\/+$/, '') || '/';
  if (
    path === '/' &&
    location.search === '' &&
    hashPath &&
    (pathFormPages.indexOf(hashPath) >= 0 || new RegExp(pathFormProduct).test(hashPath))
  ) {
    // Nothing more of this page: the browser would go on parsing and rendering it, and fetching what it
    // names (the home page's photo, its catalogue), until the path form arrives, both competing with it.
    window.stop();
    location.replace(location.hash.slice(1));
    return;
  }
  try {
    // The key of the text the shopper dismissed (announcementKey): that text stays hidden, a new one shows.
    const dismissed = localStorage.getItem(dismissedKey);
    if (dismissed && /^[a-z0-9]{1,16}$/.test(dismissed)) {
      const hide = document.createElement('style');
      hide.textContent = `.announcement-bar[data-key="${dismissed}"]{display:none}`;
      document.head.append(hide);
      html.dataset.announcement = dismissed;
    }
  } catch {
    // Storage blocked (privacy mode): the bar shows, as for a first visit.
  }
  if (!hashPath || hashPath === path) return;
  html.setAttribute(staleAttribute, '1');
  const style = document.createElement('style');
  style.textContent = `[${staleAttribute}] #${rootId} { visibility: hidden; }`;
  document.head.append(style);
}

/** The head script's text (the same on every page). */
export function headScript(): string {
  return inlineScript(
    beforeFirstPaint,
    STORAGE_KEYS.announcementDismissed,
    STALE_ATTRIBUTE,
    ROOT_ID,
    PATH_FORM_PAGES,
    PATH_FORM_PRODUCT,
  );
}

/** What the boot script loads, from the client build. */
export interface BootAssets {
  /** The app's entry module. */
  readonly entry: string;
  /** The entry's static imports, React DOM's chunk among them. */
  readonly entryImports: readonly string[];
  /** React DOM's chunk (REACT_DOM_CHUNK). */
  readonly reactDom: string;
}

/**
 * Paint first, then boot. A prerendered page is complete without JavaScript, so nothing of the app may
 * compete with its first paint for the network or the main thread. This script starts the app only once
 * the page shows its content: after the first contentful paint, after the page's priority image (its LCP
 * element) has loaded, and two frames later so that frame has reached the screen. Then it preloads the
 * entry's static imports and the page's chunk, loads the server's flag values (/runtime-env.js) and the
 * entry, in that order (async=false).
 *
 * Until the app has hydrated, clicks on buttons and form submissions are held, and replayed when the app
 * calls window[hydratedSignal], as is the last choice made in each list (select); links are plain links,
 * so nothing a shopper does is lost. A form is never submitted by the browser itself, before hydration
 * or after. The timer starts
 * the app anyway in a tab that never paints (opened in the background) or a browser without paint timing.
 * A hash link to another page (stale), a hidden tab and a frame start at once.
 */
function paintFirstThenBoot(
  entry: string,
  entryImports: readonly string[],
  reactDom: string,
  pageImports: readonly string[],
  hydratedSignal: string,
  staleAttribute: string,
): void {
  const held: Element[] = [];
  const hold = (event: Event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const control =
      event.type === 'submit' ? target : target.closest('button, [role="button"], input[type="submit"]');
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(control);
  };
  // A choice in a list (the shop's sort order) made before hydration: React would hydrate the list back
  // to its own value and never hear of it, so the last choice of each is made again once it has.
  const chosen = new Map<HTMLSelectElement, string>();
  const choose = (event: Event) => {
    if (event.target instanceof HTMLSelectElement) chosen.set(event.target, event.target.value);
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  document.addEventListener('change', choose, true);
  // Every form of the shop's pages is the app's: it answers the submit and prevents the browser's own.
  // One it has not hydrated yet (a part still loading when a held press is replayed) would go out as a GET
  // of the page with its fields (names, addresses, messages) in the URL: the browser's own is stopped.
  window.addEventListener('submit', (event) => {
    if (!event.defaultPrevented) event.preventDefault();
  });
  (window as unknown as Record<string, () => void>)[hydratedSignal] = () => {
    document.removeEventListener('click', hold, true);
    document.removeEventListener('submit', hold, true);
    document.removeEventListener('change', choose, true);
    for (const [select, value] of chosen) {
      if (!select.isConnected) continue;
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    chosen.clear();
    for (const control of held.splice(0)) {
      if (!control.isConnected) continue;
      if (control instanceof HTMLFormElement) control.requestSubmit();
      else if (control instanceof HTMLElement) control.click();
    }
  };
  let started = false;
  const add = (...elements: Element[]) => document.head.append(...elements);
  const script = (attrs: Partial<HTMLScriptElement>) =>
    Object.assign(document.createElement('script'), { async: false }, attrs);
  const start = () => {
    if (started) return;
    started = true;
    add(script({ src: '/runtime-env.js' }));
    // Every request costs the main thread a little on a slow phone (a millisecond or more per file), so
    // the preload links go in two per task: the entry's imports first, then the page's chunk and its
    // imports, which hydration then finds requested already instead of asking for all at once.
    const links = entryImports
      .concat(pageImports)
      .map((href) =>
        Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' }),
      );
    const addSome = () => {
      add(...links.splice(0, 2));
      if (links.length > 0) setTimeout(addSome, 0);
    };
    addSome();
    // React DOM is evaluated in a task of its own, the app's entry (which imports it) in the next one: two
    // shorter tasks instead of one long one. A module script's load event comes after its evaluation; it
    // runs as soon as it arrives (async), while the entry waits for /runtime-env.js (async=false).
    const addEntry = () => add(script({ type: 'module', src: entry, crossOrigin: '' }));
    const vendor = script({ type: 'module', src: reactDom, crossOrigin: '', async: true });
    vendor.addEventListener('load', () => setTimeout(addEntry, 0));
    vendor.addEventListener('error', addEntry);
    add(vendor);
  };
  const afterFrames = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
  const afterContent = () => {
    const image = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
    if (image && !image.complete) {
      image.addEventListener('load', afterFrames);
      image.addEventListener('error', afterFrames);
    } else afterFrames();
  };
  // Nothing to wait for: a stale page shows nothing until the app renders the hash's route; a hidden tab
  // and a frame (the diagnostics tool's invisible one) may never report a paint.
  if (
    document.documentElement.hasAttribute(staleAttribute) ||
    document.visibilityState === 'hidden' ||
    window.top !== window
  ) {
    start();
    return;
  }
  setTimeout(start, 3000);
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      afterContent();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    start();
  }
}

/**
 * The boot script's text for one page: the same for all but the page's own chunk and its imports.
 * The entry comes first, where the journeys look for it (tests/e2e/prerender.spec.ts).
 */
export function bootScript(assets: BootAssets, pageImports: readonly string[]): string {
  return inlineScript(
    paintFirstThenBoot,
    assets.entry,
    assets.entryImports,
    assets.reactDom,
    pageImports,
    HYDRATED_SIGNAL,
    STALE_ATTRIBUTE,
  );
}
