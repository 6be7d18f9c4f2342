/**
 * The prerendered shop pages answered before Fastify routes the request (the product page's budget:
 * >= 75% of a bare node:http server replaying its bytes). A GET or HEAD whose URL is exactly the path of
 * a prerendered shop page gets the answer Fastify would send, headers computed once at start per page and
 * encoding; everything else (other methods, any other path, a query string, the order pages, the desk,
 * 404s, redirects) goes to Fastify unchanged. The answers are the same as Fastify's, header for header and
 * in the same order (page-fast-path.test.ts compares every page, every encoding, HEAD and 304 with the
 * fast path on and off); only Date and X-Request-Id differ, as they do between any two answers.
 *
 * Why each part of the Fastify path is, or is not, done here:
 * - Routing (routes/web.ts): one route per page path, exact and case-sensitive, no trailing-slash or
 *   query-string matching; the same map keys here, built by web.ts from the same loop. A query string
 *   falls through (`/product/1?x` is not a key): Fastify's answer would be the same page, but it is not
 *   worth proving for links nobody makes.
 * - @fastify/helmet (onRequest): the same headers, recorded from helmet's own middleware with the same
 *   options (security/headers.ts `helmetHeaders`).
 * - The security headers' onSend hook: X-Request-Id (fresh per request, from the same generator, which
 *   keeps a trusted proxy's well-formed id), Permissions-Policy, and the page's hashed Content-Security-
 *   Policy from the same cache of `pagePolicy` strings. HSTS comes with helmet's headers when PUBLIC_URL
 *   is https. A page is not an API answer, so no `Cache-Control: no-store` (the page's own is sent).
 * - The request guard and the rate limits (security/request-guard.ts, rate-limit.ts): they act only on
 *   state-changing routes (`policyFor` is null for GET and HEAD), and @fastify/rate-limit runs with
 *   `global: false`, so no limit counts a page request. Nothing to do here.
 * - Body limits and content-type parsing: Fastify reads no body for GET or HEAD; Node discards one.
 * - Draining (ops/shutdown.ts, Fastify's `return503OnClosing`): once the app starts closing, Fastify
 *   answers every request 503 with `Connection: close`. The fast path stops taking requests at that
 *   moment (`close()`, from the first preClose hook, before the server stops listening), so they reach
 *   Fastify and get exactly that answer.
 * - Health and the database's availability (routes/health.ts, db/unavailable.ts): a page never touches
 *   the database; no page answer depends on them.
 * - TRUST_PROXY (ops/trust-proxy.ts): the client address in the log line is read as Fastify reads it
 *   (@fastify/proxy-addr with the same trust function); without it, the socket's address.
 * - The log line (ops/logging.ts OneLineRequestLog): the same "request completed" line with the same
 *   fields, through `completedRequestLog`, written once the answer is handed to the socket (Fastify writes
 *   it at the response's 'finish'; see `serve`). Its URL is the page's own path, a map key equal to the
 *   request's URL, which the shop wrote: nothing there for the scrubbing to remove (web.ts only registers
 *   paths that scrub to themselves).
 * - Timeouts, keep-alive, the connections check and clientError handling belong to the HTTP server, which
 *   stays the one Fastify configures (`pageServerFactory` builds it from Fastify's own options).
 * - Fault injection (ops/faults.ts) hooks only POST /api/checkout; the desk's hooks live in its plugin.
 */
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import proxyAddr from '@fastify/proxy-addr';
import type { HtmlPage } from '../html-pages';
import type { RequestLine, RequestLines } from '../ops/logging';
import { PERMISSIONS_POLICY } from '../security/headers';

