/**
 * The desk's Today (docs/product/desk.md §10.11; the settings' routes are the settings feature's), under /api/admin/ like the rest of the desk: the
 * owner-auth hook (security/owner-auth.ts) and the request guard cover them; bodies are checked with the shared
 * schemas (domain/making/today.ts). A change writes an audit row; a repeated submission (the same
 * Idempotency-Key, or the same value) changes nothing the second time.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { SETTINGS_MESSAGES, TODAY_API, todayResponseSchema } from '../../domain/making/today';
import { okResponseSchema } from '../../domain/shared/answers';
import { type AuditTrail, oncePerAction } from '../audit/audit-trail';
import { refuse } from '../lib/refusal';
import { retryFailedMail } from '../mail/outbox';
import { checkDatabase } from '../ops/health';
import { queuedOrdersWithLines } from '../orders';
import { ownerActor } from '../security/owner-auth';
import { QUOTE_ACTION_POLICY } from '../security/route-policy';
import type { SettingsStore } from '../settings';
import type { QueueFront, TodayPart } from './index';
import { todayReport } from './today';

export interface TodayRouteOptions {
  readonly settings: SettingsStore;
  /** What other features add to Today (making's face, `joinToday`). */
  readonly parts?: readonly TodayPart[];
  /** Pieces made ahead of every order (making's face, `joinFront`). */
  readonly fronts?: readonly QueueFront[];
  /** The desk's submission keys (claimRequest) and audit trail. */
  readonly audit: AuditTrail;
  readonly onMailQueued: () => void;
  /** The clock the day is read from (tests); the real one by default. */
  readonly now?: () => Date;
}

export async function todayRoutes(app: FastifyInstance, opts: TodayRouteOptions): Promise<void> {
  const { settings, audit } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    TODAY_API.today,
    // Today is the maker's too: what to make and pack.
    { schema: { response: { 200: todayResponseSchema } }, config: { forMakers: true } },
    async (_request, reply) => {
      const { dialect, reachable } = await checkDatabase(app);
      const front = (await Promise.all((opts.fronts ?? []).map((f) => f()))).flat();
      const report = await todayReport(
        app.platform.db,
        settings,
        {
          database: { dialect, reachable },
          mailTransport: app.platform.transport.description,
        },
        opts.now?.() ?? new Date(),
        front,
      );
      const parts = opts.parts ?? [];
      const queue =
        parts.length > 0
          ? [
              ...front.map((p) => ({
                reference: p.reference,
                lines: [{ product_id: p.productId, size: p.size, quantity: 1 }],
              })),
              ...(await queuedOrdersWithLines(app.platform.db)).map(({ row, lines }) => ({
                reference: row.reference ?? row.id,
                lines,
              })),
            ]
          : [];
      const added = await Promise.all(parts.map((part) => part(queue)));
      return reply.header('Cache-Control', 'no-store').send(Object.assign(report, ...added));
    },
  );

  const byId = z.object({ id: z.string().check(z.regex(/^\d{1,12}$/)) });
  const retried = { params: byId, response: { 200: okResponseSchema } };
  // "Send again" of a failed e-mail (no body).
  const retry = { schema: retried, config: { policy: QUOTE_ACTION_POLICY } };
  api.post(TODAY_API.outboxRetry, retry, async (request, reply) => {
    const id = Number(request.params.id);
    const actor = ownerActor(request);
    const answer = await oncePerAction(
      audit,
      { action: 'outbox-retry', target: String(id), actor },
      async () => {
        if (!(await retryFailedMail(app.platform.db, id))) {
          refuse('not-found', SETTINGS_MESSAGES.outboxNotFound);
        }
        await audit.audit({
          session: actor.session,
          address: actor.address,
          name: actor.name,
          action: 'outbox-retry',
          target: String(id),
          detail: null,
        });
        opts.onMailQueued();
        return { ok: true as const };
      },
      async () => ({ ok: true as const }),
    );
    return reply.send(answer);
  });
}
