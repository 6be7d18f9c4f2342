/**
 * Security headers on every response. The fixed ones are @fastify/helmet's, as the plugin writes them with
 * the shop's options, read once (helmetHeaders) and set by one onRequest hook; one onSend hook adds what
 * depends on the answer: the per-page hashed Content-Security-Policy, Permissions-Policy
 * (not a helmet header), X-Request-Id, and `Cache-Control: no-store` for API answers. A header a route
 * set itself wins: the test checkout sends its own, stricter policy and referrer rule.
 */
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { NON_DOCUMENT_CSP, pagePolicy, pageScriptsOf, testCheckoutPolicy } from './csp';
import { policyFor } from './route-policy';

/** Browser features the shop never uses are switched off for it and for anything it frames. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self)',
  'usb=()',
].join(', ');

/** Two years, the usual HSTS lifetime; only sent when PUBLIC_URL is https. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;
export const HSTS = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;

export interface SecurityHeaderOptions {
  readonly https: boolean;
  readonly stripe: boolean;
}

function helmetOptions(https: boolean): FastifyHelmetOptions {
  return {
    // The per-page policy with script hashes is built below (helmet's is one policy for every answer).
    contentSecurityPolicy: false,
    // E-mails and other sites may show the shop's product images.
    crossOriginResourcePolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    xFrameOptions: { action: 'sameorigin' },
  };
}

/**
 * @fastify/helmet's headers as the plugin writes them with the shop's options, read once per process from a
 * bare Fastify instance with only that plugin. Every answer takes this set (the app's onRequest hook, and
 * frameworkErrors for what Fastify writes before any hook): the plugin's own hooks build helmet's
 * middleware anew and set each header through Node's checks on every request (bench:api --instructions:
 * docs/performance.md).
 */
const helmetHeaderSets = new Map<boolean, Promise<Readonly<Record<string, string>>>>();
export function helmetHeaders(https: boolean): Promise<Readonly<Record<string, string>>> {
  let headers = helmetHeaderSets.get(https);
  if (!headers) {
    headers = (async () => {
      const probe = Fastify();
      await probe.register(fastifyHelmet, helmetOptions(https));
      probe.get('/', (_request, reply) => reply.getHeaders());
      const written = (await probe.inject('/')).json<Record<string, string>>();
      await probe.close();
      return Object.freeze(written);
    })();
    helmetHeaderSets.set(https, headers);
  }
  return headers;
}

/**
 * Every security header of an answer that is no page, as a list: for the answers Fastify writes before
 * any hook runs (a malformed URL, a client that never finishes its request).
 */
export async function nonDocumentHeaders(https: boolean): Promise<readonly (readonly [string, string])[]> {
  const headers = new Map<string, string>(Object.entries(await helmetHeaders(https)));
  headers.set('Permissions-Policy', PERMISSIONS_POLICY);
  headers.set('Content-Security-Policy', NON_DOCUMENT_CSP);
  headers.set('Cache-Control', 'no-store');
  return [...headers];
}

/** A prerendered page's Content-Security-Policy, built once per page (its script hashes are fixed). */
function pagePolicyCache(options: SecurityHeaderOptions): (scriptHashes: readonly string[]) => string {
  const policies = new WeakMap<readonly string[], string>();
  return (scriptHashes) => {
    let policy = policies.get(scriptHashes);
    if (policy === undefined) {
      policy = pagePolicy({ scriptHashes, stripe: options.stripe, https: options.https });
      policies.set(scriptHashes, policy);
    }
    return policy;
  };
}

/** API answers and the answers of state-changing routes carry session ids or order data: never cached. */
function isPrivate(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined && policyFor(request.method, route, request.routeOptions.config) !== null)
    return true;
  return request.url.startsWith('/api/');
}

/** The headers of the test checkout's HTML pages, including the guard's refusals on its form. */
export function testCheckoutHeaders(reply: FastifyReply, shopOrigin: string): FastifyReply {
  return (
    reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex, nofollow')
      // same-origin, not no-referrer: the session URL still never leaves the shop, and the form's POST
      // keeps its Origin header (no-referrer would send `Origin: null`), which the cross-site check reads.
      .header('Referrer-Policy', 'same-origin')
      .header('Content-Security-Policy', testCheckoutPolicy(shopOrigin))
  );
}

export async function installSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): Promise<void> {
  const helmetSet = await helmetHeaders(options.https);
  // Before the rate limits and the request guard (security/install.ts): their refusals carry the set too,
  // and a route's own headers, set later, still win.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(helmetSet);
    done();
  });
  // Declared on every reply up front (Fastify's decorator), so setting it keeps the reply's shape.
  app.decorateReply('pageScripts', null);

  const policyOf = pagePolicyCache(options);

  // Names in lower case, as Fastify keeps them (pages/web-routes.ts, sendPage, says why).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (!reply.hasHeader('permissions-policy')) reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (!reply.hasHeader('cache-control') && isPrivate(request)) reply.header('cache-control', 'no-store');
    if (!reply.hasHeader('content-security-policy')) {
      const type = String(reply.getHeader('content-type') ?? '').toLowerCase();
      reply.header(
        'content-security-policy',
        type.startsWith('text/html') ? policyOf(pageScriptsOf(reply)) : NON_DOCUMENT_CSP,
      );
    }
    done(null, payload);
  });
}
