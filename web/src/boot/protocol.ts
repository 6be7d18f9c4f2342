/**
 * The names the prerendered page's inline scripts and the app share, and the app's side of the protocol
 * (docs/decisions/0007-boot-and-hydration.md). The inline scripts themselves are in ./page-scripts.ts;
 * they receive these names as arguments, so each name is written here only.
 */

/** The element the app renders into; prerendered pages carry the route's HTML in it. */
export const ROOT_ID = 'root';

/** On the root: the path the HTML was prerendered for. Its presence means "hydrate, don't render". */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * On the root: the URL of the catalogue snapshot the HTML was rendered from (`/catalogue/{hash}.json`,
 * immutable). The app is hydrated from that same snapshot, so the HTML and the first render agree.
 */
export const CATALOGUE_ATTRIBUTE = 'data-catalogue';

/**
 * On <html>: the URL's hash asks for another route than the prerendered HTML shows (/#/cart on the home
 * page's HTML). Set by the head script before the first paint, which also hides the root meanwhile; the
 * shell removes it once it renders the hash's route.
 */
export const STALE_ATTRIBUTE = 'data-stale';

/**
 * On window: installed by the boot script, which holds clicks and submits made before the app started;
 * the app calls it once the page has hydrated, and the held ones are replayed.
 */
export const HYDRATED_SIGNAL = '__solasHydrated';

/** Whether the document still shows a prerendered page other than its hash route. */
export function isStale(doc: Document = document): boolean {
  return doc.documentElement.hasAttribute(STALE_ATTRIBUTE);
}

/** Reveals the root: called by the shell once it renders the hash's own route. */
export function clearStale(doc: Document = document): void {
  doc.documentElement.removeAttribute(STALE_ATTRIBUTE);
}

/** The page has hydrated: replays what the boot script held (nothing when the page was not prerendered). */
export function signalHydrated(): void {
  const signal = (window as unknown as Record<string, unknown>)[HYDRATED_SIGNAL];
  if (typeof signal === 'function') signal();
}
