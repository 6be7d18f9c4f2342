/**
 * The guard in front of every state-changing route, before its body is read, cheapest check first, all
 * from the route's policy (route-policy.ts):
 *   1. rate limit per client (429 + Retry-After), then the route's own cap if it has one; the owner's
 *      reads (GET under /api/admin/) count against the same limit,
 *   2. cross-site refusal (403): a browser that marks the request cross-site, or an Origin that is not
 *      PUBLIC_URL's; the Stripe webhook is exempt (authenticated by its signature),
 *   3. content type (415): JSON for the API, a urlencoded form for the test checkout's own form.
 * API routes answer `{ ok: false, error }`; the test checkout's form route answers a small HTML page,
 * since a person submitted it from a browser.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES } from '../lib/api-support';
import { RATE_LIMIT_NAMES, type RateLimitName, type RateLimitSettings } from '../lib/rate-limit-settings';
import { selectiveHook } from '../lib/selective-hook';
import { type RateCounter, rateCounter } from './rate-limit';
import { type BodyKind, policyFor, type RoutePolicy, readLimitFor, routeKey } from './route-policy';

export const GUARD_MESSAGES = {
  crossSite: "This request did not come from the shop's own pages, so it was refused.",
  json: API_MESSAGES.json,
  form: 'Content-Type must be application/x-www-form-urlencoded',
  multipart: 'Content-Type must be multipart/form-data',
  csv: 'Content-Type must be text/csv',
  rateLimited: (seconds: number) =>
    `Too many requests from your connection. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
} as const;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Why a request must be refused as cross-site, or null. Sec-Fetch-Site is set by the browser itself
 * (page script cannot forge it), so `same-origin` is trusted even when Origin differs from PUBLIC_URL
 * (a development proxy, the shop reached by another host name). A request with neither header comes
 * from something other than a browser (curl, Stripe, a monitor): cross-site request forgery needs a
 * victim's browser, so it is left to the other checks (JSON only, the admin token).
 */
export function crossSiteReason(
  secFetchSite: string | undefined,
  origin: string | undefined,
  allowedOrigin: string,
): string | null {
  const site = secFetchSite?.trim().toLowerCase();
  if (site === 'cross-site') return 'Sec-Fetch-Site: cross-site';
  if (origin !== undefined) {
    if (origin.trim().toLowerCase() === allowedOrigin.toLowerCase()) return null;
    if (site === 'same-origin') return null;
    return `Origin ${origin.slice(0, 100)} is not ${allowedOrigin}`;
  }
  if (site === 'same-site') return 'Sec-Fetch-Site: same-site without an Origin';
  return null;
}

function mediaTypeOf(request: FastifyRequest): string | null {
  const type = header(request, 'content-type');
  if (!type) return null;
  return type.split(';')[0]?.trim().toLowerCase() || null;
}

function hasBody(request: FastifyRequest): boolean {
  if (header(request, 'transfer-encoding')) return true;
  const length = header(request, 'content-length');
  return length !== undefined && length.trim() !== '0';
}

function bodyAccepted(kind: BodyKind, request: FastifyRequest): boolean {
  const type = mediaTypeOf(request);
  switch (kind) {
    case 'json':
      return type === 'application/json';
    case 'json-or-empty':
      return type === 'application/json' || (type === null && !hasBody(request));
    case 'form':
      return type === 'application/x-www-form-urlencoded';
    case 'signed':
      return true;
    case 'multipart':
      return type === 'multipart/form-data';
    case 'link-form':
      return (
        type === 'application/x-www-form-urlencoded' ||
        type === 'multipart/form-data' ||
        (type === null && !hasBody(request))
      );
    case 'csv':
      return type === 'text/csv';
  }
}

/**
 * A form route's own refusal page: the route sets its headers and body (its status is set). The test
 * checkout's payment form declares one in its route config; a form route without one is answered JSON.
 */
export type FormRefusalPage = (request: FastifyRequest, reply: FastifyReply, error: string) => FastifyReply;

declare module 'fastify' {
  interface FastifyContextConfig {
    formRefusal?: FormRefusalPage;
  }
}

function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: BodyKind,
  status: number,
  error: string,
): FastifyReply {
  reply.code(status);
  const page = request.routeOptions.config.formRefusal;
  if (kind !== 'form' || !page) return reply.send({ ok: false, error });
  return page(request, reply, error);
}

