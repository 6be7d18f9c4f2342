/**
 * The desk's Today (docs/product.md §10.11; the settings' routes are the settings feature's), under /api/admin/ like the rest of the desk: the
 * owner-auth hook (security/owner-auth.ts) and the request guard cover them; bodies are checked with the shared
 * schemas (domain/making/today.ts). A change writes an audit row; a repeated submission (the same
 * Idempotency-Key, or the same value) changes nothing the second time.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { SETTINGS_MESSAGES, TODAY_API } from '../../domain/making/today';
import type { AuditTrail } from '../audit/audit-trail';
import { retryFailedMail } from '../mail/outbox';
import { checkDatabase } from '../ops/health';
import { ownerActor } from '../security/owner-auth';
import type { SettingsStore } from '../settings';
import { todayReport } from './today';

export interface TodayRouteOptions {
  readonly settings: SettingsStore;
  /** The desk's submission keys (claimRequest) and audit trail. */
  readonly audit: AuditTrail;
  readonly onMailQueued: () => void;
  /** The clock the day is read from (tests); the real one by default. */
  readonly now?: () => Date;
}

/**
 * Runs a change once per desk submission (the desk's Idempotency-Key, docs/product.md §10.5): a repeat
 * answers `repeat()` without changing anything; a change that did not succeed frees its key.
 */
async function oncePerKey(
  audit: AuditTrail,
  slot: string,
  key: string | undefined,
  reply: FastifyReply,
  run: () => Promise<boolean>,
  repeat: () => Promise<unknown>,
): Promise<FastifyReply> {
  const claimed = key === undefined ? null : `${slot}:${key}`;
  if (claimed !== null && !(await audit.claimRequest(claimed))) return reply.send(await repeat());
  let ok = false;
  try {
    ok = await run();
    return reply;
  } finally {
    if (!ok && claimed !== null) await audit.releaseRequest(claimed);
  }
}

export async function todayRoutes(app: FastifyInstance, opts: TodayRouteOptions): Promise<void> {
  const { settings, audit } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  app.get(TODAY_API.today, async (_request, reply) => {
    const { dialect, reachable } = await checkDatabase(app);
    const report = await todayReport(
      app.platform.db,
      settings,
      {
        database: { dialect, reachable },
        mailTransport: app.platform.transport.description,
      },
      opts.now?.() ?? new Date(),
    );
    return reply.header('Cache-Control', 'no-store').send(report);
  });

  const byId = z.object({ id: z.string().check(z.regex(/^\d{1,12}$/)) });
  api.post(TODAY_API.outboxRetry, { schema: { params: byId } }, async (request, reply) => {
    const id = Number(request.params.id);
    const actor = ownerActor(request);
    return oncePerKey(
      audit,
      `outbox-retry:${id}`,
      actor.requestKey,
      reply,
      async () => {
        if (!(await retryFailedMail(app.platform.db, id))) {
          reply.code(404).send({ ok: false, error: SETTINGS_MESSAGES.outboxNotFound });
          return false;
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
        reply.send({ ok: true });
        return true;
      },
      async () => ({ ok: true }),
    );
  });
}
