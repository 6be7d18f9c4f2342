/**
 * A small hash router (see docs/decisions/0001-hash-router.md). The shop routes on the hash (docs/product/pages.md §2.1); a router
 * library would cost 14+ KB gzip of the 95 KB home budget for features this shop does not use. Paths and
 * queries live after the '#': '#/shop?q=pearl'. Links are plain <a href="#/..."> so they work before
 * hydration and with every browser feature (open in new tab, copy link).
 */
import {
  type AnchorHTMLAttributes,
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { afterNextPaint } from './after-next-paint';

export interface HashLocation {
  readonly path: string;
  readonly search: string;
}

export function parseHash(hash: string): HashLocation {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  const q = raw.indexOf('?');
  const pathPart = q === -1 ? raw : raw.slice(0, q);
  const search = q === -1 ? '' : raw.slice(q + 1);
  let path = pathPart === '' ? '/' : pathPart;
  if (!path.startsWith('/')) path = `/${path}`;
  return { path, search };
}

export function toHref(to: string): string {
  return `#${to.startsWith('/') ? to : `/${to}`}`;
}

function subscribe(callback: () => void): () => void {
  window.addEventListener('hashchange', callback);
  window.addEventListener('popstate', callback);
  return () => {
    window.removeEventListener('hashchange', callback);
    window.removeEventListener('popstate', callback);
  };
}

export interface NavigateOptions {
  readonly replace?: boolean;
}

export function navigate(to: string, options: NavigateOptions = {}): void {
  const href = toHref(to);
  if (options.replace) {
    history.replaceState(history.state, '', href);
    // replaceState fires no event; tell subscribers ourselves.
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else if (window.location.hash !== href) {
    window.location.hash = href.slice(1);
  }
}

/**
 * What the router shares never changes after it mounts, so a change of the query propagates no context:
 * React walks every fiber under a provider whose value changes to find its readers (on /shop, 27 cards'
 * worth: about 16 ms of a filter tap's 55 ms at 4x, bench:inp). Readers of the query subscribe to the
 * hash themselves (useLocation), and re-render only when the query they see changes.
 */
interface RouterContextValue {
  /** The hash the server rendered: the snapshot readers hydrate with. */
  readonly serverHash: string;
  /** The location last rendered for the shown path (see HashRouter), for a reader mounted mid-move. */
  readonly committed: { current: HashLocation };
}

const RouterContext = createContext<RouterContextValue | null>(null);

/**
 * The path alone, for what does not read the query (the page switch, the menus' current link): a filter,
 * the sort or the search changes only the query, and a context's change re-renders each of its readers,
 * memo or not (bench:inp: every card's links re-rendered inside a filter's tap).
 */
const PathContext = createContext<string | null>(null);

/**
 * The home page is served at `/` with no hash; it is the route `#/`. Reporting it as such (not '') keeps
 * the snapshot equal to the prerendered one, so hydration is not followed by a synchronous re-render of
 * the whole page (React compares the two snapshots right after hydrating).
 */
function clientHash(): string {
  const hash = window.location.hash;
  return hash === '' || hash === '#' ? '#/' : hash;
}

/**
 * `initialLocation` is what the server or the prerenderer renders; in the browser the hash decides.
 *
 * A move to another path (a product card, a link in the menu) renders the new page after the tap's frame
 * has painted, in a transition: the render right after the hash changes keeps the current location (and
 * so re-renders nothing), and the new page is rendered after the next frame, in slices React can
 * interrupt. The hash store's own updates are synchronous, and Chromium fires popstate inside a link's
 * click: without this, the whole new page rendered inside the tap's event (bench:inp, opening a product:
 * 90-130 ms of processing on a slow phone). Not with useDeferredValue: its render is a task the browser
 * may run before painting the tap's frame, which then waited for the whole page. A change of the query
 * alone (filters, sort, search) stays synchronous: it is the same page, and the listing's controls show
 * their new state in the frame of the input that changed it.
 */
export function HashRouter({
  children,
  initialLocation,
}: {
  children: ReactNode;
  initialLocation?: HashLocation;
}) {
  const serverHash = initialLocation
    ? `#${initialLocation.path}${initialLocation.search ? `?${initialLocation.search}` : ''}`
    : '#/';
  const hash = useSyncExternalStore(subscribe, clientHash, () => serverHash);
  const current = useMemo(() => parseHash(hash), [hash]);
  // The path whose page is rendered; the hash moves first, this follows a frame later.
  const [shownPath, setShownPath] = useState(current.path);
  // The location last rendered for the shown path: what the app keeps seeing while the next path waits
  // for its frame.
  const committed = useRef(current);
  if (current.path === shownPath) committed.current = current;
  const location = committed.current;
  const [shared] = useState<RouterContextValue>(() => ({ serverHash, committed }));
  useEffect(() => {
    if (current.path === shownPath) return;
    const to = current.path;
    // The tap's own frame needs something to paint: with nothing changed on screen the browser counts
    // the tap until the new page's frame (bench:inp). A bar across the top until it renders: styles.css,
    // [data-route-pending] on <html>.
    const html = document.documentElement;
    html.setAttribute('data-route-pending', '');
    const cancel = afterNextPaint(() => startTransition(() => setShownPath(to)));
    return () => {
      cancel();
      html.removeAttribute('data-route-pending');
    };
  }, [current.path, shownPath]);
  return (
    <PathContext.Provider value={location.path}>
      <RouterContext.Provider value={shared}>{children}</RouterContext.Provider>
    </PathContext.Provider>
  );
}

/**
 * Where the shopper is: the shown path and its query. While a move to another path waits for its frame
 * (HashRouter), the hash already names the next page; the reader keeps the query it last saw for the
 * shown path, as the page it is on still shows it. The snapshot is the query string itself, so a hash
 * change that leaves it alone re-renders nothing.
 */
export function useLocation(): HashLocation {
  const ctx = useContext(RouterContext);
  const path = useContext(PathContext);
  if (!ctx || path === null) throw new Error('useLocation must be used within a HashRouter');
  const seen = useRef<string | null>(null);
  const getSnapshot = useCallback(() => {
    const hashed = parseHash(clientHash());
    if (hashed.path === path) seen.current = hashed.search;
    // Mounted while a move is pending: the query the router last rendered for this path.
    seen.current ??= ctx.committed.current.path === path ? ctx.committed.current.search : '';
    return seen.current;
  }, [ctx, path]);
  const search = useSyncExternalStore(subscribe, getSnapshot, () => parseHash(ctx.serverHash).search);
  return useMemo(() => ({ path, search }), [path, search]);
}

/** The current path, re-rendering only when the path changes (not the query). */
export function usePath(): string {
  const path = useContext(PathContext);
  if (path === null) throw new Error('usePath must be used within a HashRouter');
  return path;
}

export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams, options?: NavigateOptions) => void,
] {
  const { path, search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: URLSearchParams, options: NavigateOptions = { replace: true }) => {
      const s = next.toString();
      navigate(s ? `${path}?${s}` : path, options);
    },
    [path],
  );
  return [params, set];
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  readonly to: string;
  /** Mark the link aria-current="page" when it points at the current path. */
  readonly markCurrent?: boolean;
}

/**
 * A link to a route. Only a link that marks the current page reads where the shopper is; the others (every
 * product card's) never re-render for a move.
 */
export function Link({ to, markCurrent, children, ...rest }: LinkProps) {
  if (markCurrent) {
    return (
      <CurrentPageLink to={to} {...rest}>
        {children}
      </CurrentPageLink>
    );
  }
  return (
    <a href={toHref(to)} {...rest}>
      {children}
    </a>
  );
}

function CurrentPageLink({ to, children, ...rest }: Omit<LinkProps, 'markCurrent'>) {
  const current = to.split('?')[0] === usePath() ? 'page' : undefined;
  return (
    <a href={toHref(to)} aria-current={current} {...rest}>
      {children}
    </a>
  );
}
