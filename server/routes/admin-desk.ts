/**
 * The order desk's API (docs/product.md §10.8), under /api/admin/. Every route but sign-in needs the
 * owner's session cookie or `Authorization: Bearer ADMIN_TOKEN` (401 otherwise); state-changing routes
 * pass the request guard first (rate limit, same origin, JSON: security/route-policy.ts). Bodies and
 * queries are checked with the shared schemas (domain/admin-api.ts): a malformed one is a 400 with a
 * message. Every owner action writes an audit row.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMIN_API,
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  cancelRequestSchema,
  csvRangeQuerySchema,
  dispatchRequestSchema,
  noteRequestSchema,
  ordersQuerySchema,
  refundRequestSchema,
  signInRequestSchema,
  statusRequestSchema,
} from '../../domain/admin-api';
import { type IsoDate, parseIsoDate } from '../../domain/calendar-date';
import { type AppConfig, isHttps } from '../config';
import {
  ADMIN_SESSION_COOKIE,
  type AdminSessionStore,
  SESSION_LIMITS,
  type SignInThrottle,
  sameSecret,
} from '../desk/admin-sessions';
import { newsletterCsv, ordersCsv } from '../desk/csv';
import { type Actor, type DeskOutcome, type DeskService, toDetail, toListItem } from '../desk/desk-service';
import type { NewsletterStore } from '../newsletter/newsletter-store';

export interface DeskRouteOptions {
  readonly config: AppConfig;
  readonly desk: DeskService;
  readonly sessions: AdminSessionStore;
  /** The list's confirmed subscribers, for the newsletter CSV. */
  readonly newsletter: NewsletterStore;
  /** Failed sign-ins, counted where every instance sees them (security/shared-counters.ts). */
  readonly signIns: SignInThrottle;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is acting; `expiresAt` for a session (a Bearer script has none). */
    deskActor?: Actor & { readonly expiresAt?: Date };
  }
}

/** The cookie's secret from a Cookie header, or null. */
export function sessionSecretFrom(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === ADMIN_SESSION_COOKIE) return rest.join('=') || null;
  }
  return null;
}

function cookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${ADMIN_SESSION_COOKIE}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${maxAgeSeconds}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

function firstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  const where = issue?.path.length ? `${issue.path.map(String).join('.')}: ` : '';
  return `${where}${issue?.message ?? 'Invalid request'}`;
}

function bad(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(400).send({ ok: false, error: message });
}

function sendOutcome(reply: FastifyReply, outcome: DeskOutcome): FastifyReply {
  return reply.code(outcome.httpStatus).send(outcome.body);
}

