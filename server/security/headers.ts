/**
 * Security headers on every response. The fixed ones come from @fastify/helmet (onRequest; on the
 * prerendered pages, the same headers as the plugin wrote them once: pageRouteSecurity); one onSend
 * hook adds what depends on the answer: the per-page hashed Content-Security-Policy, Permissions-Policy
 * (not a helmet header), X-Request-Id, and `Cache-Control: no-store` for API answers. A header a route
 * set itself wins: the test checkout sends its own, stricter policy and referrer rule.
 */
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type onRequestHookHandler,
} from 'fastify';
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
 * bare Fastify instance with only that plugin: the answers that do not run the plugin's hooks (the pages,
 * and what Fastify writes before any hook) carry exactly the headers every other answer gets from it.
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
  if (route !== undefined && policyFor(request.method, route) !== null) return true;
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

/** The route options of the prerendered pages (installSecurityHeaders). */
export interface PageRouteSecurity {
  readonly helmet: false;
  readonly onRequest: onRequestHookHandler;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Spread into a prerendered page's route options: @fastify/helmet's headers from the set it wrote once
     * (helmetHeaders), set with one call, instead of the plugin's hooks, which build helmet's middleware
     * anew and set each header through Node's checks on every request (bench:api --instructions:
     * docs/performance.md). Every other answer, the pages' 404s and redirects included, runs the plugin.
     */
    readonly pageRouteSecurity: PageRouteSecurity;
  }
}

export async function installSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): Promise<void> {
  // Helmet's own options are @fastify/helmet's global configuration.
  await app.register(fastifyHelmet, helmetOptions(options.https));
  const helmetSet = await helmetHeaders(options.https);
  app.decorate('pageRouteSecurity', {
    helmet: false,
    // A route-level hook: it runs after the global ones and before the handler, so a page's own
    // headers (an order page's referrer rule) still win, as they do over the plugin's.
    onRequest: (_request, reply, done) => {
      reply.headers(helmetSet);
      done();
    },
  } satisfies PageRouteSecurity);
  // Declared on every reply up front (Fastify's decorator), so setting it keeps the reply's shape.
  app.decorateReply('pageScripts', null);

  const policyOf = pagePolicyCache(options);

  // Names in lower case, as Fastify keeps them (routes/web.ts, sendPage, says why).
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
