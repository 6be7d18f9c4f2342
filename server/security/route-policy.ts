import type { RateLimitName, RateRule } from '../lib/rate-limit-settings';

export type BodyKind =
  /** application/json only (415 otherwise). */
  | 'json'
  /** application/json, or no body at all. */
  | 'json-or-empty'
  /** application/x-www-form-urlencoded: a plain HTML form of our own page. */
  | 'form'
  /** Any bytes; authenticated by a signature over them (the Stripe webhook). */
  | 'signed'
  /**
   * A newsletter link's action: the landing page's urlencoded form, or a mail program's RFC 8058
   * one-click POST (urlencoded or multipart, or no body at all).
   */
  | 'link-form'
  /** multipart/form-data: the owner's photo uploads. */
  | 'multipart'

  /** text/csv: the owner's products import. */
  | 'csv';

export interface RoutePolicy {
  /** The RATE_LIMITS name the route counts against; null: never limited. */
  readonly limit: RateLimitName | null;
  /**
   * A tighter window for this route alone, on top of `limit` (switched off with it), answered with its
   * own message: for work that is expensive per request.
   */
  readonly cap?: { readonly rule: RateRule; readonly message: string };
  readonly body: BodyKind;
  /** Refuse requests a browser marks as cross-site or whose Origin is not the shop's. */
  readonly sameOrigin: boolean;
  /** The route's body limit (413 above it). */
  readonly maxBodyBytes: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's guard policy (a state-changing route), declared with the route. */
    policy?: RoutePolicy;
    /** An owner route a maker may use too (else it is the owner's alone, as MAKER_ROUTES says). */
    forMakers?: boolean;
    /** A sign-in ceremony: it signs a person in, so it needs no session (each one its own proof). */
    signIn?: boolean;
  }
}

export const KIB = 1024;

/** A desk action on one order: a note of 2000 characters is the largest body. */
export const DESK_ACTION_POLICY: RoutePolicy = {
  limit: 'admin',
  body: 'json',
  sameOrigin: true,
  maxBodyBytes: 16 * KIB,
};

/** A desk action that carries nothing but what the URL names. */
export const QUOTE_ACTION_POLICY: RoutePolicy = {
  limit: 'admin',
  body: 'json-or-empty',
  sameOrigin: true,
  maxBodyBytes: 1 * KIB,
};

/** Keyed by `METHOD url-pattern`, exactly as Fastify registers the route: routes without a `config.policy`. */
export const STATE_CHANGING_ROUTES: Readonly<Record<string, RoutePolicy>> = {
  // A full cart is about 1.5 KB of JSON; anything near this limit is not a cart.
  'POST /api/checkout': { limit: 'checkout', body: 'json', sameOrigin: true, maxBodyBytes: 16 * KIB },
  'POST /api/orders/:sessionId/confirm': {
    limit: 'confirm',
    body: 'json-or-empty',
    sameOrigin: true,
    maxBodyBytes: 1 * KIB,
  },
  // The order page's key travels in the body (never in a URL); docs/product.md §6.8.
  'POST /api/order-page': { limit: 'order', body: 'json', sameOrigin: true, maxBodyBytes: 1 * KIB },
  'POST /api/order-page/find': { limit: 'lookup', body: 'json', sameOrigin: true, maxBodyBytes: 2 * KIB },
  // A reason of 2,000 characters, a name and the chosen lines.
  'POST /api/order-page/withdrawal': {
    limit: 'order',
    body: 'json',
    sameOrigin: true,
    maxBodyBytes: 16 * KIB,
  },
  // Stripe calls from its own servers: no Origin to check and no client worth limiting; the signature
  // over the raw body is the authentication. A checkout.session event with line items stays well under.
  'POST /api/webhooks/stripe': { limit: null, body: 'signed', sameOrigin: false, maxBodyBytes: 512 * KIB },
  // The gift card balance check (docs/product.md §19): one code; the lookup limit per client, and the
  // gift cards' own attempts per client and per code (server/gift-cards).
  'POST /api/gift-cards/balance': { limit: 'lookup', body: 'json', sameOrigin: true, maxBodyBytes: 1 * KIB },
  // The owner's gift cards: a card without payment (a message of 200 characters and a reason), disable
  // and reissue, a corrected address.
  'POST /api/admin/gift-cards': DESK_ACTION_POLICY,
  'POST /api/admin/gift-cards/:id/disable': { ...DESK_ACTION_POLICY, maxBodyBytes: 2 * KIB },
  'POST /api/admin/gift-cards/:id/recipient': { ...DESK_ACTION_POLICY, maxBodyBytes: 2 * KIB },
  // The cart's discount check: a small JSON cart, at the checkout's own per-client limit.
  'POST /api/discounts/check': { limit: 'checkout', body: 'json', sameOrigin: true, maxBodyBytes: 16 * KIB },
  'POST /test-checkout/:sessionId/pay': {
    limit: 'pay',
    body: 'form',
    sameOrigin: true,
    maxBodyBytes: 8 * KIB,
  },
  // The order desk (docs/product.md §10.8): small JSON bodies, the owner's rate limit, same origin only.
  'POST /api/admin/session': { limit: 'admin', body: 'json', sameOrigin: true, maxBodyBytes: 2 * KIB },
  'DELETE /api/admin/session': {
    limit: 'admin',
    body: 'json-or-empty',
    sameOrigin: true,
    maxBodyBytes: 1 * KIB,
  },
  // The owner's own order by phone or at a fair (docs/product.md §10.17): up to 27 lines and an address.
  'POST /api/admin/orders': { ...DESK_ACTION_POLICY, maxBodyBytes: 32 * KIB },
  'POST /api/admin/orders/preview': { ...DESK_ACTION_POLICY, maxBodyBytes: 32 * KIB },
  'POST /api/admin/orders/:reference/status': DESK_ACTION_POLICY,
  'POST /api/admin/orders/:reference/dispatch': DESK_ACTION_POLICY,
  'POST /api/admin/orders/:reference/refund': DESK_ACTION_POLICY,
  'POST /api/admin/orders/:reference/cancel': DESK_ACTION_POLICY,
  'POST /api/admin/orders/:reference/notes': DESK_ACTION_POLICY,
  // A delivered order's returns (docs/product.md §10.18): the owner's alone, like a refund.
  'POST /api/admin/orders/:reference/returns': DESK_ACTION_POLICY,
  'PATCH /api/admin/orders/:reference/returns/:id': DESK_ACTION_POLICY,
  // "Send again" of a failed e-mail (no body).
  'POST /api/admin/outbox/:id/retry': {
    limit: 'admin',
    body: 'json-or-empty',
    sameOrigin: true,
    maxBodyBytes: 1 * KIB,
  },
  // Changing an order before dispatch, and an e-mail sent again (docs/product.md §10.16).
  'PATCH /api/admin/orders/:reference': DESK_ACTION_POLICY,
  'POST /api/admin/orders/:reference/resend': { ...DESK_ACTION_POLICY, maxBodyBytes: 1 * KIB },
  'POST /api/admin/orders/:reference/payment-link': { ...DESK_ACTION_POLICY, maxBodyBytes: 1 * KIB },
};

