/**
 * A small hash router (see docs/decisions/0001-hash-router.md). The shop routes on the hash (docs/product.md §2.1); a router
 * library would cost 14+ KB gzip of the 95 KB home budget for features this shop does not use. Paths and
 * queries live after the '#': '#/shop?q=pearl'. Links are plain <a href="#/..."> so they work before
 * hydration and with every browser feature (open in new tab, copy link).
 */
import {
  type AnchorHTMLAttributes,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
} from 'react';

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

interface RouterContextValue {
  readonly location: HashLocation;
}

const RouterContext = createContext<RouterContextValue | null>(null);

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
  const value = useMemo(() => ({ location: parseHash(hash) }), [hash]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useLocation(): HashLocation {
  const ctx = useContext(RouterContext);
  if (!ctx) throw new Error('useLocation must be used within a HashRouter');
  return ctx.location;
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

export function Link({ to, markCurrent, children, ...rest }: LinkProps) {
  const { path } = useLocation();
  const targetPath = to.split('?')[0];
  const current = markCurrent && targetPath === path ? 'page' : undefined;
  return (
    <a href={toHref(to)} aria-current={current} {...rest}>
      {children}
    </a>
  );
}