/** Which pre-compressed body a request gets: the same rule as web.ts's `pickEncoding`. */
export function encodingFor(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const accept = String(acceptEncoding ?? '');
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

export interface PageFastPathOptions {
  /** Exact request paths ('/', '/index.html', '/shop', '/product/1') and the page each one serves. */
  readonly pages: ReadonlyMap<string, HtmlPage>;
  /** The Cache-Control of a shop page (web.ts). */
  readonly cacheControl: string;
  /** helmet's headers, in helmet's order (security/headers.ts `helmetHeaders`). */
  readonly helmetHeaders: readonly (readonly [string, string])[];
  /** The page's Content-Security-Policy from its script hashes (security/headers.ts `pagePolicyCache`). */
  readonly policyOf: (scriptHashes: readonly string[]) => string;
  /** Fastify's genReqId (ops/logging.ts `requestIdGenerator`). */
  readonly requestId: (req: IncomingMessage) => string;
  /** Fastify's trustProxy (ops/logging.ts `trustProxyOption`), for the client address in the log line. */
  readonly trustProxy: false | ((address: string, hop: number) => boolean) | readonly string[];
  /** The "request completed" lines' writers (ops/logging.ts `completedRequestLog`); null: no logging. */
  readonly log: RequestLines | null;
}

/** One answer: its status, its headers as a flat [name, value, ...] list, and its body. */
interface Answer {
  readonly status: number;
  /**
   * Reused for every request of this answer: only the X-Request-Id value (at `idAt`) changes, and
   * writeHead turns the list into the header block before it returns, so nothing keeps a reference.
   */
  readonly headers: string[];
  readonly idAt: number;
  readonly body: Buffer | null;
}

interface PageAnswers {
  readonly etag: string;
  readonly br: Answer;
  readonly gzip: Answer;
  readonly identity: Answer;
  readonly notModified: Answer;
  /** Fastify's HEAD route turns the 304's missing payload into `content-length: 0`; so does this one. */
  readonly notModifiedHead: Answer;
  /** The log lines of a GET and of a HEAD of this page; null: no logging. */
  readonly getLine: RequestLine | null;
  readonly headLine: RequestLine | null;
}

/**
 * The headers in the order Fastify writes them: helmet's (set on the raw response in onRequest), then the
 * reply's own in the order web.ts's `sendPage` and the onSend hook set them, then Content-Length. Fastify
 * writes the reply's names in lower case; so does this list.
 */
function answer(
  options: PageFastPathOptions,
  page: HtmlPage,
  status: 200 | 304,
  encoding: 'br' | 'gzip' | null,
  headRequest = false,
): Answer {
  const body =
    status === 304 ? null : encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.raw;
  const headers: string[] = [];
  for (const [name, value] of options.helmetHeaders) headers.push(name, value);
  headers.push(
    'content-type',
    'text/html; charset=utf-8',
    'cache-control',
    options.cacheControl,
    'etag',
    page.etag,
    'vary',
    'Accept-Encoding',
  );
  if (encoding) headers.push('content-encoding', encoding);
  headers.push('x-request-id', '');
  const idAt = headers.length - 1;
  headers.push(
    'permissions-policy',
    PERMISSIONS_POLICY,
    'content-security-policy',
    options.policyOf(page.scriptHashes),
  );
  // Fastify sends no Content-Length with a 304 (no payload) but `0` when it answers a HEAD with one; a HEAD
  // that gets the page is told the length the GET would have.
  if (body) headers.push('content-length', String(body.length));
  else if (headRequest) headers.push('content-length', '0');
  return { status, headers, idAt, body };
}

export interface PageFastPath {
  /** Answers the request and returns true, or returns false and leaves it untouched for Fastify. */
  readonly serve: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** From now on every request goes to Fastify (the app is closing: Fastify answers 503). */
  readonly close: () => void;
}

export function pageFastPath(options: PageFastPathOptions): PageFastPath {
  const answers = new Map<string, PageAnswers>();
  for (const [route, page] of options.pages) {
    answers.set(route, {
      etag: page.etag,
      br: answer(options, page, 200, 'br'),
      gzip: answer(options, page, 200, 'gzip'),
      identity: answer(options, page, 200, null),
      notModified: answer(options, page, 304, null),
      notModifiedHead: answer(options, page, 304, null, true),
      getLine: options.log?.('GET', route) ?? null,
      headLine: options.log?.('HEAD', route) ?? null,
    });
  }
  const { requestId } = options;
  const trust =
    options.trustProxy === false
      ? null
      : typeof options.trustProxy === 'function'
        ? options.trustProxy
        : proxyAddr.compile([...options.trustProxy]);
  // Fastify's request.ip: the socket's address, or behind a trusted proxy the last untrusted one.
  const clientAddress = (req: IncomingMessage): string | undefined => {
    if (!trust) return req.socket.remoteAddress;
    const all = proxyAddr.all(req, trust);
    return all[all.length - 1];
  };
  let open = true;

  const serve = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!open) return false;
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = req.url ?? '';
    const page = answers.get(url);
    if (!page) return false;
    const line = method === 'GET' ? page.getLine : page.headLine;
    const start = line ? performance.now() : 0;
    const id = requestId(req);
    // The same checks in the same order as web.ts's sendPage: a matching ETag first, then the encoding.
    const chosen =
      req.headers['if-none-match'] === page.etag
        ? method === 'GET'
          ? page.notModified
          : page.notModifiedHead
        : page[encodingFor(req.headers['accept-encoding']) ?? 'identity'];
    chosen.headers[chosen.idAt] = id;
    res.writeHead(chosen.status, chosen.headers);
    // A HEAD answer carries no body (Node would drop it anyway).
    if (chosen.body && method === 'GET') res.end(chosen.body);
    else res.end();
    // Logged once the whole answer is handed to the socket, in one synchronous end(): Fastify logs at the
    // response's 'finish', a moment later. No listener per response: adding and removing two per request
    // (and a property on the response) cost more than the line itself in a `perf` profile.
    // The one difference: a client that vanishes before the bytes leave still gets its line here (Fastify's
    // path writes none), which says no less than the truth: the shop answered.
    if (line) {
      line(id, clientAddress(req), req.socket.remotePort, chosen.status, performance.now() - start);
    }
    return true;
  };
  return {
    serve,
    close: () => {
      open = false;
    },
  };
}

