/**
 * The owner's photos wired into the app: the pipeline (one worker thread), the store (the `media` table
 * with each instance's cache), the public `/media/...` route, the owner's image routes once the catalogue
 * gives its functions (`productImages`), and the retention pass once the catalogue says which photos are
 * still shown (`referencedMediaIds`). Registered after the commerce (it needs the database).
 */
import type { FastifyInstance } from 'fastify';
import { type PeriodicTimings, schedulePeriodicJob } from '../ops/periodic-job';
import { mediaRoutes } from './media-routes';
import { MediaStore, type MediaStoreOptions } from './media-store';
import { PhotoPipeline } from './photo-pipeline';
import { type ProductImagesPort, productImageRoutes } from './product-image-routes';

export interface MediaOptions {
  /** The catalogue's image functions; without them the owner's image routes are not registered. */
  readonly productImages?: ProductImagesPort;
  /**
   * Every photo id a product (any status) or an order line still shows. Without it nothing is ever
   * deleted: the pass cannot know what is unused.
   */
  readonly referencedMediaIds?: () => Promise<Iterable<string>>;
  /** The retention pass's timing (daily by default); false: tests run passes themselves. */
  readonly retention?: Partial<PeriodicTimings> | false;
  readonly store?: MediaStoreOptions;
}

export interface Media {
  readonly store: MediaStore;
  readonly pipeline: PhotoPipeline;
}

declare module 'fastify' {
  interface FastifyInstance {
    media: Media;
  }
}

export const MEDIA_RETENTION_TIMINGS: PeriodicTimings = {
  initialDelayMs: 5 * 60_000,
  intervalMs: 24 * 60 * 60_000,
};

export async function registerMedia(app: FastifyInstance, options: MediaOptions = {}): Promise<Media> {
  const store = new MediaStore(app.commerce.db, options.store);
  const pipeline = new PhotoPipeline();
  app.decorate('media', { store, pipeline });
  app.addHook('onClose', async () => {
    await pipeline.close();
  });
  await app.register(mediaRoutes, { store });
  if (options.productImages) {
    await app.register(productImageRoutes, { port: options.productImages, store, pipeline });
  }
  const referenced = options.referencedMediaIds;
  if (referenced && options.retention !== false) {
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
  return { store, pipeline };
}
