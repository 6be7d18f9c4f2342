/**
 * The materials feature's tables for Kysely, added to the platform's `Database` (db/schema.ts) by
 * declaration merging; they mirror its migrations (migrations.ts) and the tables its declaration names.
 */
import type { MaterialUnit } from '../../domain/materials/materials';

declare module '../db/schema' {
  interface Database {
    materials: MaterialsTable;
    material_purchases: MaterialPurchasesTable;
    product_materials: ProductMaterialsTable;
    product_labour: ProductLabourTable;
    material_reservations: MaterialReservationsTable;
    material_paused_products: MaterialPausedProductsTable;
    material_settings: MaterialSettingsTable;
  }
}

export interface MaterialsTable {
  id: string;
  name: string;
  unit: MaterialUnit;
  on_hand: number;
  /** Held by open checkouts and by paid orders whose pieces are not made yet; never more than on_hand. */
  reserved: number;
  low_stock: number;
  /** Cents per unit (weighted average of purchases); null before the first. */
  unit_cost: number | null;
  created_at: string;
  updated_at: string;
}

export interface MaterialPurchasesTable {
  id: string;
  material_id: string;
  quantity: number;
  /** Cents paid for the whole quantity. */
  cost: number;
  at: string;
}

export interface ProductMaterialsTable {
  product_id: string;
  size: string;
  material_id: string;
  quantity: number;
}

export interface ProductLabourTable {
  product_id: string;
  size: string;
  minutes: number;
}

export type ReservationState = 'reserved' | 'consumed' | 'released';

/**
 * What a holder keeps of a material: one row per holder and material (the primary key). No personal data.
 */
export interface MaterialReservationsTable {
  /**
   * Who holds it: a checkout's order by its id (its hold while open, its reservation once paid), or an
   * exchange's remake as `exchange:<exchange id>` (docs/product/exchanges.md §24.3).
   */
  holder_id: string;
  material_id: string;
  quantity: number;
  state: ReservationState;
  at: string;
}

export interface MaterialPausedProductsTable {
  product_id: string;
  at: string;
}

export interface MaterialSettingsTable {
  id: number;
  hourly_rate: number;
  packaging: number;
  multiplier: number;
}
