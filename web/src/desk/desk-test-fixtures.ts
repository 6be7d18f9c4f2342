/**
 * Orders in the shape of the API contract (domain/orders/admin-api.ts) and a fetch that answers like the desk
 * API for the desk's component tests: it records every request, so a test can count them.
 */
import { vi } from 'vitest';
import type { OrderDetail, OrderListItem, OrdersListResponse } from '../../../domain/orders/admin-api';
import { COUNTED_FILTERS, isPartlyRefunded, PARTLY_REFUNDED } from '../../../domain/orders/admin-api';

export function orderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    reference: 'SOL-1A2B3C4D',
    status: 'paid',
    email: 'aoife@example.ie',
    name: 'Aoife Ní Bhriain',
    createdAt: '2026-11-20T10:00:00.000Z',
    paidAt: '2026-11-20T10:02:00.000Z',
    dispatchBy: '2026-11-24',
    provider: 'test-checkout',
    paymentId: 'pi_test_123',
    currency: 'eur',
    lines: [
      {
        productId: '3',
        name: 'Amber Glow Bracelet',
        size: 'M',
        quantity: 2,
        unitPrice: 3499,
        lineTotal: 6998,
      },
    ],
    subtotal: 6998,
    shipping: 0,
    giftWrap: 0,
    giftWrapped: false,
    giftMessage: null,
    total: 6998,
    refunded: 0,
    refundable: 6998,
    address: {
      name: 'Aoife Ní Bhriain',
      line1: '1 Main Street',
      line2: null,
      city: 'Galway',
      state: null,
      postalCode: 'H91 X2Y3',
      country: 'IE',
    },
    dispatch: null,
    dispute: null,
    reviewReason: null,
    cancelReason: null,
    withdrawal: null,
    allowedActions: ['start', 'dispatch', 'refund', 'cancel'],
    timeline: [{ at: '2026-11-20T10:02:00.000Z', kind: 'paid', text: 'Paid €69.98', actor: 'provider' }],
    notes: [],
    ...overrides,
  };
}

export function listItem(order: OrderDetail): OrderListItem {
  return {
    reference: order.reference,
    status: order.status,
    email: order.email,
    name: order.name,
    total: order.total,
    refunded: order.refunded,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    dispatchBy: order.dispatchBy,
    giftWrapped: order.giftWrapped,
    itemCount: order.lines.length,
  };
}

export function listResponse(orders: readonly OrderDetail[]): OrdersListResponse {
  const counts = Object.fromEntries(COUNTED_FILTERS.map((s) => [s, 0])) as OrdersListResponse['counts'];
  for (const o of orders) {
    counts[o.status] += 1;
    if (isPartlyRefunded(o)) counts[PARTLY_REFUNDED] += 1;
  }
  return { orders: orders.map(listItem), total: orders.length, page: 1, pageSize: 25, counts };
}

export interface Recorded {
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
  /** The request's headers, names lower-cased. */
  readonly headers: Readonly<Record<string, string>>;
}

export type Route = (request: Recorded) => Response | undefined | Promise<Response | undefined>;

export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A JSON body parsed; any other text (a CSV upload) as it is. */
function parsedBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** GET /api/admin/me for the owner signed in with her passkey. */
export const OWNER_ME = {
  ok: true,
  person: { id: 'per_owner1', name: 'Aoife', role: 'owner' },
  needsPasskey: false,
} as const;

/** Stubs fetch: each route may answer; unanswered requests get a 404 JSON error. */
export function stubDeskApi(...routes: Route[]) {
  const requests: Recorded[] = [];
  const fetchMock = vi.fn(async (input: string | URL, init?: RequestInit) => {
    const request: Recorded = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? parsedBody(init.body) : undefined,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    };
    requests.push(request);
    for (const route of routes) {
      const answer = await route(request);
      if (answer) return answer;
    }
    // Who is signed in, where a test's routes let the request through: the owner.
    if (request.url === '/api/admin/me') return json(200, OWNER_ME);
    return json(404, { ok: false, error: 'No order with that reference' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}

/** Opens a desk screen as a link would: the hash changes and the desk hears of it. */
export function goTo(hash: string) {
  window.location.hash = hash;
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}
