/** Fulfilment's routes: the orders' list (with its filters in the query), one order, the packing slips. Parsed and written here alone (docs/architecture.md: the desk's routes). */
import type { DeskRouteParser } from '../desk-router';

declare module '../desk-router' {
  interface DeskRoutes {
    orders: { readonly id: 'orders'; readonly params: URLSearchParams };
    order: { readonly id: 'order'; readonly reference: string };
    slips: { readonly id: 'slips'; readonly reference: string | null };
  }
}

export const fulfilmentHref = {
  orders: (params?: URLSearchParams) => {
    const text = params?.toString() ?? '';
    return text ? `#/orders?${text}` : '#/orders';
  },
  order: (reference: string) => `#/orders/${encodeURIComponent(reference)}`,
  slips: (reference?: string) => (reference ? `#/slips/${encodeURIComponent(reference)}` : '#/slips'),
};

export const parseFulfilmentHash: DeskRouteParser = (parts, search) => {
  if (parts[0] === 'orders' && parts[1]) return { id: 'order', reference: parts[1] };
  if (parts[0] === 'orders') return { id: 'orders', params: new URLSearchParams(search) };
  if (parts[0] === 'slips') return { id: 'slips', reference: parts[1] ?? null };
  // The list's older links carry their query on the first screen's path (`#/?status=paid`).
  if (parts.length === 0 && search !== '') return { id: 'orders', params: new URLSearchParams(search) };
  return null;
};

/** The desk link of an order, absolute: what a packing slip's QR code opens. */
export function orderDeskUrl(reference: string): string {
  return `${window.location.origin}/admin${fulfilmentHref.order(reference)}`;
}
