/**
 * Structured JSON logs (pino through Fastify) with a request id on every line of a request and in the
 * X-Request-Id response header. Logs never carry card numbers, full e-mail addresses (those live in
 * the order record only), checkout session ids or secrets: fields holding them are redacted by pino's
 * `redact` paths, and the serializers scrub the request's URL and errors (e-mails masked, card-like
 * numbers and key-shaped values removed), because a malformed request or a provider's error message
 * can quote what a shopper typed.
 */
import { randomUUID } from 'node:crypto';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';
import { CART_RESTORE_PATH } from '../../domain/newsletter/cart-reminder';
import { luhnValid } from '../../domain/payments/payment-form';
import type { AppConfig } from '../config';

// The local part without '/', '=' and '?': in logs an address is usually inside a path or a query.
const EMAIL_IN_TEXT = /[A-Za-z0-9.!#$%&'*+^_`{|}~-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;
/** 13 to 19 digits, optionally grouped by spaces or dashes: the shape of a card number. */
const CARD_LIKE = /\b\d(?:[ -]?\d){12,18}\b/g;
const SECRET_LIKE =
  /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9_]+|\bwhsec_[A-Za-z0-9_+/=]+|\b(?:Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+|-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/gi;
/**
 * A checkout session's id opens its order's confirmation (the order, its lines, the gift message) and its
 * test checkout pages: like an order key it never appears in full. Its first characters stay, so the lines
 * of one checkout can still be told apart.
 */
const SESSION_ID = /\b(cs_(?:live|test)_[A-Za-z0-9]{4})[A-Za-z0-9]*/g;
/**
 * The cart reminder's restore link carries its secret in the path (the page's query cannot: it is in the
 * fragment): like a session id, its first characters stay, the rest never reaches a log line.
 */
const RESTORE_TOKEN_IN_PATH = new RegExp(`(${CART_RESTORE_PATH}/[^/?#]{0,4})[^/?#]*`, 'g');
/** Credentials in a URL: smtp://user:password@host */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]+:[^\s/@]+@/gi;

/**
 * What every pattern above needs at the least: an '@' (e-mails, URL credentials), 13 digits (card numbers)
 * or a secret's or session id's marker. Most logged strings (messages, paths, ids) have none, and skip the
 * scans: logging was about a quarter of a checkout's CPU (bench:api at `info` against `warn`).
 */
const MAYBE_SENSITIVE = /@|\d(?:[ -]?\d){12}|_(?:live|test)_|whsec_|bearer|basic|-----begin/i;

/** The same scrubbing the logger applies, for any text that may be logged. */
export function scrubText(text: string): string {
  return MAYBE_SENSITIVE.test(text) ? scrubPatterns(text) : text;
}

/** Every pattern, without the quick check (exported for the test that proves the check loses nothing). */
export function scrubPatterns(text: string): string {
  return text
    .replace(SECRET_LIKE, '[secret]')
    .replace(SESSION_ID, '$1***')
    .replace(URL_CREDENTIALS, '$1[credentials]@')
    .replace(EMAIL_IN_TEXT, (match, domain: string) => `${match[0]}***@${domain}`)
    .replace(CARD_LIKE, (match) => (luhnValid(match.replace(/\D/g, '')) ? '[card number]' : match));
}

/**
 * Field names whose values never belong in a log line: credentials, card data and a shopper's address,
 * name and order key. pino's `redact` replaces them with REDACTED at the line's top level and among an
 * error's own fields, where the shop logs them. Named paths only: a wildcard path makes pino redact every
 * field of every line, which cost more than the rest of a page's answer (bench:api --profile).
 */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'stripe-signature',
  'password',
  'token',
  'secret',
  'email',
  'cardNumber',
  'cvc',
  'expiry',
  'key',
  'orderKey',
  'shippingName',
  'shippingAddress',
  'shipping_name',
  'shipping_address',
];
/** Fields kept in part: a session id masked (SESSION_ID), a free text (an SMTP reply, a refusal) scrubbed. */
const SESSION_FIELDS = ['sessionId', 'session_id'];
const TEXT_FIELDS = ['detail', 'reason'];

const REDACT_PATHS = [...SECRET_FIELDS, ...SESSION_FIELDS, ...TEXT_FIELDS].flatMap((field) =>
  /^\w+$/.test(field) ? [field, `err.${field}`] : [`["${field}"]`, `err["${field}"]`],
);
const PARTLY_KEPT: ReadonlySet<string> = new Set([...SESSION_FIELDS, ...TEXT_FIELDS]);
export const REDACTED = '[redacted]';

/** pino's censor: REDACTED, except the fields kept in part (scrubText masks session ids as well). */
function censor(value: unknown, path: readonly string[]): unknown {
  const field = path[path.length - 1] ?? '';
  if (!PARTLY_KEPT.has(field)) return REDACTED;
  return typeof value === 'string' ? scrubText(value) : REDACTED;
}

/**
 * stdout, written synchronously: one write(2) per line in the loop's own thread. pino's default
 * (asynchronous) destination measures its whole pending chunk again on every line and hands each write
 * to the thread pool and back, which under load cost more than the write itself. A log reader a whole
 * pipe buffer behind makes the server wait for it.
 */
function logDestination(): pino.DestinationStream {
  // A test runner that captures stdout replaces its write: the lines go to that write.
  const stdout = process.stdout;
  if (stdout.write !== Object.getPrototypeOf(stdout).write) return stdout;
  return pino.destination({ dest: 1, sync: true });
}

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** Like pino's error serializer, with every string scrubbed (messages quote what was sent). */
export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) {
    return { type: typeof err, message: scrubText(String(err)), stack: '' };
  }
  const out: SerializedError = {
    type: err.name,
    message: scrubText(err.message),
    stack: scrubText(err.stack ?? ''),
  };
  for (const [key, value] of Object.entries(err)) {
    if (key === 'message' || key === 'stack') continue;
    out[key] = typeof value === 'string' ? scrubText(value) : typeof value === 'object' ? '[object]' : value;
  }
  if (err.cause instanceof Error) out.cause = serializeError(err.cause);
  return out;
}

