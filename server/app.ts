/**
 * Builds the Fastify app without listening, so tests can use `app.inject` or listen on port 0.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { type CommerceOptions, registerCommerce } from './commerce';
import type { AppConfig } from './config';
import { serverLogOptions } from './ops/logging';
import { type ReconcileTimings, reconcilePendingOrders } from './ops/reconcile';
import { adminRoutes } from './routes/admin';
import { healthRoutes } from './routes/health';
import { runtimeEnvRoutes } from './routes/runtime-env';
import { seoFileRoutes } from './routes/seo-files';
import { webRoutes } from './routes/web';
import { installSecurity } from './security/install';

export interface BuildOptions {
  readonly config: AppConfig;
  /** Serve the built front end (off in API-only tests). */
  readonly serveWeb?: boolean;
  /** Orders, payments, e-mail and newsletter (database under config.dataDir); test tuning only. */
  readonly commerce?: CommerceOptions;
  /** Re-checks pending orders in the background (ops/reconcile.ts); false in tests that drive it. */
  readonly reconcile?: Partial<ReconcileTimings> | false;
}

export async function buildApp({
  config,
  serveWeb = true,
  commerce,
  reconcile,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({ ...serverLogOptions(config), bodyLimit: 64 * 1024 });
  installSecurity(app, config);
  await app.register(healthRoutes);
  await app.register(adminRoutes, { config });
  await app.register(runtimeEnvRoutes, { runtimeFlags: config.runtimeFlags });
  await app.register(seoFileRoutes, { publicUrl: config.publicUrl });
  if (serveWeb) await app.register(webRoutes, { webDistDir: config.webDistDir, publicUrl: config.publicUrl });
  await registerCommerce(app, config, commerce);
  reconcilePendingOrders(app, reconcile);
  return app;
}
