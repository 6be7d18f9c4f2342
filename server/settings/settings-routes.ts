/**
 * The owner's settings (docs/product/desk.md §10.11) under /api/admin/ like the rest of the desk (the
 * owner-auth hook and the request guard cover them), and what the storefront may know of them. A change
 * writes one audit row per setting; a repeated submission (the same Idempotency-Key, or the same value)
 * changes nothing the second time; a save over a change the owner has not seen is refused (409).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TODAY_API } from '../../domain/making/today';
import {
  type AllSettings,
  allSettingsAnswerSchema,
  allSettingsPatchSchema,
  PUBLIC_SETTINGS_API,
  publicSettings,
  publicSettingsAnswerSchema,
  SHOP_SETTINGS_MESSAGES,
  settingsHistoryResponseSchema,
} from '../../domain/settings/shop-settings';
import { irishDate } from '../../domain/shared/calendar-date';
import { type AuditTrail, oncePerAction } from '../audit/audit-trail';
import { refuse } from '../lib/refusal';
import { ownerActor } from '../security/owner-auth';
import { DESK_ACTION_POLICY } from '../security/route-policy';
import type { SettingsCache } from './settings-cache';
import { InvalidSettingError, type SettingsStore, StaleSettingsError } from './settings-store';

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

  const all = { response: { 200: allSettingsAnswerSchema } };
  api.get(TODAY_API.settings, { schema: all }, async (_request, reply) => {
    return reply.header('Cache-Control', 'no-store').send({ ok: true, settings: await store.read() });
  });

  api.patch(
    TODAY_API.settings,
    { schema: { ...all, body: allSettingsPatchSchema }, config: { policy: DESK_ACTION_POLICY } },
    async (request, reply) => {
      const actor = ownerActor(request);
      const patch = request.body;
      // The first day away is today: a return date must come after it.
      const today = irishDate(opts.now?.() ?? new Date());
      if (patch.away && patch.away.mode !== 'off' && patch.away.until !== null && patch.away.until <= today) {
        refuse('invalid', SHOP_SETTINGS_MESSAGES.awayUntil);
      }
      const settings = await oncePerAction(
        audit,
        { action: 'settings', target: 'all', actor },
        async () => {
          const outcome = await store
            .update(patch, { session: actor.session, address: actor.address, name: actor.name })
            .catch((err: unknown) => {
              if (err instanceof StaleSettingsError) refuse('conflict', SHOP_SETTINGS_MESSAGES.stale);
              if (err instanceof InvalidSettingError) refuse('invalid', err.message);
              throw err;
            });
          if (outcome.changed) {
            await cache.refresh();
            await opts.saved?.(outcome.settings, outcome.before);
          }
          return outcome.settings;
        },
        () => store.read(),
      );
      return reply.send({ ok: true, settings });
    },
  );

  const history = { response: { 200: settingsHistoryResponseSchema } };
  api.get(`${TODAY_API.settings}/history`, { schema: history }, async (_request, reply) => {
    const history = await store.history(HISTORY_MAX);
    return reply.header('Cache-Control', 'no-store').send({ ok: true, history });
  });

  // Only the fields the public answer's schema names leave: never the order e-mail.
  const shown = { response: { 200: publicSettingsAnswerSchema } };
  api.get(PUBLIC_SETTINGS_API, { schema: shown }, async (_request, reply) => {
    // Every API answer is no-store: a saved change reaches shoppers from the next request.
    return reply
      .header('Cache-Control', 'no-store')
      .send({ ok: true, settings: publicSettings(await cache.current()) });
  });
}
