/**
 * The catalogue feature's tables for Kysely, added to the platform's `Database` (db/schema.ts) by declaration
 * merging; they mirror its migrations (migrations.ts) and the tables its declaration names.
 */

import type { Generated } from 'kysely';
import type { ProductStatus } from '../../domain/catalogue/snapshot';

declare module '../db/schema' {
  interface Database {
    catalogue_products: CatalogueProductsTable;
    catalogue_images: CatalogueImagesTable;
    catalogue_former_handles: CatalogueFormerHandlesTable;
    catalogue_state: CatalogueStateTable;
    catalogue_changes: CatalogueChangesTable;
  }
}

/** The catalogue (migration 0011, server/catalogue/catalogue-store.ts). */
export interface CatalogueProductsTable {
  id: number;
  handle: string;
  name: string;
  /** Cents. */
  price: number;
  category: string;
  /** JSON string[]. */
  materials: string;
  description: string;
  full_description: string;
  /** JSON SizeCode[]. */
  sizes: string;
  status: ProductStatus;
  note: string;
  position: number;
  /** JSON string[] (#rrggbb): the drawn pictures' bead colours. */
  palette: string;
  created_at: string;
  updated_at: string;
  /** The product's GTIN for the shopping feeds; null: none. */
  gtin: string | null;
  /** Its colour in words for the feeds; '': none. */
  colour: string;
  /** 1: kept out of the product feeds. */
  exclude_from_feeds: number;
  /** JSON ProductCustoms (domain/customs/product-customs.ts, migration 0048); null: none given. */
  customs: string | null;
  /** JSON SizeCode[]: the sizes the materials cannot cover now (server/materials writes it, 0050-materials). */
  unmakeable_sizes: string;
}

export interface CatalogueImagesTable {
  product_id: number;
  id: string;
  position: number;
  base: string;
  /** JSON number[]. */
  widths: string;
  width: number;
  height: number;
  alt: string;
  placeholder: string | null;
}

export interface CatalogueFormerHandlesTable {
  handle: string;
  product_id: number;
}

export interface CatalogueStateTable {
  id: number;
  version: number;
  next_product_id: number;
}

export interface CatalogueChangesTable {
  id: Generated<number>;
  product_id: number;
  at: string;
  session: string;
  action: string;
  /** JSON Record<field, { before, after }>. */
  changes: string;
}
