import type { FastifyInstance } from 'fastify';
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
    /** An owner route a maker may use too (else it is the owner's alone). */
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

/** Every route under this prefix is the owner's and needs the admin token. */
export const ADMIN_PREFIX = '/api/admin/';

/**
 * The limit a safe method (GET, HEAD) counts against, or null: only the owner's routes. A token guessed
 * with a GET is as guessed as with a POST, and the desk's reads are a person's pace.
 */
export function readLimitFor(url: string): RateLimitName | null {
  return url.startsWith(ADMIN_PREFIX) ? 'admin' : null;
}

/** An owner route that declares no policy of its own. */
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
 * (`config.policy`), else the owner's or the strictest.
 */
export function policyFor(
  method: string,
  url: string,
  config?: { readonly policy?: RoutePolicy | undefined },
): RoutePolicy | null {
  if (isSafeMethod(method)) return null;
  if (config?.policy) return config.policy;
  if (url.startsWith(ADMIN_PREFIX)) return ADMIN_POLICY;
  return UNCLASSIFIED_POLICY;
}

/** Whether the route declared a policy of its own. */
export function hasOwnPolicy(config?: { readonly policy?: RoutePolicy }): boolean {
  return config?.policy !== undefined;
}

/** Who may use the desk: the owner does everything, a maker makes and packs (docs/security.md). */
export type DeskRole = 'owner' | 'maker';

/**
 * The roles that may use an owner route: the owner always; a maker where the route says so
 * (`config.forMakers`). Every other owner route, including any added later and not marked, is the
 * owner's alone: a maker is answered 403.
 */
export function rolesFor(config?: { readonly forMakers?: boolean | undefined }): readonly DeskRole[] {
  return config?.forMakers === true ? ['owner', 'maker'] : ['owner'];
}

/** Whether the route is a sign-in ceremony (`config.signIn`): it signs a person in, so needs no session. */
export function isSignIn(config?: { readonly signIn?: boolean | undefined }): boolean {
  return config?.signIn === true;
}

/** The desk's answers are never indexed: every reply of the routes in `app`'s scope says so. */
export function noIndexReplies(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Robots-Tag', 'noindex, nofollow');
  });
}
