/**
 * The owner's settings: stored in the database, with the environment's values as the first start's
 * defaults (README), kept in memory on every instance (settings-cache.ts) and edited from the desk.
 */
import type { FastifyInstance } from 'fastify';
import { type DispatchCalendar, dispatchCalendar } from '../../domain/making/dispatch';
import { settingsDefaults, zoneNameOf } from '../../domain/settings/shop-settings';
import { publishCatalogueVersion } from '../catalogue';
import { featurePlugin } from '../lib/feature-plugin';
import { senderDomain } from '../mail/transport';
import { backInTouchConfirmationMail, backInTouchMail } from './back-in-touch-mail';
import { backInTouchRoutes } from './back-in-touch-routes';
import { BackInTouchStore } from './back-in-touch-store';
import { SettingsCache } from './settings-cache';
import { settingsRoutes } from './settings-routes';
import { SettingsStore } from './settings-store';

async function settings(app: FastifyInstance): Promise<void> {
  const { db, config, audit, events, now, wakeOutbox } = app.platform;
  if (config.production && config.seller.placeholder) {
    app.addHook('onReady', async () => {
      app.log.warn(
        "SELLER_NAME or SELLER_ADDRESS is not set: the confirmation e-mails and the legal pages show placeholders where the law asks for the seller's identity",
      );
    });
  }
  const store = new SettingsStore(
    db,
    settingsDefaults({
      makingCapacityPerDay: config.makingCapacityPerDay,
      earlyBird: config.earlyBird,
      seller: config.seller,
      ownerEmail: config.ownerEmail,
      closedDates: config.closedDates,
    }),
    { published: publishCatalogueVersion },
  );
  const cache = new SettingsCache(store, app.log);
  // A save on any instance publishes a catalogue version (the store's `published`): each new version this
  // instance's catalogue serves is a cue to read the settings again.
  events.on('catalogueChanged', () => cache.moved());
  const backInTouch = new BackInTouchStore(db, {
    confirmationMail: (email, token) => backInTouchConfirmationMail(config.publicUrl, email, token),
    backMail: (email) => backInTouchMail(config.publicUrl, email),
    senderDomain: senderDomain(config.mailFrom),
    onMailQueued: wakeOutbox,
  });
  const firstStart: DispatchCalendar = { closures: config.closedDates };
  const calendar = (): Promise<DispatchCalendar> =>
    cache.current().then(dispatchCalendar, (err: unknown) => {
      app.log.warn(
        { err: (err as Error).message },
        'settings: unreadable; dispatch dates follow CLOSED_DATES',
      );
      return firstStart;
    });
  // A shopper's Reply goes to her contact address, read when the e-mail is sent; mail to the shop's own
  // addresses (her new-order notices) keeps none, or its own (the customer, the enquiry's client).
  app.platform.outbox.setReplyTo(async (recipient) => {
    const { email, orderEmail } = (await cache.current()).seller;
    const to = recipient.toLowerCase();
    const own = [email, orderEmail].map((a) => a.toLowerCase());
    // Her contact address left at the sender's (the first start's placeholder): a Reply goes there anyway.
    return own.includes(to) || email.toLowerCase() === config.mailFrom.toLowerCase() ? null : email;
  });
  app.decorate('settings', {
    store,
    cache,
    calendar,
    seller: async () => (await cache.current()).seller,
    zoneName: async (zone) => zoneNameOf((await cache.current()).shipping, zone),
  });
  await app.register(settingsRoutes, {
    store,
    cache,
    audit,
    ...(now ? { now } : {}),
    saved: async (after, before) => {
      // This instance follows the save before the owner is answered, as after a product edit: the
      // catalogue (listening) reads its new version now, not at the next version poll (up to
      // CATALOGUE_POLL_MS later), and the pages are rendered again. Other instances hear of it as of a
      // product edit.
      await events.emit('settingsSaved', {});
      // Back from away: every confirmed address gets its one e-mail (the instance that saved sends them).
      if (before.away.mode !== 'off' && after.away.mode === 'off') {
        const told = await backInTouch.tellEveryone();
        app.log.info({ told }, 'settings: the shop is back; waiting shoppers told');
      }
    },
  });
  await app.register(backInTouchRoutes, { store: backInTouch });
}

export const settingsPlugin = featurePlugin('settings', [], settings);
