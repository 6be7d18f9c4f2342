/**
 * Gift cards (docs/product/gift-cards.md §19): the service the checkout calls, the balance check, the owner's desk
 * routes, and two passes: the recipients' e-mails on their day, and the holds of checkouts that ended
 * without the shop hearing of it.
 */
import type { FastifyInstance } from 'fastify';
import { GIFT_CARD_ATTEMPTS } from '../../domain/gift-cards/gift-cards';
import { featurePlugin } from '../lib/feature-plugin';
import { type PeriodicTimings, schedulePeriodicJob } from '../ops/periodic-job';
import { adminGiftCardRoutes, giftCardRoutes } from './gift-card-routes';
import { GiftCardService } from './gift-card-service';
import { GiftCardStore } from './gift-card-store';

/** Counter names (the shared counters store sha256 of name and value, never the code or the address). */
const ATTEMPT_COUNTERS = { byClient: 'gift-card-client', byCode: 'gift-card-code' } as const;

/** Every minute: an e-mail due today goes within a minute of midnight, a lapsed hold within one. */
export const GIFT_CARD_PASS_TIMINGS: PeriodicTimings = { initialDelayMs: 5_000, intervalMs: 60_000 };

async function giftCards(app: FastifyInstance): Promise<void> {
  const { db, config, audit, counters, now, wakeOutbox, tuning } = app.platform;
  const store = new GiftCardStore(db);
  const service = new GiftCardService({
    store,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    requests: audit,
    audit: (entry) => audit.audit(entry),
    wakeOutbox,
    ...(now ? { now } : {}),
  });
  const attempt = async (client: string, code: string): Promise<boolean> => {
    const { windowMs } = GIFT_CARD_ATTEMPTS;
    // Both are counted on every attempt, so a flood on one cannot hide behind the other.
    const [byClient, byCode] = await Promise.all([
      counters.count(ATTEMPT_COUNTERS.byClient, client, windowMs),
      counters.count(ATTEMPT_COUNTERS.byCode, code, windowMs),
    ]);
    return byClient.current <= GIFT_CARD_ATTEMPTS.perClient && byCode.current <= GIFT_CARD_ATTEMPTS.perCode;
  };
  app.decorate('giftCards', { service, store, attempt });
  if (tuning.giftCards !== false) {
    schedulePeriodicJob(app, {
      name: 'gift-cards',
      timings: { ...GIFT_CARD_PASS_TIMINGS, ...tuning.giftCards },
      run: async (stopping) => ({
        sent: await service.sendDue(stopping),
        released: await service.releaseExpired(),
      }),
      onResult: (result) => {
        if (result.sent + result.released > 0) app.log.info(result, 'gift-cards: pass done');
      },
    });
  }
  await app.register(giftCardRoutes, { service, attempt });
  await app.register(adminGiftCardRoutes, { service });
}

export const giftCardsPlugin = featurePlugin('giftCards', [], giftCards);

declare module '../platform' {
  interface ShopTuning {
    /** The gift cards' pass (e-mails on their day, lapsed holds); false in tests that drive it. */
    readonly giftCards?: Partial<PeriodicTimings> | false;
  }
}
