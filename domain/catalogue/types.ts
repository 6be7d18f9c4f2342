import type { Cents } from '../shared/money';

export const CATEGORIES = [
  'Burgundy',
  'Leopardskin',
  'Vibrant Colors',
  'Warm Tones',
  'Soft Romance',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** The bead materials the shop works with; the shop's materials filter lists exactly these. */
export const MATERIALS = [
  'Czech Glass',
  'Freshwater Pearl',
  'Garnet',
  'Leopard Jasper',
  "Tiger's Eye",
  'Rose Quartz',
  'Carnelian',
  'Howlite',
  'Agate',
  'Hematite',
  'Seed Beads',
  'Wood',
  'Gold-Plated Brass',
] as const;
export type Material = (typeof MATERIALS)[number];

export interface Product {
  /** '1'..'27' */
  readonly id: string;
  /** URL-safe slug, e.g. 'burgundy-safari'. */
  readonly handle: string;
  readonly name: string;
  /** Integer cents: 3000, 3500 or 4000. */
  readonly price: Cents;
  readonly category: Category;
  readonly materials: readonly Material[];
  /** One or two sentences for cards and meta descriptions. */
  readonly description: string;
  /** Image id of the main view (see domain/media/images.ts); equals images[0]. */
  readonly image: string;
  /** At least two image ids: a studio view and a second view (worn stack or close-up). */
  readonly images: readonly string[];
  /**
   * Bead colours, as #rrggbb, in the order they repeat around the bracelet. The image generator draws
   * the bracelet from these and from the materials, so every picture matches its product.
   */
  readonly palette: readonly string[];
}
