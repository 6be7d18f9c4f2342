/**
 * Builds the Fastify app without listening, so tests can use `app.inject` or listen on port 0.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { sellerToEnv } from '../domain/settings/seller';
import { type CommerceOptions, registerCommerce } from './commerce';
import { type AppConfig, isHttps, sellerIdentity } from './config';
import { adminRoutes } from './images/image-edit-routes';
import { clientErrorHandler, frameworkErrorHandler } from './lib/api-support';
import { type MediaOptions, registerMedia } from './media/media';
import { healthRoutes } from './ops/health-routes';
import { serverLogOptions } from './ops/logging';
import { installMetrics } from './ops/metrics';
import { type ReconcileTimings, reconcilePendingOrders } from './ops/reconcile';
import { runtimeEnvRoutes } from './pages/runtime-env-routes';
import { seoFileRoutes } from './pages/seo-file-routes';
import { webRoutes } from './pages/web-routes';
import { nonDocumentHeaders } from './security/headers';
import { installSecurity, type SecurityOptions } from './security/install';
import { clockOf, sharedRateLimitStore } from './security/rate-limit-store';
import { UNCLASSIFIED_POLICY } from './security/route-policy';

/**
 * How long a client may take. A request that trickles in (a few bytes at a time, to hold connections
 * open) is answered 408 and closed once `requestMs` is over; the largest body, an 11 MB image for the
 * owner's editor, still arrives in time over a 2 Mbit/s uplink.
 */
export interface ServerTimeouts {
  /** The whole request, headers and body. */
  readonly requestMs: number;
  /** The request's headers. */
  readonly headersMs: number;
  /**
   * No byte either way for this long closes the connection. Above Fastify's keep-alive timeout (72 s):
   * a proxy in front keeps idle connections up to about a minute and must never reuse one the server is
   * closing.
   */
  readonly idleMs: number;
  /** How often Node checks the request and header timeouts (its default, 30 s, would let them overrun). */
  readonly checkEveryMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  requestMs: 60_000,
  headersMs: 20_000,
  idleMs: 75_000,
  checkEveryMs: 1_000,
};

/** How long one plugin may take to register (Fastify's default is 10 s). */
const PLUGIN_TIMEOUT_MS = 300_000;

export interface BuildOptions {
  readonly config: AppConfig;
  /** Serve the built front end (off in API-only tests). */
  readonly serveWeb?: boolean;
  /** Orders, payments, e-mail and newsletter (database: config.database); test tuning only. */
  readonly commerce?: CommerceOptions;
  /** Re-checks pending orders in the background (ops/reconcile.ts); false in tests that drive it. */
  readonly reconcile?: Partial<ReconcileTimings> | false;
  /** Test tuning only. */
  readonly timeouts?: Partial<ServerTimeouts>;
  /**
   * Where the rate limits count; default: Redis with REDIS_URL, else the database with DATABASE_URL,
   * else memory (security/rate-limit-store.ts).
   */
  readonly rateLimitStore?: SecurityOptions['rateLimitStore'];
  /** The owner's photos: the catalogue's image functions and what photos it still shows (media/media.ts). */
  readonly media?: MediaOptions;
}

export async function buildApp({
  config,
  serveWeb = true,
  commerce,
  reconcile,
  timeouts,
  rateLimitStore,
  media,
}: BuildOptions): Promise<FastifyInstance> {
  const t = { ...SERVER_TIMEOUTS, ...timeouts };
  const fixedHeaders = await nonDocumentHeaders(isHttps(config));
  const app = Fastify({
    ...serverLogOptions(config),
    // Routes without a policy of their own (and unknown ones) get the strictest policy's limit.
    bodyLimit: UNCLASSIFIED_POLICY.maxBodyBytes,
    // The pages are rendered before the server listens (pages/web-routes.ts): on a loaded 2-core host, or under
    // valgrind (bench:api --instructions), that takes longer than Fastify's default 10 s per plugin.
    pluginTimeout: PLUGIN_TIMEOUT_MS,
    requestTimeout: t.requestMs,
    connectionTimeout: t.idleMs,
    http: {
      requestTimeout: t.requestMs,
      headersTimeout: t.headersMs,
      connectionsCheckingInterval: t.checkEveryMs,
    },
    frameworkErrors: frameworkErrorHandler(fixedHeaders),
    clientErrorHandler: clientErrorHandler(fixedHeaders),
  });
  await installSecurity(app, config, {
    notFound: !serveWeb,
    // Tests only: the commerce's clock, which the limits' rows must keep too (sharedRateLimitStore).
    rateLimitStore: rateLimitStore ?? sharedRateLimitStore(app, config, clockOf(commerce?.now)),
  });
  // Before every other route: its onResponse hook times them all (ops/metrics.ts).
  await installMetrics(app, config.metricsToken);
  await app.register(healthRoutes);
  await app.register(adminRoutes, { config });
  const seller = sellerIdentity(config);
  // The flags, the seller's public identity (the legal pages name it) and the owner's closures (dispatch
  // dates): never other environment.
  await app.register(runtimeEnvRoutes, {
    runtimeFlags: { ...config.runtimeFlags, ...sellerToEnv(seller) },
    closedDates: config.closedDates,
  });
  // The database (and with it the catalogue) opens here: the sitemap and the pages read the catalogue.
  await registerCommerce(app, config, commerce);
  // The owner's photos take the catalogue's picture functions, and keep every photo it still shows.
  await registerMedia(app, {
    productImages: app.commerce.productImages,
    referencedMediaIds: app.commerce.referencedMediaIds,
    ...media,
  });
  const catalogue = app.commerce.catalogueSource;
  await app.register(seoFileRoutes, { publicUrl: config.publicUrl, catalogue });
  if (serveWeb) {
    await app.register(webRoutes, {
      webDistDir: config.webDistDir,
      publicUrl: config.publicUrl,
      seller,
      catalogue,
      reviews: app.commerce.reviewsSource,
    });
  }
  reconcilePendingOrders(app, reconcile);
  return app;
}
