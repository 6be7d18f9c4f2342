/**
 * The order desk's API (docs/product.md §10.8), under /api/admin/. Every route but sign-in needs the
 * owner's session cookie or `Authorization: Bearer ADMIN_TOKEN` (401 otherwise: desk/owner-auth.ts);
 * every route passes the request guard first (rate limit; for state-changing ones also same origin and
 * JSON: security/route-policy.ts). Bodies and
 * queries are checked with the shared schemas (domain/admin-api.ts): a malformed one is a 400 with a
 * message. Every owner action writes an audit row.
 */
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
} from '../desk/admin-sessions';
import { newsletterCsv, ordersCsv } from '../desk/csv';
import { type Actor, type DeskOutcome, type DeskService, toDetail, toListItem } from '../desk/desk-service';
import { attemptOwnerToken, sessionCookieOptions } from '../desk/owner-auth';
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

export async function deskRoutes(app: FastifyInstance, opts: DeskRouteOptions): Promise<void> {
  const { config, desk, sessions, signIns } = opts;
  const cookieOptions = sessionCookieOptions(isHttps(config));

  const actorOf = (request: FastifyRequest): Actor =>
    request.deskActor ?? { session: '?', address: request.ip };
  const reference = (request: FastifyRequest) => (request.params as { reference: string }).reference;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Robots-Tag', 'noindex, nofollow');
  });

  app.post(ADMIN_API.session, async (request, reply) => {
    const address = request.ip;
    const parsed = signInRequestSchema.safeParse(request.body);
    // Counted with every failed token, Bearer ones included, before the token is looked at.
    const right = await attemptOwnerToken(request, reply, {
      signIns,
      token: config.admin.token,
      given: parsed.success ? parsed.data.token : null,
      wrong: () => reply.code(401).send({ ok: false, error: ADMIN_MESSAGES.wrongToken }),
    });
    if (!right) return reply;
    const { secret, session } = await sessions.create(address);
    await desk.store.audit({
      session: session.label,
      address,
      action: 'sign-in',
      target: null,
      detail: null,
    });
    return reply
      .setCookie(ADMIN_SESSION_COOKIE, secret, {
        ...cookieOptions,
        maxAge: Math.floor(SESSION_LIMITS.maxMs / 1000),
      })
      .send({ ok: true, expiresAt: session.expiresAt.toISOString() });
  });

  // Whether the desk is signed in (the app asks at start): the session's end if it stays unused.
  app.get(ADMIN_API.session, async (request, reply) => {
    const expiresAt = request.deskActor?.expiresAt ?? new Date(Date.now() + SESSION_LIMITS.idleMs);
    return reply.send({ ok: true, expiresAt: expiresAt.toISOString() });
  });

  app.delete(ADMIN_API.session, async (request, reply) => {
    const secret = request.cookies[ADMIN_SESSION_COOKIE];
    if (secret) await sessions.end(secret);
    await desk.store.audit({ ...actorOf(request), action: 'sign-out', target: null, detail: null });
    return reply.clearCookie(ADMIN_SESSION_COOKIE, cookieOptions).send({ ok: true });
  });

  app.get(ADMIN_API.orders, async (request, reply) => {
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

  app.get(ADMIN_API.ordersCsv, async (request, reply) => {
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
      .send(ordersCsv(orders, opts.config.seller.vatRate));
  });

  app.get(ADMIN_API.newsletterCsv, async (request, reply) => {
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

  app.get(ADMIN_API.packingSlips, async (_request, reply) => {
    const orders = await desk.store.inProduction(ADMIN_LIMITS.maxPackingSlips);
    return reply.send({ orders: orders.map(toDetail) });
  });

  app.get(`${ADMIN_API.orders}/:reference`, async (request, reply) => {
    const outcome = await desk.detail(reference(request));
    if (outcome.httpStatus !== 200) return sendOutcome(reply, outcome);
    return reply.send(outcome.body.order);
  });

  app.post(`${ADMIN_API.orders}/:reference/status`, async (request, reply) => {
    const parsed = statusRequestSchema.safeParse(request.body);
    if (!parsed.success) return bad(reply, firstIssue(parsed.error));
    return sendOutcome(
      reply,
      await desk.changeStatus(reference(request), parsed.data.status, actorOf(request)),
    );
  });

  app.post(`${ADMIN_API.orders}/:reference/dispatch`, async (request, reply) => {
    const parsed = dispatchRequestSchema.safeParse(request.body);
    if (!parsed.success) return bad(reply, firstIssue(parsed.error));
    return sendOutcome(reply, await desk.dispatch(reference(request), parsed.data, actorOf(request)));
  });

  app.post(`${ADMIN_API.orders}/:reference/refund`, async (request, reply) => {
    const parsed = refundRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) return bad(reply, firstIssue(parsed.error));
    return sendOutcome(reply, await desk.refund(reference(request), parsed.data, actorOf(request)));
  });

  app.post(`${ADMIN_API.orders}/:reference/cancel`, async (request, reply) => {
    const parsed = cancelRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) return bad(reply, firstIssue(parsed.error));
    return sendOutcome(reply, await desk.cancel(reference(request), parsed.data, actorOf(request)));
  });

  app.post(`${ADMIN_API.orders}/:reference/notes`, async (request, reply) => {
    const parsed = noteRequestSchema.safeParse(request.body);
    if (!parsed.success) return bad(reply, firstIssue(parsed.error));
    return sendOutcome(reply, await desk.addNote(reference(request), parsed.data.text, actorOf(request)));
  });
}
