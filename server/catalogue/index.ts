/** The catalogue feature's public face: the products the shop serves and the owner's edits of them. */
import type { CatalogueService } from './catalogue-service';
import type { CatalogueSource } from './catalogue-source';
import type { CatalogueStore } from './catalogue-store';
import type { productImagesPort } from './product-images-port';

export { publishCatalogueVersion, setMakeable } from './catalogue-store';
export { MEDIA_PREFIX, referencedMediaIds } from './product-images-port';
export type { CatalogueService, CatalogueSource, CatalogueStore };

export interface CatalogueFace {
  /** The owner's products (docs/product/catalogue.md); the photo routes call it too. */
  readonly service: CatalogueService;
  readonly store: CatalogueStore;
  /** The catalogue this instance serves: pages, sitemap and checkout read `current()`. */
  readonly source: CatalogueSource;
  /** The catalogue's picture functions as the photo routes take them (their ProductImagesPort). */
  readonly productImages: ReturnType<typeof productImagesPort>;
}

declare module '../lib/events' {
  interface ShopEvents {
    /**
     * A product paused or retired is active again, seen by this instance's catalogue (every instance
     * publishes it when its snapshot changes: a listener's work must be once per product, not per event).
     */
    productActive: { readonly productId: string };
    /**
     * The owner's change committed on this instance (a product edit, a settings save), whose catalogue
     * already serves it: awaited before she is answered, so what listens (the pages) can make the answer
     * true of the shop.
     */
    catalogueEdited: Record<string, never>;
    /**
     * This instance's catalogue serves a new version, from an edit on any instance (a product, a settings
     * save): what keeps a copy of data that moves with the version (the settings' cache) reads it again.
     */
    catalogueChanged: Record<string, never>;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueFace;
  }
}

export { staticCatalogueSource } from './static-catalogue-source';
