/**
 * Reviews from buyers: the request e-mail after delivery (at once when the owner marks an order
 * delivered, else a periodic pass), the review form, the owner's decisions and the published reviews.
 */
import type { FastifyInstance } from 'fastify';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import type { PeriodicTimings } from '../ops/periodic-job';
import { scheduleReviewRequests } from './review-requests-job';
import { reviewRoutes } from './review-routes';
import { ReviewService } from './review-service';
import { ReviewStore } from './review-store';
import { createReviewsSource, type ReviewsSource } from './reviews-source';

async function reviews(app: FastifyInstance, uses: Needs<'orders' | 'catalogue'>): Promise<void> {
  const { db, config, audit, events, tuning, now, wakeOutbox } = app.platform;
  const { orders } = uses;
  const catalogue = uses.catalogue.source;
  const store = new ReviewStore(db);
  let source: ReviewsSource | null = null;
  const service = new ReviewService({
    reviews: store,
    orders: orders.store,
    openOrder: (reference, key) => orders.pages.open(reference, key),
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    delayDays: config.reviewRequestDelayDays,
    pageUrl: (reference, key) => orders.pages.pageUrl(reference, key),
    onMailQueued: wakeOutbox,
    onVisibleChange: () => void source?.refresh(),
    productName: (id) => catalogue.current().products.find((p) => p.id === id)?.name ?? null,
    log: app.log,
    now,
  });
  const published = createReviewsSource({
    load: () => service.snapshot(),
    version: () => store.version(),
    log: app.log,
  });
  source = published;
  // Before the pages are rendered (registered after this plugin): see ReviewsSource.loaded.
  await published.loaded();
  app.addHook('onClose', async () => {
    await published.close();
  });
  app.decorate('reviews', { service, store, source: published });
  events.on('orderDelivered', ({ reference }) => service.onDelivered(reference));
  scheduleReviewRequests(app, service, tuning.reviewRequests);
  await app.register(reviewRoutes, { reviews: service, source: published, audit });
}

export const reviewsPlugin = featurePlugin('reviews', ['orders', 'catalogue'], reviews);

declare module '../platform' {
  interface ShopTuning {
    /** The review requests' periodic pass (review-requests-job.ts); false in tests that drive it. */
    readonly reviewRequests?: Partial<PeriodicTimings> | false;
  }
}
