/** Personal data: the retention pass, and the owner's export and erasure of one person's data. */
import type { FastifyInstance } from 'fastify';
import { featurePlugin } from '../lib/feature-plugin';
import type { PeriodicTimings } from '../ops/periodic-job';
import { privacyAdminRoutes } from './privacy-routes';
import { PrivacyStore } from './privacy-store';
import { scheduleRetention } from './retention';

async function privacy(app: FastifyInstance): Promise<void> {
  const { db, mailDir, tuning, features } = app.platform;
  // Each feature's part of the export, erasure and retention, as it declared it (app.ts FEATURES).
  const parts = features.flatMap((f) => (f.personalData ? [f.personalData] : []));
  const store = new PrivacyStore(db, { mailDir, parts });
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

declare module '../platform' {
  interface ShopTuning {
    /** The daily retention pass (./retention.ts); false in tests that run passes themselves. */
    readonly retention?: Partial<PeriodicTimings> | false;
  }
}
