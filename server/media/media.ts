/**
 * The owner's photos as a plugin: the pipeline (one worker thread), the store (the `media` table with each
 * instance's cache), the public `/media/...` route, the owner's image routes on the catalogue's picture
 * functions (`productImages`), and the retention pass, which keeps every photo a product or a past order
 * line still shows (`referencedMediaIds`). Tests may give either function of their own.
 */
import type { FastifyInstance } from 'fastify';
import { referencedMediaIds } from '../catalogue';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import { type PeriodicTimings, schedulePeriodicJob } from '../ops/periodic-job';
import { mediaRoutes } from './media-routes';
import { MediaStore, type MediaStoreOptions } from './media-store';
import { PhotoPipeline } from './photo-pipeline';
import { type ProductImagesPort, productImageRoutes } from './product-image-routes';

export interface MediaOptions {
  /** Tests: image functions of their own instead of the catalogue's. */
  readonly productImages?: ProductImagesPort;
  /** Tests: the photo ids still shown; by default every photo a product (any status) or order line shows. */
  readonly referencedMediaIds?: () => Promise<Iterable<string>>;
  /** The retention pass's timing (daily by default); false: tests run passes themselves. */
  readonly retention?: Partial<PeriodicTimings> | false;
  readonly store?: MediaStoreOptions;
}

export interface Media {
  readonly store: MediaStore;
  readonly pipeline: PhotoPipeline;
  /** Every photo id the retention pass keeps. */
  readonly referencedMediaIds: () => Promise<Iterable<string>>;
}

export const MEDIA_RETENTION_TIMINGS: PeriodicTimings = {
  initialDelayMs: 5 * 60_000,
  intervalMs: 24 * 60 * 60_000,
};

declare module 'fastify' {
  interface FastifyInstance {
    media: Media;
  }
}

async function media(
  app: FastifyInstance,
  { catalogue, orders }: Needs<'catalogue' | 'orders'>,
  options: MediaOptions,
): Promise<void> {
  const store = new MediaStore(app.platform.db, options.store);
  const pipeline = new PhotoPipeline();
  app.addHook('onClose', async () => {
    await pipeline.close();
  });
  await app.register(mediaRoutes, { store, webDistDir: app.platform.config.webDistDir });
  const port = options.productImages ?? catalogue.productImages;
  await app.register(productImageRoutes, { port, store, pipeline });
  const referenced =
    options.referencedMediaIds ??
    (() => referencedMediaIds(catalogue.service, (prefix) => orders.store.lineImagesUnder(prefix)));
  app.decorate('media', { store, pipeline, referencedMediaIds: referenced });
  if (options.retention !== false) {
    schedulePeriodicJob(app, {
      name: 'media-retention',
      timings: { ...MEDIA_RETENTION_TIMINGS, ...options.retention },
      run: async () => store.sweep(new Set(await referenced())),
      onResult: (result) => {
        if (result.marked + result.restored + result.deleted.length === 0) return;
        app.log.info(
          { marked: result.marked, restored: result.restored, deleted: result.deleted.length },
          'media-retention: photos no product or order shows',
        );
      },
    });
  }
}

export const mediaPlugin = featurePlugin<'catalogue' | 'orders', MediaOptions>(
  'media',
  ['catalogue', 'orders'],
  media,
);
