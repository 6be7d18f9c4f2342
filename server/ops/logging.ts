/**
 * Structured JSON logs (pino through Fastify) with a request id on every line of a request and in the
 * X-Request-Id response header. Logs never carry card numbers, full e-mail addresses (those live in
 * the order record only) or secrets: known fields are redacted by name, and every string that reaches
 * a log line is scrubbed (e-mails masked, card-like numbers and key-shaped values removed), because a
 * provider's error message or a malformed request can quote what a shopper typed.
 */
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pino from 'pino';
import { luhnValid } from '../../domain/payment-form';
import type { AppConfig } from '../config';
import { randomRequestId } from '../security/random';
import { turnBatchedLogStream } from './log-stream';

// The local part without '/', '=' and '?': in logs an address is usually inside a path or a query.
const EMAIL_IN_TEXT = /[A-Za-z0-9.!#$%&'*+^_`{|}~-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;
/** 13 to 19 digits, optionally grouped by spaces or dashes: the shape of a card number. */
const CARD_LIKE = /\b\d(?:[ -]?\d){12,18}\b/g;
const SECRET_LIKE =
  /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9_]+|\bwhsec_[A-Za-z0-9_+/=]+|\b(?:Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+|-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/gi;
/** Credentials in a URL: smtp://user:password@host */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]+:[^\s/@]+@/gi;

/**
 * What every pattern above needs at the least: an '@' (e-mails, URL credentials), a digit (card numbers)
 * or a secret's marker. Most logged strings (messages, paths, ids without digits) have none, and skip the
 * four scans: logging was about a quarter of a checkout's CPU (bench:api at `info` against `warn`).
 */
const MAYBE_SENSITIVE = /[@\d]|_(?:live|test)_|whsec_|bearer|basic|-----begin/i;

/** The same scrubbing the logger applies, for any text that may be logged. */
export function scrubText(text: string): string {
  return MAYBE_SENSITIVE.test(text) ? scrubPatterns(text) : text;
}

/** Every pattern, without the quick check (exported for the test that proves the check loses nothing). */
export function scrubPatterns(text: string): string {
  return text
    .replace(SECRET_LIKE, '[secret]')
    .replace(URL_CREDENTIALS, '$1[credentials]@')
    .replace(EMAIL_IN_TEXT, (match, domain: string) => `${match[0]}***@${domain}`)
    .replace(CARD_LIKE, (match) => (luhnValid(match.replace(/\D/g, '')) ? '[card number]' : match));
}

/**
 * Field names whose values never belong in a log, at any depth of a logged object and in an error's own
 * fields: the value is replaced by REDACTED. Done while the object is scrubbed anyway (scrubLogObject,
 * serializeError) instead of with pino's `redact` paths: those cost about 10 µs per line (a micro-benchmark
 * of the checkout's line: 14.6 against 4.5 µs) and covered only two levels. Headers, where authorization
 * and cookies live, are never logged: the request serializer keeps the method, path and client only.
 */
const SENSITIVE_FIELDS = [
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
];
const SENSITIVE_KEYS: ReadonlySet<string> = new Set(SENSITIVE_FIELDS);
export const REDACTED = '[redacted]';

const MAX_DEPTH = 8;

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function scrubValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1, seen));
  if (value instanceof Error) return serializeError(value);
  // Class instances (a request, a reply, a buffer) are left to their serializers.
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SENSITIVE_KEYS.has(key) ? REDACTED : scrubValue(v, depth + 1, seen);
  }
  return out;
}

/** Keys pino serializes itself (req, res, err): their serializers scrub them. */
const SERIALIZED_KEYS = new Set(['req', 'res', 'err']);

/** pino's `formatters.log`: runs on the object of every log call, before the serializers. */
export function scrubLogObject(object: Record<string, unknown>): Record<string, unknown> {
  const seen = new WeakSet<object>();
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    out[key] = SENSITIVE_KEYS.has(key)
      ? REDACTED
      : SERIALIZED_KEYS.has(key)
        ? value
        : scrubValue(value, 1, seen);
  }
  return out;
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
    out[key] = SENSITIVE_KEYS.has(key)
      ? REDACTED
      : typeof value === 'string'
        ? scrubText(value)
        : typeof value === 'object'
          ? '[object]'
          : value;
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
    decoded = decodeURIComponent(pathPart);
  } catch {
    // Malformed percent-encoding: scrub it as it came.
  }
  const scrubbedDecoded = scrubText(decoded);
  const cleanPath = scrubbedDecoded !== decoded ? scrubbedDecoded : scrubText(pathPart);
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

/**
 * The characters a request id may have: base64url's (a fresh id) and a proxy's usual separators. None is
 * one JSON would escape (see REQUEST_ID_CHARS).
 */
const ID_CHARACTERS = 'A-Za-z0-9._:-';
const INCOMING_ID = new RegExp(`^[${ID_CHARACTERS}]{8,64}$`);

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

/** Fastify's trustProxy option for TRUST_PROXY (the page fast path reads the client address the same way). */
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
            stream: turnBatchedLogStream(),
            serializers: { req: serializeRequest, err: serializeError },
            formatters: { log: scrubLogObject },
            hooks: {
              logMethod(args, method) {
                const scrubbed = args.map((a) => (typeof a === 'string' ? scrubText(a) : a));
                method.apply(this, scrubbed as Parameters<typeof method>);
              },
            },
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
    const added = (reply as RepliesWithFields)[REQUEST_LINE_FIELDS];
    const entry = { ...added, req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...entry, err: error }, 'request errored');
    else reply.log.info(entry, 'request completed');
  }
}

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

