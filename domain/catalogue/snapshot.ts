/**
 * The catalogue as data (docs/product/catalogue.md): what the database holds, what the server
 * renders pages from and what the browser receives. The 27 products of ./products.ts are only the seed a
 * fresh database starts with; every other module reads a snapshot.
 */

import type { SizeCode } from '../config';
import type { Cents } from '../shared/money';
import type { StorefrontSettings } from './storefront-shop';

export const PRODUCT_STATUSES = ['active', 'paused', 'retired'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/**
 * One picture of a product, drawn or photographed. Renditions live at `${base}-${w}.${format}` for each
 * of `widths` and each of IMAGE_FORMATS (domain/media/images.ts), so the pages write srcset, width and height
 * from this record alone.
 */
export interface ProductImage {
  /** Stable within its product: 'product-1-1' for a drawn picture, the content hash for a photo. */
  readonly id: string;
  /** URL prefix of the renditions, e.g. '/img/product-1-1' or '/media/3f9a…'. */
  readonly base: string;
  readonly widths: readonly number[];
  /** Intrinsic size of the largest rendition. */
  readonly width: number;
  readonly height: number;
  /** Never empty for an active product's images. */
  readonly alt: string;
  /** A tiny blurred preview as a data: URI, painted while the rendition loads; absent for drawn ones. */
  readonly placeholder?: string;
}

export interface CatalogueProduct {
  /** '1', '2', …: the next free integer as a string, never reused. */
  readonly id: string;
  readonly handle: string;
  readonly name: string;
  readonly price: Cents;
  readonly category: string;
  readonly materials: readonly string[];
  readonly description: string;
  readonly fullDescription: string;
  readonly sizes: readonly SizeCode[];
  readonly status: ProductStatus;
  /** What shoppers see on a paused product ('' otherwise). */
  readonly note: string;
  /** 0-based featured order: best sellers are the first LIMITS.bestSellers active products. */
  readonly position: number;
  /** In display order; the first is the main picture. */
  readonly images: readonly ProductImage[];
  /** Bead colours for drawn pictures (seeded products); empty for products added by the owner. */
  readonly palette: readonly string[];
  readonly updatedAt: string;
  /**
   * What the shopping feeds say beyond the rest (docs/product/feeds.md): the barcode number (GTIN)
   * where the piece has one, its colour in words, and whether it stays out of the feeds. Absent: none,
   * none, in the feeds.
   */
  readonly gtin?: string;
  readonly colour?: string;
  readonly excludeFromFeeds?: boolean;
  /**
   * Sizes the maker's materials cannot cover one more piece of now (docs/product/materials.md §23): shown
   * as unavailable and refused at checkout. Absent: every offered size can be made.
   */
  readonly unmakeableSizes?: readonly SizeCode[];
}

/** Everything the storefront is rendered from at one moment. `version` changes with every edit. */
export interface CatalogueSnapshot {
  readonly version: string;
  /** Every product, all statuses, in position order. */
  readonly products: readonly CatalogueProduct[];
  /** Old handles of products whose handle changed: old handle -> product id. */
  readonly formerHandles: Readonly<Record<string, string>>;
  /**
   * The owner's settings the pages show (zones, away, announcement), added by the server to the snapshot it
   * renders pages from; absent (the first start's values apply) in the seed and the database's own.
   */
  readonly shop?: StorefrontSettings;
}