/**
 * One counter per configured limit name, plus one per route with its own cap: made on the route's first
 * request, since a route declares its policy (and cap) when it is registered, after the guard.
 */
function makeCounters(app: FastifyInstance, settings: RateLimitSettings) {
  const named = new Map<RateLimitName, RateCounter>();
  for (const name of RATE_LIMIT_NAMES) {
    const rule = settings[name];
    if (rule) named.set(name, rateCounter(app, name, rule));
  }
  const capped = new Map<string, RateCounter | null>();
  const capOf = (key: string, policy: RoutePolicy): RateCounter | undefined => {
    let counter = capped.get(key);
    if (counter === undefined) {
      counter =
        policy.cap && policy.limit && settings[policy.limit] ? rateCounter(app, key, policy.cap.rule) : null;
      capped.set(key, counter);
    }
    return counter ?? undefined;
  };
  return { named, capOf };
}

/** Counts the request; null when it is allowed (or there is no such limit). */
async function secondsToWait(counter: RateCounter | undefined, request: FastifyRequest) {
  if (!counter) return null;
  const taken = await counter(request);
  return taken.allowed ? null : taken.retryAfter;
}

export interface RequestGuardOptions {
  readonly rateLimits: RateLimitSettings;
  /** PUBLIC_URL's origin, e.g. https://solas.ie */
  readonly allowedOrigin: string;
}

/**
 * onRequest hook for the whole app; passes unknown routes (they are 404s) and safe methods but the owner's
 * at once (selectiveHook). Needs the rate-limit plugin registered on `app` (rate-limit.ts).
 */
export function requestGuard(app: FastifyInstance, options: RequestGuardOptions) {
  const { allowedOrigin } = options;
  const counters = makeCounters(app, options.rateLimits);
  // Unknown routes (404s) and safe methods outside the owner's routes: nothing to count or check.
  const concerns = (request: FastifyRequest): boolean => {
    const url = request.routeOptions.url;
    if (url === undefined) return false;
    return policyFor(request.method, url, request.routeOptions.config) !== null || readLimitFor(url) !== null;
  };
  const guard = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const url = request.routeOptions.url ?? '';
    const policy = policyFor(request.method, url, request.routeOptions.config);
    if (!policy) {
      const limit = readLimitFor(url);
      const wait = limit && (await secondsToWait(counters.named.get(limit), request));
      if (!wait) return undefined;
      request.log.warn({ limit, retryAfter: wait }, 'rate limited');
      return reply
        .code(429)
        .header('Retry-After', String(wait))
        .send({ ok: false, error: GUARD_MESSAGES.rateLimited(wait) });
    }
    const refuseWith = (status: number, error: string) => refuse(request, reply, policy.body, status, error);

    const limited = (retryAfter: number, error: string) => {
      request.log.warn({ limit: policy.limit, retryAfter }, 'rate limited');
      reply.header('Retry-After', String(retryAfter));
      return refuseWith(429, error);
    };
    if (policy.limit) {
      const wait = await secondsToWait(counters.named.get(policy.limit), request);
      if (wait !== null) return limited(wait, GUARD_MESSAGES.rateLimited(wait));
      const capWait = await secondsToWait(counters.capOf(routeKey(request.method, url), policy), request);
      if (capWait !== null) {
        return limited(capWait, policy.cap?.message ?? GUARD_MESSAGES.rateLimited(capWait));
      }
    }
    if (policy.sameOrigin) {
      const reason = crossSiteReason(
        header(request, 'sec-fetch-site'),
        header(request, 'origin'),
        allowedOrigin,
      );
      if (reason) {
        request.log.warn({ reason }, 'cross-site request refused');
        return refuseWith(403, GUARD_MESSAGES.crossSite);
      }
    }
    if (!bodyAccepted(policy.body, request)) {
      const expected =
        policy.body === 'form'
          ? GUARD_MESSAGES.form
          : policy.body === 'multipart'
            ? GUARD_MESSAGES.multipart
            : policy.body === 'csv'
              ? GUARD_MESSAGES.csv
              : GUARD_MESSAGES.json;
      return refuseWith(415, expected);
    }
    return undefined;
  };
  return selectiveHook(concerns, guard);
}