/**
 * Where the fast path plugs into the HTTP server: web.ts installs it once the pages are loaded; until then
 * (and in API-only apps) every request goes to Fastify.
 */
export class PageFastPathSlot {
  private current: PageFastPath | null = null;
  private closed = false;

  install(fastPath: PageFastPath): void {
    this.current = fastPath;
    if (this.closed) fastPath.close();
  }

  close(): void {
    this.closed = true;
    this.current?.close();
  }

  serve(req: IncomingMessage, res: ServerResponse): boolean {
    return this.current?.serve(req, res) === true;
  }
}

/** The options Fastify hands its serverFactory (its own, defaults filled in) that shape an HTTP/1 server. */
interface FastifyServerSettings {
  readonly http?: http.ServerOptions;
  readonly keepAliveTimeout?: number;
  readonly requestTimeout?: number;
  readonly connectionTimeout?: number;
  readonly maxRequestsPerSocket?: number;
}

/**
 * Fastify's `serverFactory`: the HTTP/1 server Fastify would build for itself (lib/server.js: the `http`
 * options, keep-alive, request and connection timeouts, requests per socket), whose request listener
 * offers each request to the fast path first. Fastify still binds its clientError handler to it.
 */
export function pageServerFactory(slot: PageFastPathSlot) {
  return (handler: RequestListener, opts: FastifyServerSettings): http.Server => {
    const server = http.createServer(opts.http ?? {}, (req, res) => {
      if (!slot.serve(req, res)) handler(req, res);
    });
    if (opts.keepAliveTimeout !== undefined) server.keepAliveTimeout = opts.keepAliveTimeout;
    if (opts.requestTimeout !== undefined) server.requestTimeout = opts.requestTimeout;
    if (opts.connectionTimeout !== undefined) server.setTimeout(opts.connectionTimeout);
    if (opts.maxRequestsPerSocket !== undefined && opts.maxRequestsPerSocket > 0) {
      server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
    }
    return server;
  };
}
