/** The owner's settings: stored in the database, with the environment's values as the first defaults. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SettingsStore } from './settings-store';

async function settings(app: FastifyInstance): Promise<void> {
  const { db, config } = app.platform;
  app.decorate('settings', {
    store: new SettingsStore(db, {
      makingCapacityPerDay: config.makingCapacityPerDay,
      earlyBird: config.earlyBird,
    }),
  });
}

export const settingsPlugin = fp(settings, { name: 'settings', dependencies: ['platform'] });