/** Every route under this prefix is the owner's and needs the admin token. */
export const ADMIN_PREFIX = '/api/admin/';

/**
 * The limit a safe method (GET, HEAD) counts against, or null: only the owner's routes. A token guessed
 * with a GET is as guessed as with a POST, and the desk's reads are a person's pace.
 */
export function readLimitFor(url: string): RateLimitName | null {
  return url.startsWith(ADMIN_PREFIX) ? 'admin' : null;
}

/** An owner route not listed above. */
export const ADMIN_POLICY: RoutePolicy = {
  limit: 'admin',
  body: 'json',
  sameOrigin: true,
  maxBodyBytes: 64 * KIB,
};

/** For a state-changing route nobody classified: the strictest rules. */
export const UNCLASSIFIED_POLICY: RoutePolicy = {
  limit: 'other',
  body: 'json',
  sameOrigin: true,
  maxBodyBytes: 64 * KIB,
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}

/**
 * The policy of a route, or null for safe methods (which must not change state): the one it declared
 * (`config.policy`), else the table's, else the owner's or the strictest.
 */
export function policyFor(
  method: string,
  url: string,
  config?: { readonly policy?: RoutePolicy | undefined },
): RoutePolicy | null {
  if (isSafeMethod(method)) return null;
  if (config?.policy) return config.policy;
  const listed = STATE_CHANGING_ROUTES[routeKey(method, url)];
  if (listed) return listed;
  if (url.startsWith(ADMIN_PREFIX)) return ADMIN_POLICY;
  return UNCLASSIFIED_POLICY;
}

/** Whether the route has a policy of its own: declared with it, or in the table. */
export function hasOwnPolicy(
  method: string,
  url: string,
  config?: { readonly policy?: RoutePolicy },
): boolean {
  return config?.policy !== undefined || STATE_CHANGING_ROUTES[routeKey(method, url)] !== undefined;
}

/** Who may use the desk: the owner does everything, a maker makes and packs (docs/security.md). */
export type DeskRole = 'owner' | 'maker';

/**
 * The owner routes a maker may use as well, keyed like STATE_CHANGING_ROUTES, that do not say so where
 * they are registered (`config.forMakers`: a maker's own account does). Every other owner route,
 * including any added later and not marked, is the owner's alone: a maker is answered 403.
 */
export const MAKER_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/admin/session',
  'DELETE /api/admin/session',
  'GET /api/admin/today',
  'GET /api/admin/orders',
  'GET /api/admin/orders/:reference',
  // Made (in production), delivered; dispatched with tracking; notes; the packing slips.
  'POST /api/admin/orders/:reference/status',
  'POST /api/admin/orders/:reference/dispatch',
  'POST /api/admin/orders/:reference/notes',
  'GET /api/admin/packing-slips',
]);

/**
 * The sign-in ceremonies that do not say so where they are registered (`config.signIn`: the passkey,
 * invitation and recovery ones do): they sign a person in, so they need no session.
 */
export const SIGN_IN_ROUTES: ReadonlySet<string> = new Set(['POST /api/admin/session']);

/** The roles that may use an owner route (the owner always; a maker where the route or MAKER_ROUTES says). */
export function rolesFor(
  method: string,
  url: string,
  config?: { readonly forMakers?: boolean | undefined },
): readonly DeskRole[] {
  return config?.forMakers === true || MAKER_ROUTES.has(routeKey(method, url))
    ? ['owner', 'maker']
    : ['owner'];
}

/** Whether the route is a sign-in ceremony (it says so, or SIGN_IN_ROUTES lists it). */
export function isSignIn(
  method: string,
  url: string,
  config?: { readonly signIn?: boolean | undefined },
): boolean {
  return config?.signIn === true || SIGN_IN_ROUTES.has(routeKey(method, url));
}
