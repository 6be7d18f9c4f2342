/**
 * Builds the Fastify app without listening, so tests can use `app.inject` or listen on port 0.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { catalogueDeclaration } from './catalogue/declaration';
import { cataloguePlugin } from './catalogue/plugin';
import { checkoutDeclaration } from './checkout/declaration';
import { checkoutPlugin } from './checkout/plugin';
import type { ReconcileTimings } from './checkout/reconcile';
import { type AppConfig, isHttps } from './config';
import { customersDeclaration } from './customers/declaration';
import { customersPlugin } from './customers/plugin';
import { customsPlugin } from './customs/plugin';
import { enquiriesDeclaration } from './enquiries/declaration';
import { enquiriesPlugin } from './enquiries/plugin';
import { exchangesDeclaration } from './exchanges/declaration';
import { exchangesPlugin } from './exchanges/plugin';
import { fulfilmentDeclaration } from './fulfilment/declaration';
import { fulfilmentPlugin } from './fulfilment/plugin';
import { giftCardsDeclaration } from './gift-cards/declaration';
import { giftCardsPlugin } from './gift-cards/plugin';
import { adminRoutes } from './images/image-edit-routes';
import { clientErrorHandler, frameworkErrorHandler } from './lib/api-support';
import { makingPlugin } from './making/plugin';
import { manualOrdersDeclaration } from './manual-orders/declaration';
import { manualOrdersPlugin } from './manual-orders/plugin';
import { materialsDeclaration } from './materials/declaration';
import { materialsPlugin } from './materials/plugin';
import { mediaDeclaration } from './media/declaration';
import { type MediaOptions, mediaPlugin } from './media/media';
import { newsletterDeclaration } from './newsletter/declaration';
import { newsletterPlugin } from './newsletter/plugin';
import { numbersPlugin } from './numbers/plugin';
import { offersDeclaration } from './offers/declaration';
import { offersPlugin } from './offers/plugin';
import { healthRoutes } from './ops/health-routes';
import { serverLogOptions } from './ops/logging';
import { installMetrics } from './ops/metrics';
import { ordersDeclaration } from './orders/declaration';
import { ordersPlugin } from './orders/plugin';
import { pagesPlugin } from './pages/plugin';
import { paymentsDeclaration } from './payments/declaration';
import { paymentsPlugin } from './payments/plugin';
import { peoplePlugin } from './people/plugin';
import { declareFeatures, type FeatureDeclaration, platformPlugin, type ShopTuning } from './platform';
import { privacyPlugin } from './privacy/plugin';
import { quotesDeclaration } from './quotes/declaration';
import { quotesPlugin } from './quotes/plugin';
import { returnsDeclaration } from './returns/declaration';
import { returnsPlugin } from './returns/plugin';
import { reviewsDeclaration } from './reviews/declaration';
import { reviewsPlugin } from './reviews/plugin';
import { nonDocumentHeaders } from './security/headers';
import { installSecurity, type SecurityOptions } from './security/install';
import { clockOf, sharedRateLimitStore } from './security/rate-limit-store';
import { UNCLASSIFIED_POLICY } from './security/route-policy';
import { settingsDeclaration } from './settings/declaration';
import { settingsPlugin } from './settings/plugin';
import { shippingDeclaration } from './shipping/declaration';
import { shippingPlugin } from './shipping/plugin';
import { vatDeclaration } from './vat/declaration';
import { vatPlugin } from './vat/plugin';

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

/**
 * What each feature declares for the platform (platform.ts `FeatureDeclaration`): a new feature adds its
 * declaration here, beside its plugin below. In the plugins' order.
 */
export const FEATURES: readonly FeatureDeclaration[] = [
  settingsDeclaration,
  paymentsDeclaration,
  catalogueDeclaration,
  ordersDeclaration,
  checkoutDeclaration,
  manualOrdersDeclaration,
  fulfilmentDeclaration,
  returnsDeclaration,
  shippingDeclaration,
  offersDeclaration,
  enquiriesDeclaration,
  quotesDeclaration,
  newsletterDeclaration,
  reviewsDeclaration,
  mediaDeclaration,
  customersDeclaration,
  giftCardsDeclaration,
  vatDeclaration,
  materialsDeclaration,
  exchangesDeclaration,
];

/** Hands every feature's declaration to the platform: before a database opens (the app, scripts, tests). */
export function declareShop(): void {
  declareFeatures(FEATURES);
}

/** How long one plugin may take to register (Fastify's default is 10 s). */
const PLUGIN_TIMEOUT_MS = 300_000;

export interface BuildOptions {
  readonly config: AppConfig;
  /** Serve the built front end (off in API-only tests). */
  readonly serveWeb?: boolean;
  /** Test tuning only: clocks, timings and passes of the platform and the features (platform.ts). */
  readonly tuning?: ShopTuning;
  /** Re-checks pending orders in the background (checkout/reconcile.ts); false in tests that drive it. */
  readonly reconcile?: Partial<ReconcileTimings> | false;
  /** Test tuning only. */
  readonly timeouts?: Partial<ServerTimeouts>;
  /**
   * Where the rate limits count; default: Redis with REDIS_URL, else the database with DATABASE_URL,
   * else memory (security/rate-limit-store.ts).
   */
  readonly rateLimitStore?: SecurityOptions['rateLimitStore'];
  /** Tests: the owner's photos' store, retention and image functions (media/media.ts). */
  readonly media?: MediaOptions;
}

export async function buildApp({
  config,
  serveWeb = true,
  tuning = {},
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
    // Tests only: the platform's clock, which the limits' rows must keep too (sharedRateLimitStore).
    rateLimitStore: rateLimitStore ?? sharedRateLimitStore(app, config, clockOf(tuning.now)),
  });
  // Before every other route: its onResponse hook times them all (ops/metrics.ts).
  await installMetrics(app, config.metricsToken);
  await app.register(healthRoutes);
  await app.register(adminRoutes, { config });
  // The platform (database, outbox, audit, events), then each feature after the ones it uses. A feature
  // registers its own routes and decorates the app with its public face (its index.ts).
  await app.register(platformPlugin, { config, tuning, features: FEATURES });
  await app.register(settingsPlugin);
  await app.register(paymentsPlugin);
  await app.register(cataloguePlugin);
  await app.register(ordersPlugin);
  await app.register(vatPlugin);
  await app.register(fulfilmentPlugin);
  await app.register(returnsPlugin);
  await app.register(customsPlugin);
  await app.register(shippingPlugin);
  await app.register(makingPlugin);
  await app.register(offersPlugin);
  await app.register(giftCardsPlugin);
  await app.register(checkoutPlugin, { reconcile });
  await app.register(manualOrdersPlugin);
  await app.register(materialsPlugin);
  await app.register(exchangesPlugin);
  await app.register(enquiriesPlugin);
  await app.register(quotesPlugin);
  await app.register(newsletterPlugin);
  await app.register(reviewsPlugin);
  await app.register(privacyPlugin);
  await app.register(numbersPlugin);
  await app.register(mediaPlugin, media ?? {});
  await app.register(pagesPlugin, { serveWeb });
  await app.register(customersPlugin);
  await app.register(peoplePlugin);
  return app;
}