/** pino's loggers have it; Fastify's logger type does not list it. */
type LevelAware = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * What every request id is made of: base64url (a fresh id) or, behind a trusted proxy, an incoming id that
 * matched INCOMING_ID. Neither has a character JSON would escape, so the page fast path's log line writes
 * the id as it is (logging.test.ts holds both generators to this).
 */
export const REQUEST_ID_CHARS = new RegExp(`^[${ID_CHARACTERS}]*$`);

/**
 * Writes one page request's "request completed" line: its id, the client's address and port, the status
 * and the milliseconds it took. The method and path are fixed when the writer is made (`RequestLines`).
 */
export type RequestLine = (
  reqId: string,
  remoteAddress: string | undefined,
  remotePort: number | undefined,
  statusCode: number,
  responseTime: number,
) => void;

/** The writer of the lines of one method and path (made once per page and method, at start). */
export type RequestLines = (method: string, url: string) => RequestLine;

/**
 * Milliseconds to the microsecond, as JSON number text: integer arithmetic and small integers' text
 * (V8 keeps those cached) instead of the shortest text of an arbitrary double (Fastify's elapsedTime
 * prints as 0.04529100656509399), which was about 1 µs of every page answer in a `perf` profile.
 */
export function millisecondsText(ms: number): string {
  const us = Math.round(ms * 1000);
  if (!Number.isFinite(us) || us < 0) return '0';
  const whole = Math.floor(us / 1000);
  const fraction = us - whole * 1000;
  return `${whole}.${fraction < 10 ? '00' : fraction < 100 ? '0' : ''}${fraction}`;
}

/**
 * The "request completed" line OneLineRequestLog writes through Fastify, written for the page fast path
 * (routes/page-fast-path.ts) without the per-request work Fastify and the shop's logger options do for it:
 * no child logger per request, no serializers, redaction paths, scrubbing formatter or message hook. The
 * line is put together from pino's own pieces of the app's logger (its level string, time function,
 * bindings and message key, through `pino.symbols`, the integration point pino documents) and written to
 * the same stream: the same fields in the same order as Fastify's (page-fast-path.test.ts compares them),
 * the time taken to the microsecond. In a micro-benchmark the line cost about 8 µs through a pino child
 * logger without redaction and under 1 µs this way.
 *
 * Only for requests whose path is known to be safe as it is: the page fast path passes one of the shop's
 * own prerendered page paths, never the URL it received, and web.ts only hands it paths `scrubUrl` leaves
 * unchanged. The method and path are JSON-encoded once, when the writer of their lines is made; the
 * request id is safe as it is (REQUEST_ID_CHARS); the client's address is JSON-encoded (behind a trusted
 * proxy it comes from a header), remembered for the next line from the same address. None of them is
 * something the redaction paths or the scrubbing would change. Null when the app logs nothing.
 */
export function completedRequestLog(log: FastifyBaseLogger | null): RequestLines | null {
  if (!log) return null;
  const logger = log as LevelAware & Record<symbol, unknown>;
  const stream = logger[pino.symbols.streamSym] as { write(line: string): unknown } | undefined;
  const levelString = (logger[pino.symbols.lsCacheSym] as Record<number, string> | undefined)?.[30];
  const time = logger[pino.symbols.timeSym] as (() => string) | undefined;
  const bindings = logger[pino.symbols.chindingsSym];
  const messageKey = logger[pino.symbols.messageKeySym];
  // A stream that wants each line's metadata (pino.multistream) or a logger built differently: every line
  // goes through the logger itself, with every serializer, as Fastify's would.
  const direct =
    stream !== undefined &&
    typeof stream.write === 'function' &&
    !(stream as Record<symbol, unknown>)[pino.symbols.needsMetadataGsym] &&
    typeof levelString === 'string' &&
    typeof time === 'function' &&
    typeof bindings === 'string' &&
    typeof messageKey === 'string';
  const tail = `,${JSON.stringify(messageKey)}:"request completed"}\n`;
  // The address of the last line and its JSON text: a keep-alive connection, or a proxy, sends many.
  let lastAddress: string | undefined;
  let lastAddressText = '';
  return (method, url) => {
    const requestText = `,"req":{"method":${JSON.stringify(method)},"url":${JSON.stringify(url)}`;
    return (reqId, remoteAddress, remotePort, statusCode, responseTime) => {
      // The level is read on each line, as pino's own methods do: a level raised at run time still applies.
      if (!logger.isLevelEnabled('info')) return;
      if (!direct || !REQUEST_ID_CHARS.test(reqId)) {
        log
          .child({ reqId })
          .info(
            serializable({ method, url, remoteAddress, remotePort, statusCode, responseTime }),
            'request completed',
          );
        return;
      }
      if (remoteAddress !== lastAddress) {
        lastAddress = remoteAddress;
        // pino leaves out a field whose value is undefined (a socket already gone has no address).
        lastAddressText =
          remoteAddress === undefined ? '' : `,"remoteAddress":${JSON.stringify(remoteAddress)}`;
      }
      const port = remotePort === undefined ? '' : `,"remotePort":${remotePort}`;
      stream.write(
        `${levelString}${time()}${bindings},"reqId":"${reqId}"${requestText}${lastAddressText}${port}},"res":{"statusCode":${statusCode}},"responseTime":${millisecondsText(responseTime)}${tail}`,
      );
    };
  };
}

/** The line's fields in the shapes the app's serializers read (a request with `ip` and `socket`, a reply). */
function serializable(entry: {
  method: string;
  url: string;
  remoteAddress: string | undefined;
  remotePort: number | undefined;
  statusCode: number;
  responseTime: number;
}) {
  return {
    req: {
      method: entry.method,
      url: entry.url,
      ip: entry.remoteAddress,
      socket: { remotePort: entry.remotePort },
    },
    res: { statusCode: entry.statusCode },
    responseTime: entry.responseTime,
  };
}
