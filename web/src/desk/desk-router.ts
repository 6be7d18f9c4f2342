/**
 * The desk's routes live in the hash (/admin#/ is Today, /admin#/orders the list, /admin#/orders/SOL-1234), like the shop's: the server serves one
 * page at /admin and every desk link (the packing slip's QR code among them) works from a fresh tab.
 */
import { useSyncExternalStore } from 'react';
import { ENQUIRY_STATUSES, type EnquiryStatus } from '../../../domain/enquiries/enquiry-texts';

export type DeskRoute =
  | { readonly id: 'today' }
  | { readonly id: 'orders'; readonly params: URLSearchParams }
  | { readonly id: 'order'; readonly reference: string }
  /** New order: one the owner takes by phone or at a fair (docs/product/orders.md §10.17). */
  | { readonly id: 'newOrder' }
  | { readonly id: 'slips'; readonly reference: string | null }
  | { readonly id: 'exports' }
  | { readonly id: 'numbers'; readonly params: URLSearchParams }
  | { readonly id: 'products' }
  /** `productId` null: a new product. */
  | { readonly id: 'product'; readonly productId: string | null }
  | { readonly id: 'reviews'; readonly status: 'pending' | 'published' | 'hidden' | null }
  | { readonly id: 'discounts' }
  | { readonly id: 'giftCards' }
  | { readonly id: 'enquiries'; readonly status: EnquiryStatus | null }
  | { readonly id: 'enquiry'; readonly enquiryId: string }
  /**
   * `creating`: the new-quote form, for `enquiry` when the Enquiries screen links to it, or a copy of the
   * quote `from`.
   */
  | {
      readonly id: 'quotes';
      readonly creating: boolean;
      readonly enquiry: string | null;
      readonly from: string | null;
    }
  /** One quote: what the client will see (`editing`: the form, to change it). */
  | { readonly id: 'quote'; readonly reference: string; readonly editing: boolean }
  | { readonly id: 'settings' }
  /** Everyone the shop holds an address for, `q` the search. */
  | { readonly id: 'customers'; readonly q: string }
  | { readonly id: 'customer'; readonly email: string }
  | { readonly id: 'people' }
  /** Your passkeys and devices. */
  | { readonly id: 'account' }
  /** An invitation's (or a setup link's) welcome screen, with the link's token. */
  | { readonly id: 'welcome'; readonly token: string }
  | { readonly id: 'campaigns' }
  /** `campaignId` null: a new campaign. */
  | { readonly id: 'campaign'; readonly campaignId: string | null }
  | { readonly id: 'subscribers' };

