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
const ATTEMPT_COUNTERS = {
  failuresByClient: 'gift-card-failures',
  validByClient: 'gift-card-client',
  validByCode: 'gift-card-code',
} as const;

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
  // A code tried (docs/product/gift-cards.md §19.4): false when it must be refused with 429. A client
  // already over its failures is refused before the look-up, whatever the code, so a guess that hits
  // answers as one that misses. Then a code that does not work counts as a failure (refused once over),
  // and a working one counts only against the generous limits of a holder's own use.
  const attempt = async (client: string, code: string): Promise<boolean> => {
    const { windowMs } = GIFT_CARD_ATTEMPTS;
    if (
      (await counters.peek(ATTEMPT_COUNTERS.failuresByClient, client)) >= GIFT_CARD_ATTEMPTS.failuresPerClient
    )
      return false;
    if ((await service.lookUp(code)) === null) {
      const failures = await counters.count(ATTEMPT_COUNTERS.failuresByClient, client, windowMs);
      return failures.current <= GIFT_CARD_ATTEMPTS.failuresPerClient;
    }
    const [byClient, byCode] = await Promise.all([
      counters.count(ATTEMPT_COUNTERS.validByClient, client, windowMs),
      counters.count(ATTEMPT_COUNTERS.validByCode, code, windowMs),
    ]);
    return (
      byClient.current <= GIFT_CARD_ATTEMPTS.validPerClient &&
      byCode.current <= GIFT_CARD_ATTEMPTS.validPerCode
    );
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
