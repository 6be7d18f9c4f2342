/** The owner's settings: stored in the database, with the environment's values as the first defaults. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SettingsStore } from './settings-store';

async function settings(app: FastifyInstance): Promise<void> {
  const { db, config } = app.platform;
  if (config.production && config.seller.placeholder) {
    app.addHook('onReady', async () => {
      app.log.warn(
        "SELLER_NAME or SELLER_ADDRESS is not set: the confirmation e-mails and the legal pages show placeholders where the law asks for the seller's identity",
      );
    });
  }
  app.decorate('settings', {
    store: new SettingsStore(db, {
      makingCapacityPerDay: config.makingCapacityPerDay,
      earlyBird: config.earlyBird,
    }),
  });
}

export const settingsPlugin = fp(settings, { name: 'settings', dependencies: ['platform'] });
