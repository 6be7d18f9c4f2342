/**
 * The desk's routes live in the hash (/admin#/orders/SOL-1234), like the shop's: the server serves one
 * page at /admin and every desk link (the packing slip's QR code among them) works from a fresh tab.
 */
import { useSyncExternalStore } from 'react';

export type DeskRoute =
  | { readonly id: 'orders'; readonly params: URLSearchParams }
  | { readonly id: 'order'; readonly reference: string }
  | { readonly id: 'slips'; readonly reference: string | null }
  | { readonly id: 'exports' };

export function parseDeskHash(hash: string): DeskRoute {
  const raw = hash.replace(/^#/, '');
  const [path = '', search = ''] = raw.split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'orders' && parts[1]) return { id: 'order', reference: parts[1] };
  if (parts[0] === 'slips') return { id: 'slips', reference: parts[1] ?? null };
  if (parts[0] === 'exports') return { id: 'exports' };
  return { id: 'orders', params: new URLSearchParams(search) };
}

export const deskHref = {
  orders: (params?: URLSearchParams) => {
    const text = params?.toString() ?? '';
    return text ? `#/?${text}` : '#/';
  },
  order: (reference: string) => `#/orders/${encodeURIComponent(reference)}`,
  slips: (reference?: string) => (reference ? `#/slips/${encodeURIComponent(reference)}` : '#/slips'),
  exports: () => '#/exports',
};

/** The desk link of an order, absolute: what a packing slip's QR code opens. */
export function orderDeskUrl(reference: string): string {
  return `${window.location.origin}/admin${deskHref.order(reference)}`;
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