interface RequestLike {
  readonly method: string;
  readonly url: string;
  readonly ip?: string;
  readonly hostname?: string;
  readonly socket?: { readonly remotePort?: number };
}

/**
 * The path (scrubbed, also in its percent-decoded form) and the names of the query parameters, never
 * their values: the shop's own pages put nothing in query strings, so a value there is whatever a
 * visitor or a bot typed (an e-mail, a token).
 */
export function scrubUrl(url: string): string {
  const q = url.indexOf('?');
  const pathPart = q === -1 ? url : url.slice(0, q);
  let decoded = pathPart;
  try {
    if (pathPart.includes('%')) decoded = decodeURIComponent(pathPart);
  } catch {
    // Malformed percent-encoding: scrub it as it came.
  }
  const scrubbedDecoded = scrubText(decoded);
  const cleanPath = (scrubbedDecoded !== decoded ? scrubbedDecoded : scrubText(pathPart)).replace(
    RESTORE_TOKEN_IN_PATH,
    '$1***',
  );
  if (q === -1) return cleanPath.slice(0, 2048);
  const names = url
    .slice(q + 1)
    .split('&')
    .map((pair) => pair.split('=')[0] ?? '')
    .filter((name) => name !== '')
    .map((name) => `${scrubText(name).slice(0, 40)}=*`);
  return `${cleanPath}?${names.join('&')}`.slice(0, 2048);
}

/** Only the request line and the client; never headers or bodies. */
export function serializeRequest(request: RequestLike) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? scrubUrl(request.url) : undefined,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** A proxy's request id: base64url's characters and the usual separators, nothing JSON would escape. */
const INCOMING_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** A fresh request id: a random UUID (Node draws the random bytes of many at once). */
function randomRequestId(): string {
  return randomUUID();
}

/**
 * A short random id per request. Behind a trusted proxy (TRUST_PROXY), the proxy's X-Request-Id is
 * kept when it is well-formed, so one id follows the request through both logs.
 */
export function requestIdGenerator(trustIncoming: boolean) {
  const fresh = randomRequestId;
  if (!trustIncoming) return fresh;
  return (req: { headers: Record<string, string | string[] | undefined> }): string => {
    const incoming = req.headers['x-request-id'];
    return typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : fresh();
  };
}

/** Fastify's trustProxy option for TRUST_PROXY. */
export function trustProxyOption(
  trust: AppConfig['trustProxy'],
): false | ((address: string, hop: number) => boolean) | string[] {
  if (trust === false) return false;
  // A hop count: trust the addresses the nearest `trust` proxies appended, no further.
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return [...trust];
}

/** The Fastify constructor options for logging, request ids and the client address. */
export function serverLogOptions(
  config: AppConfig,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'trustProxy' | 'logController'> {
  return {
    logController: new OneLineRequestLog(),
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            stream: logDestination(),
            serializers: { req: serializeRequest, err: serializeError },
            redact: { paths: REDACT_PATHS, censor },
          },
    genReqId: requestIdGenerator(config.trustProxy !== false),
    trustProxy: trustProxyOption(config.trustProxy),
  };
}

/**
 * One log line per request, when it ends: the request line, the status and the time taken. Fastify's
 * default writes two ("incoming request", then "request completed" without the method or path); in the
 * checkout's CPU profile (bench:api --profile) logging was about 8% of the request, most of it those two
 * lines, and the first says nothing the second cannot. Errors, unknown routes and the rest keep Fastify's
 * own lines; a request that never ends is answered, and logged, by the request timeout.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    // A page or a picture served as it should be is logged at debug: nginx in front logs every such hit
    // already (docs/deploy.md), and at info this line was the largest single cost of serving a page
    // (docs/performance.md). Anything else, and any page answered with an error, stays at info.
    const quiet = !error && reply.statusCode < 400 && request.routeOptions.config.quietLog === true;
    if (quiet && reply.log.level !== 'debug' && reply.log.level !== 'trace') return;
    const added = (reply as RepliesWithFields)[REQUEST_LINE_FIELDS];
    const entry = { ...added, req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...entry, err: error }, 'request errored');
    else if (quiet) reply.log.debug(entry, 'request completed');
    else reply.log.info(entry, 'request completed');
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Log this route's successful answers at debug (pages and pictures: see OneLineRequestLog). */
    quietLog?: boolean;
  }
}

/** The route option of pages and pictures: their successful answers are logged at debug. */
export const QUIET_LOG = { config: { quietLog: true } } as const;

const REQUEST_LINE_FIELDS = Symbol('solas.requestLineFields');
type RepliesWithFields = FastifyReply & { [REQUEST_LINE_FIELDS]?: Record<string, unknown> };

/**
 * Fields for this request's one log line ("request completed"), e.g. the order a checkout opened: one
 * line per request says what happened, instead of a second line of its own (each pino line is a
 * serialisation, redaction, scrubbing and a write). The fields go through the same serializers,
 * redaction and scrubbing as the rest of the line.
 */
export function addToRequestLine(reply: FastifyReply, fields: Readonly<Record<string, unknown>>): void {
  const target = reply as RepliesWithFields;
  target[REQUEST_LINE_FIELDS] = { ...target[REQUEST_LINE_FIELDS], ...fields };
}
