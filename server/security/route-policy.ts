/**
 * Which routes may change state, and how each one is guarded: the rate limit it counts against, the
 * body it accepts, whether it must come from the shop's own pages, and its largest body. One table, so
 * the rules are uniform and a route that is missing from it is visible (the route inventory test fails;
 * at run time it gets the strictest rules, `other`).
 */
import { IMAGE_EDIT_MAX_BODY_BYTES } from '../../domain/image-edit';
import type { RateLimitName } from './rate-limit';

export type BodyKind =
  /** application/json only (415 otherwise). */
  | 'json'
  /** application/json, or no body at all. */
  | 'json-or-empty'
  /** application/x-www-form-urlencoded: a plain HTML form of our own page. */
  | 'form'
  /** Any bytes; authenticated by a signature over them (the Stripe webhook). */
  | 'signed';

export interface RoutePolicy {
  readonly limit: RateLimitName | null;
  readonly body: BodyKind;
  /** Refuse requests a browser marks as cross-site or whose Origin is not the shop's. */
  readonly sameOrigin: boolean;
  /** The route's bodyLimit must not exceed this (checked by the route inventory test). */
  readonly maxBodyBytes: number;
}

const KIB = 1024;

/** Keyed by `METHOD url-pattern`, exactly as Fastify registers the route. */
export const STATE_CHANGING_ROUTES: Readonly<Record<string, RoutePolicy>> = {
  'POST /api/checkout': { limit: 'checkout', body: 'json', sameOrigin: true, maxBodyBytes: 16 * KIB },
  'POST /api/orders/:sessionId/confirm': {
    limit: 'confirm',
    body: 'json-or-empty',
    sameOrigin: true,
    maxBodyBytes: 1 * KIB,
  },
  'POST /api/newsletter': { limit: 'newsletter', body: 'json', sameOrigin: true, maxBodyBytes: 2 * KIB },
  // Stripe calls from its own servers: no Origin to check and no client worth limiting; the signature
  // over the raw body is the authentication.
  'POST /api/webhooks/stripe': { limit: null, body: 'signed', sameOrigin: false, maxBodyBytes: 512 * KIB },
  'POST /test-checkout/:sessionId/pay': {
    limit: 'pay',
    body: 'form',
    sameOrigin: true,
    maxBodyBytes: 8 * KIB,
  },
};

/** Every route under this prefix is the owner's and needs the admin token. */
export const ADMIN_PREFIX = '/api/admin/';

export const ADMIN_POLICY: RoutePolicy = {
  limit: 'admin',
  body: 'json',
  sameOrigin: true,
  maxBodyBytes: IMAGE_EDIT_MAX_BODY_BYTES,
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

/** The policy of a route, or null for safe methods (which must not change state). */
export function policyFor(method: string, url: string): RoutePolicy | null {
  if (isSafeMethod(method)) return null;
  const listed = STATE_CHANGING_ROUTES[routeKey(method, url)];
  if (listed) return listed;
  if (url.startsWith(ADMIN_PREFIX)) return ADMIN_POLICY;
  return UNCLASSIFIED_POLICY;
}

export function isClassified(method: string, url: string): boolean {
  return (
    isSafeMethod(method) ||
    STATE_CHANGING_ROUTES[routeKey(method, url)] !== undefined ||
    url.startsWith(ADMIN_PREFIX)
  );
}
