/** Personal data: the retention pass, and the owner's export and erasure of one person's data. */
import type { FastifyInstance } from 'fastify';
import { featurePlugin } from '../lib/feature-plugin';
import { privacyAdminRoutes } from './privacy-routes';
import { PrivacyStore } from './privacy-store';
import { scheduleRetention } from './retention';

async function privacy(app: FastifyInstance): Promise<void> {
  const { db, mailDir, tuning } = app.platform;
  const store = new PrivacyStore(db, { mailDir });
  app.decorate('privacy', { store });
  scheduleRetention(app, store, tuning.retention);
  await app.register(privacyAdminRoutes, { privacy: store });
}

declare module 'fastify' {
  interface FastifyInstance {
    privacy: { readonly store: PrivacyStore };
  }
}

export const privacyPlugin = featurePlugin('privacy', [], privacy);
