/**
 * The order desk's API (docs/product.md §10.8), under /api/admin/. Every route but sign-in needs the
 * owner's session cookie or `Authorization: Bearer ADMIN_TOKEN` (401 otherwise: security/owner-auth.ts);
 * every route passes the request guard first (rate limit; for state-changing ones also same origin and
 * JSON: security/route-policy.ts). Bodies and
 * queries are checked with the shared schemas (domain/orders/admin-api.ts): a malformed one is a 400 with a
 * message. Every owner action writes an audit row.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  ADMIN_API,
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  cancelRequestSchema,
  csvRangeQuerySchema,
  dispatchRequestSchema,
  noteRequestSchema,
  ordersQuerySchema,
  packingSlipsQuerySchema,
  refundRequestSchema,
  signInRequestSchema,
  statusRequestSchema,
} from '../../domain/orders/admin-api';
import { type IsoDate, parseIsoDate } from '../../domain/shared/calendar-date';
import { type AppConfig, isHttps } from '../config';
import type { NewsletterStore } from '../newsletter/newsletter-store';
import { newsletterCsv, ordersCsv } from '../numbers/csv';
import {
  ADMIN_SESSION_COOKIE,
  type AdminSessionStore,
  SESSION_LIMITS,
  type SignInThrottle,
} from '../security/admin-sessions';
import { attemptOwnerToken, ownerActor, sessionCookieOptions } from '../security/owner-auth';
import { type DeskOutcome, type DeskService, toDetail, toListItem } from './fulfilment-service';

export interface DeskRouteOptions {
  readonly config: AppConfig;
  readonly desk: DeskService;
  readonly sessions: AdminSessionStore;
  /** The list's confirmed subscribers, for the newsletter CSV. */
  readonly newsletter: NewsletterStore;
  /** Failed sign-ins, counted where every instance sees them (security/shared-counters.ts). */
  readonly signIns: SignInThrottle;
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

  const api = app.withTypeProvider<ZodTypeProvider>();

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Robots-Tag', 'noindex, nofollow');
  });

  api.post(ADMIN_API.session, { schema: { body: signInRequestSchema } }, async (request, reply) => {
    const address = request.ip;
    // A wrong token counts with every failed one, Bearer ones included; the right one always signs in.
    const right = await attemptOwnerToken(request, reply, {
      signIns,
      token: config.admin.token,
      given: request.body.token,
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
    await desk.store.audit({ ...ownerActor(request), action: 'sign-out', target: null, detail: null });
    return reply.clearCookie(ADMIN_SESSION_COOKIE, cookieOptions).send({ ok: true });
  });

  api.get(ADMIN_API.orders, { schema: { querystring: ordersQuerySchema } }, async (request, reply) => {
    const query = request.query;
    const range = dateRange(query.from, query.to);
    if (!range) return bad(reply, ADMIN_MESSAGES.badDateRange);
    const page = Number(query.page ?? '1');
    const { rows, total, counts } = await desk.store.list({
      filter: query.status ?? 'work',
      q: query.q ?? null,
      ...range,
      page,
    });
    return reply.send({ orders: rows.map(toListItem), total, page, pageSize: ADMIN_LIMITS.pageSize, counts });
  });

  api.get(ADMIN_API.ordersCsv, { schema: { querystring: csvRangeQuerySchema } }, async (request, reply) => {
    const range = dateRange(request.query.from, request.query.to);
    if (!range?.from || !range.to) return bad(reply, ADMIN_MESSAGES.badDateRange);
    const orders = await desk.store.paidBetween(range.from, range.to);
    await desk.store.audit({
      ...ownerActor(request),
      action: 'export-orders',
      target: null,
      detail: `${range.from}..${range.to}, ${orders.length} orders`,
    });
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="solas-orders-${range.from}-to-${range.to}.csv"`)
      .send(ordersCsv(orders, opts.config.seller));
  });

  app.get(ADMIN_API.newsletterCsv, async (request, reply) => {
    const rows = await opts.newsletter.subscribers();
    await desk.store.audit({
      ...ownerActor(request),
      action: 'export-newsletter',
      target: null,
      detail: `${rows.length} rows`,
    });
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="solas-newsletter.csv"')
      .send(newsletterCsv(rows));
  });

  // The batch (every order in production) or one order's slip, each with the seller's return address.
  const slipsSchema = { querystring: packingSlipsQuerySchema };
  api.get(ADMIN_API.packingSlips, { schema: slipsSchema }, async (request, reply) => {
    const { name, address } = config.seller;
    const returnAddress = { name, address };
    const { reference } = request.query;
    if (reference !== undefined) {
      const outcome = await desk.detail(reference);
      if (outcome.httpStatus !== 200) return sendOutcome(reply, outcome);
      return reply.send({ orders: [outcome.body.order], returnAddress });
    }
    const orders = await desk.store.inProduction(ADMIN_LIMITS.maxPackingSlips);
    return reply.send({ orders: orders.map(toDetail), returnAddress });
  });

  const byReference = z.object({ reference: z.string() });
  api.get(`${ADMIN_API.orders}/:reference`, { schema: { params: byReference } }, async (request, reply) => {
    const outcome = await desk.detail(request.params.reference);
    if (outcome.httpStatus !== 200) return sendOutcome(reply, outcome);
    return reply.send(outcome.body.order);
  });

  const statusSchema = { params: byReference, body: statusRequestSchema };
  api.post(`${ADMIN_API.orders}/:reference/status`, { schema: statusSchema }, async (request, reply) => {
    return sendOutcome(
      reply,
      await desk.changeStatus(request.params.reference, request.body.status, ownerActor(request)),
    );
  });

  const dispatchSchema = { params: byReference, body: dispatchRequestSchema };
  api.post(`${ADMIN_API.orders}/:reference/dispatch`, { schema: dispatchSchema }, async (request, reply) => {
    return sendOutcome(
      reply,
      await desk.dispatch(request.params.reference, request.body, ownerActor(request)),
    );
  });

  const refundSchema = { params: byReference, body: refundRequestSchema };
  api.post(`${ADMIN_API.orders}/:reference/refund`, { schema: refundSchema }, async (request, reply) => {
    return sendOutcome(reply, await desk.refund(request.params.reference, request.body, ownerActor(request)));
  });

  const cancelSchema = { params: byReference, body: cancelRequestSchema };
  api.post(`${ADMIN_API.orders}/:reference/cancel`, { schema: cancelSchema }, async (request, reply) => {
    return sendOutcome(reply, await desk.cancel(request.params.reference, request.body, ownerActor(request)));
  });

  const notesSchema = { params: byReference, body: noteRequestSchema };
  api.post(`${ADMIN_API.orders}/:reference/notes`, { schema: notesSchema }, async (request, reply) => {
    return sendOutcome(
      reply,
      await desk.addNote(request.params.reference, request.body.text, ownerActor(request)),
    );
  });
}