/** A from..to pair of real calendar dates, from not after to; null when either is wrong. */
function dateRange(
  from: string | undefined,
  to: string | undefined,
): { from: IsoDate | null; to: IsoDate | null } | null {
  const f = from === undefined ? null : parseIsoDate(from);
  const t = to === undefined ? null : parseIsoDate(to);
  if ((from !== undefined && !f) || (to !== undefined && !t)) return null;
  if (f && t && f > t) return null;
  return { from: f, to: t };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function deskRoutes(app: FastifyInstance, opts: DeskRouteOptions): Promise<void> {
  const { config, desk, sessions, signIns: throttle } = opts;
  const secure = isHttps(config);

  /** onRequest: the session (renewed) or the Bearer token; 401 without either. */
  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
      if (match && sameSecret(match[1] ?? '', config.admin.token)) {
        request.deskActor = { session: 'token', address: request.ip };
        return undefined;
      }
    } else {
      const secret = sessionSecretFrom(request.headers.cookie);
      const session = secret ? await sessions.use(secret) : null;
      if (session) {
        request.deskActor = { session: session.label, address: request.ip, expiresAt: session.expiresAt };
        return undefined;
      }
      if (secret) reply.header('Set-Cookie', cookie('', 0, secure));
    }
    return reply
      .code(401)
      .header('WWW-Authenticate', 'Bearer realm="solas-admin"')
      .send({ ok: false, error: ADMIN_MESSAGES.unauthorized });
  };
  const actorOf = (request: FastifyRequest): Actor => ({
    ...(request.deskActor ?? { session: '?', address: request.ip }),
    requestKey: request.headers['idempotency-key']?.toString(),
  });
  const guarded = { onRequest: authenticate };
  const reference = (request: FastifyRequest) => (request.params as { reference: string }).reference;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Robots-Tag', 'noindex, nofollow');
  });

  app.post(ADMIN_API.session, async (request, reply) => {
    const address = request.ip;
    // Counted per client as the rate limits count (an IPv6 client as its /64: one visitor usually holds a
    // whole /64 and could otherwise take a fresh allowance per address).
    const client = normalizeIP(address);
    const attempt = await throttle.attempt(client);
    if (attempt.refused) {
      return reply
        .code(429)
        .header('Retry-After', String(attempt.retryAfterSeconds))
        .send({ ok: false, error: ADMIN_MESSAGES.tooManyAttempts });
    }
    const parsed = signInRequestSchema.safeParse(request.body);
    // Compared in constant time over fixed-length digests: a wrong token's length tells nothing.
    if (!parsed.success || !sameSecret(parsed.data.token, config.admin.token)) {
      await sleep(attempt.failureDelayMs);
      // The client address stays out of the log line (the request log has what operations need).
      request.log.warn('desk: failed sign-in');
      return reply.code(401).send({ ok: false, error: ADMIN_MESSAGES.wrongToken });
    }
    await throttle.succeed(client);
    const { secret, session } = await sessions.create(address);
    await desk.store.audit({
      session: session.label,
      address,
      action: 'sign-in',
      target: null,
      detail: null,
    });
    return reply
      .header('Set-Cookie', cookie(secret, Math.floor(SESSION_LIMITS.maxMs / 1000), secure))
      .send({ ok: true, expiresAt: session.expiresAt.toISOString() });
  });

  // Whether the desk is signed in (the app asks at start): the session's end if it stays unused.
  app.get(ADMIN_API.session, guarded, async (request, reply) => {
    const expiresAt = request.deskActor?.expiresAt ?? new Date(Date.now() + SESSION_LIMITS.idleMs);
    return reply.send({ ok: true, expiresAt: expiresAt.toISOString() });
  });

  app.delete(ADMIN_API.session, guarded, async (request, reply) => {
    const secret = sessionSecretFrom(request.headers.cookie);
    if (secret) await sessions.end(secret);
    await desk.store.audit({ ...actorOf(request), action: 'sign-out', target: null, detail: null });
    return reply.header('Set-Cookie', cookie('', 0, secure)).send({ ok: true });
  });

  app.get(ADMIN_API.orders, guarded, async (request, reply) => {
    const parsed = ordersQuerySchema.safeParse(request.query);
    if (!parsed.success) return bad(reply, firstIssue(parsed.error));
    const range = dateRange(parsed.data.from, parsed.data.to);
    if (!range) return bad(reply, ADMIN_MESSAGES.badDateRange);
    const page = Number(parsed.data.page ?? '1');
    const { rows, total, counts } = await desk.store.list({
      filter: parsed.data.status ?? 'work',
      q: parsed.data.q ?? null,
      ...range,
      page,
    });
    return reply.send({ orders: rows.map(toListItem), total, page, pageSize: ADMIN_LIMITS.pageSize, counts });
  });

  app.get(ADMIN_API.ordersCsv, guarded, async (request, reply) => {
    const parsed = csvRangeQuerySchema.safeParse(request.query);
    const range = parsed.success ? dateRange(parsed.data.from, parsed.data.to) : null;
    if (!range?.from || !range.to) return bad(reply, ADMIN_MESSAGES.badDateRange);
    const orders = await desk.store.paidBetween(range.from, range.to);
    await desk.store.audit({
      ...actorOf(request),
      action: 'export-orders',
      target: null,
      detail: `${range.from}..${range.to}, ${orders.length} orders`,
    });
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="solas-orders-${range.from}-to-${range.to}.csv"`)
      .send(ordersCsv(orders, opts.config.seller));
  });

  app.get(ADMIN_API.newsletterCsv, guarded, async (request, reply) => {
    const rows = await opts.newsletter.subscribers();
    await desk.store.audit({
      ...actorOf(request),
      action: 'export-newsletter',
      target: null,
      detail: `${rows.length} rows`,
    });
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="solas-newsletter.csv"')
      .send(newsletterCsv(rows));
  });

  app.get(ADMIN_API.packingSlips, guarded, async (_request, reply) => {
    const orders = await desk.store.inProduction(ADMIN_LIMITS.maxPackingSlips);
    return reply.send({ orders: orders.map(toDetail) });
  });

  app.get(`${ADMIN_API.orders}/:reference`, guarded, async (request, reply) => {
    const outcome = await desk.detail(reference(request));
    if (outcome.httpStatus !== 200) return sendOutcome(reply, outcome);
    return reply.send(outcome.body.order);
  });

  app.post(`${ADMIN_API.orders}/:reference/status`, guarded, async (request, reply) => {
    const parsed = statusRequestSchema.safeParse(request.body);
    if (!parsed.success) return bad(reply, firstIssue(parsed.error));
    return sendOutcome(
      reply,
      await desk.changeStatus(reference(request), parsed.data.status, actorOf(request)),
    );
  });

  app.post(`${ADMIN_API.orders}/:reference/dispatch`, guarded, async (request, reply) => {
    const parsed = dispatchRequestSchema.safeParse(request.body);
    if (!parsed.success) return bad(reply, firstIssue(parsed.error));
    return sendOutcome(reply, await desk.dispatch(reference(request), parsed.data, actorOf(request)));
  });

  app.post(`${ADMIN_API.orders}/:reference/refund`, guarded, async (request, reply) => {
    const parsed = refundRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) return bad(reply, firstIssue(parsed.error));
    return sendOutcome(reply, await desk.refund(reference(request), parsed.data, actorOf(request)));
  });

  app.post(`${ADMIN_API.orders}/:reference/cancel`, guarded, async (request, reply) => {
    const parsed = cancelRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) return bad(reply, firstIssue(parsed.error));
    return sendOutcome(reply, await desk.cancel(reference(request), parsed.data, actorOf(request)));
  });

  app.post(`${ADMIN_API.orders}/:reference/notes`, guarded, async (request, reply) => {
    const parsed = noteRequestSchema.safeParse(request.body);
    if (!parsed.success) return bad(reply, firstIssue(parsed.error));
    return sendOutcome(reply, await desk.addNote(reference(request), parsed.data.text, actorOf(request)));
  });
}
