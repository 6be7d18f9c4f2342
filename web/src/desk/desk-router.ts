/**
 * The desk's routes live in the hash (/admin#/ is Today, /admin#/orders the list, /admin#/orders/SOL-1234),
 * like the shop's: the server serves one page at /admin and every desk link (the packing slip's QR code
 * among them) works from a fresh tab. Each desk feature declares its own routes in `routes/<name>.ts`: their
 * shapes (added to `DeskRoutes`), their links and their parser; desk-app.tsx composes the parsers with the
 * features' screens, so a new screen edits its own folder and the desk's list of features, nothing here.
 */
import { useSyncExternalStore } from 'react';

/**
 * Every desk route by its id, each feature adding its own from its `routes/<name>.ts` (declaration merging): the
 * id is the key and the route's `id`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the features' routes/<name>.ts files fill it in.
export interface DeskRoutes {}

export type DeskRoute = DeskRoutes[keyof DeskRoutes];

/** A feature's parser: its route for the hash's path parts and query text, or null when not its own. */
export type DeskRouteParser = (parts: readonly string[], search: string) => DeskRoute | null;

/** The route of `hash`: the first feature's that knows it, or null (the desk then opens its first screen). */
export function parseDeskHash(hash: string, parsers: readonly DeskRouteParser[]): DeskRoute | null {
  const raw = hash.replace(/^#/, '');
  const [path = '', search = ''] = raw.split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  for (const parse of parsers) {
    const route = parse(parts, search);
    if (route) return route;
  }
  return null;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

export function useDeskHash(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => '',
  );
}

export function navigate(href: string): void {
  window.location.hash = href.replace(/^#/, '');
}