export function parseDeskHash(hash: string): DeskRoute {
  const raw = hash.replace(/^#/, '');
  const [path = '', search = ''] = raw.split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'orders' && parts[1] === 'new') return { id: 'newOrder' };
  if (parts[0] === 'orders' && parts[1]) return { id: 'order', reference: parts[1] };
  if (parts[0] === 'people') return { id: 'people' };
  if (parts[0] === 'account') return { id: 'account' };
  if (parts[0] === 'welcome' && parts[1]) return { id: 'welcome', token: parts[1] };
  if (parts[0] === 'slips') return { id: 'slips', reference: parts[1] ?? null };
  if (parts[0] === 'exports') return { id: 'exports' };
  if (parts[0] === 'numbers') return { id: 'numbers', params: new URLSearchParams(search) };
  if (parts[0] === 'products' && parts[1])
    return { id: 'product', productId: parts[1] === 'new' ? null : parts[1] };
  if (parts[0] === 'products') return { id: 'products' };
  if (parts[0] === 'discounts') return { id: 'discounts' };
  if (parts[0] === 'gift-cards') return { id: 'giftCards' };
  if (parts[0] === 'settings') return { id: 'settings' };
  if (parts[0] === 'enquiries' && parts[1]) return { id: 'enquiry', enquiryId: parts[1] };
  if (parts[0] === 'enquiries') {
    const status = new URLSearchParams(search).get('status');
    const known = (ENQUIRY_STATUSES as readonly (string | null)[]).includes(status);
    return { id: 'enquiries', status: known ? (status as EnquiryStatus) : null };
  }
  if (parts[0] === 'quotes' && parts[1] && parts[1] !== 'new')
    return { id: 'quote', reference: parts[1], editing: parts[2] === 'edit' };
  if (parts[0] === 'quotes')
    return {
      id: 'quotes',
      creating: parts[1] === 'new',
      enquiry: new URLSearchParams(search).get('enquiry'),
      from: new URLSearchParams(search).get('from'),
    };
  if (parts[0] === 'customers' && parts[1]) return { id: 'customer', email: parts[1] };
  if (parts[0] === 'customers') return { id: 'customers', q: new URLSearchParams(search).get('q') ?? '' };
  if (parts[0] === 'newsletter' && parts[1] === 'subscribers') return { id: 'subscribers' };
  if (parts[0] === 'newsletter' && parts[1])
    return { id: 'campaign', campaignId: parts[1] === 'new' ? null : parts[1] };
  if (parts[0] === 'newsletter') return { id: 'campaigns' };
  if (parts[0] === 'reviews') {
    const status = new URLSearchParams(search).get('status');
    const known = status === 'pending' || status === 'published' || status === 'hidden';
    return { id: 'reviews', status: known ? status : null };
  }
  // The first screen is Today; the list's own links (and older ones: `#/?status=paid`) carry a query.
  if (parts[0] === 'orders' || search !== '') return { id: 'orders', params: new URLSearchParams(search) };
  return { id: 'today' };
}

export const deskHref = {
  today: () => '#/',
  orders: (params?: URLSearchParams) => {
    const text = params?.toString() ?? '';
    return text ? `#/orders?${text}` : '#/orders';
  },
  order: (reference: string) => `#/orders/${encodeURIComponent(reference)}`,
  newOrder: () => '#/orders/new',
  slips: (reference?: string) => (reference ? `#/slips/${encodeURIComponent(reference)}` : '#/slips'),
  exports: () => '#/exports',
  numbers: (params?: URLSearchParams) => {
    const text = params?.toString() ?? '';
    return text ? `#/numbers?${text}` : '#/numbers';
  },
  products: () => '#/products',
  newProduct: () => '#/products/new',
  product: (id: string) => `#/products/${encodeURIComponent(id)}`,
  reviews: () => '#/reviews',
  discounts: () => '#/discounts',
  giftCards: () => '#/gift-cards',
  enquiries: (status: EnquiryStatus | null = null) =>
    status ? `#/enquiries?status=${status}` : '#/enquiries',
  enquiry: (id: string) => `#/enquiries/${encodeURIComponent(id)}`,
  quotes: () => '#/quotes',
  /** The new-quote form; with an enquiry's id, for that enquiry. */
  newQuote: (enquiry?: string) =>
    enquiry ? `#/quotes/new?enquiry=${encodeURIComponent(enquiry)}` : '#/quotes/new',
  /** One quote, as the client will see it, with its actions. */
  quote: (reference: string) => `#/quotes/${encodeURIComponent(reference)}`,
  editQuote: (reference: string) => `#/quotes/${encodeURIComponent(reference)}/edit`,
  /** The new-quote form filled in from another quote. */
  duplicateQuote: (reference: string) => `#/quotes/new?from=${encodeURIComponent(reference)}`,
  settings: () => '#/settings',
  customers: (q = '') => (q ? `#/customers?${new URLSearchParams({ q }).toString()}` : '#/customers'),
  customer: (email: string) => `#/customers/${encodeURIComponent(email)}`,
  people: () => '#/people',
  account: () => '#/account',
  campaigns: () => '#/newsletter',
  newCampaign: () => '#/newsletter/new',
  campaign: (id: string) => `#/newsletter/${encodeURIComponent(id)}`,
  subscribers: () => '#/newsletter/subscribers',
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
