/**
 * The owner's settings (docs/product.md §10.11) under /api/admin/ like the rest of the desk (the
 * owner-auth hook and the request guard cover them), and what the storefront may know of them. A change
 * writes one audit row per setting; a repeated submission (the same Idempotency-Key, or the same value)
 * changes nothing the second time; a save over a change the owner has not seen is refused (409).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TODAY_API } from '../../domain/making/today';
import {
  type AllSettings,
  allSettingsPatchSchema,
  PUBLIC_SETTINGS_API,
  publicSettings,
  SHOP_SETTINGS_MESSAGES,
} from '../../domain/settings/shop-settings';
import { irishDate } from '../../domain/shared/calendar-date';
import type { AuditTrail } from '../audit/audit-trail';
import { ownerActor } from '../security/owner-auth';
import type { SettingsCache } from './settings-cache';
import { type SettingsStore, StaleSettingsError } from './settings-store';

export interface SettingsRouteOptions {
  readonly store: SettingsStore;
  readonly cache: SettingsCache;
  readonly audit: AuditTrail;
  readonly now?: () => Date;
  /** After a save that changed something, with the settings before and after (this instance only). */
  readonly saved?: (settings: AllSettings, before: AllSettings) => Promise<void>;
}

/** The history of one setting: its audit rows, newest first. */
const HISTORY_MAX = 50;

export async function settingsRoutes(app: FastifyInstance, opts: SettingsRouteOptions): Promise<void> {
  const { store, cache, audit } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  app.get(TODAY_API.settings, async (_request, reply) => {
    return reply.header('Cache-Control', 'no-store').send({ ok: true, settings: await store.read() });
  });

  api.patch(TODAY_API.settings, { schema: { body: allSettingsPatchSchema } }, async (request, reply) => {
    const actor = ownerActor(request);
    const patch = request.body;
    // The first day away is today: a return date must come after it.
    const today = irishDate(opts.now?.() ?? new Date());
    if (patch.away && patch.away.mode !== 'off' && patch.away.until !== null && patch.away.until <= today) {
      return reply.code(400).send({ ok: false, error: SHOP_SETTINGS_MESSAGES.awayUntil });
    }
    const claimed = actor.requestKey === undefined ? null : `settings:${actor.requestKey}`;
    if (claimed !== null && !(await audit.claimRequest(claimed))) {
      return reply.send({ ok: true, settings: await store.read() });
    }
    let ok = false;
    try {
      const outcome = await store.update(patch, {
        session: actor.session,
        address: actor.address,
        name: actor.name,
      });
      ok = true;
      if (outcome.changed) {
        await cache.refresh();
        await opts.saved?.(outcome.settings, outcome.before);
      }
      return reply.send({ ok: true, settings: outcome.settings });
    } catch (err) {
      if (err instanceof StaleSettingsError) {
        return reply.code(409).send({ ok: false, error: SHOP_SETTINGS_MESSAGES.stale });
      }
      throw err;
    } finally {
      if (!ok && claimed !== null) await audit.releaseRequest(claimed);
    }
  });

  app.get(`${TODAY_API.settings}/history`, async (_request, reply) => {
    const history = await store.history(HISTORY_MAX);
    return reply.header('Cache-Control', 'no-store').send({ ok: true, history });
  });

  app.get(PUBLIC_SETTINGS_API, async (_request, reply) => {
    // Every API answer is no-store: a saved change reaches shoppers from the next request.
    return reply
      .header('Cache-Control', 'no-store')
      .send({ ok: true, settings: publicSettings(await cache.current()) });
  });
}
