/**
 * The owner's products API (docs/product/catalogue.md), shared by the server and the desk: paths,
 * limits, the wording of every refusal and the zod/mini schemas of the request bodies and the answer's
 * Product. Request bodies are strict (an unexpected key is a 400); prices are integer euro cents.
 *
 * Stable contract: changes are additive only (the desk is built against it in parallel).
 */
import * as z from 'zod/mini';
import { adminProductCustomsSchema, productCustomsSchema } from '../customs/product-customs';
import { freeText, singleLine } from '../shared/input-text-checks';
import { PRODUCT_STATUSES } from './snapshot';

export const PRODUCTS_API = {
  products: '/api/admin/products',
  productsCsv: '/api/admin/products.csv',
} as const;

/** `/api/admin/products/12`, and its `history` or `duplicate`. */
export function adminProductPath(id: string, action?: 'history' | 'duplicate'): string {
  const base = `${PRODUCTS_API.products}/${encodeURIComponent(id)}`;
  return action ? `${base}/${action}` : base;
}

export const PRODUCT_LIMITS = {
  nameMax: 80,
  priceMin: 100,
  priceMax: 100_000,
  categoryMax: 40,
  materialMax: 40,
  materialsMax: 8,
  descriptionMax: 500,
  fullDescriptionMax: 5_000,
  handleMax: 80,
  noteMax: 200,
  colourMax: 40,
  altMax: 200,
  /** Rows of one CSV import (the shop has a few dozen products; a file far larger is a mistake). */
  csvRowsMax: 1_000,
  /** Bytes of one CSV import. */
  csvBytesMax: 1024 * 1024,
} as const;

export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const PRODUCT_MESSAGES = {
  name: `Name must be 1 to ${PRODUCT_LIMITS.nameMax} characters on one line`,
  price: `Price must be a whole number of cents from ${PRODUCT_LIMITS.priceMin} to ${PRODUCT_LIMITS.priceMax}`,
  category: `Category must be 1 to ${PRODUCT_LIMITS.categoryMax} characters on one line`,
  materials: `Materials must be 1 to ${PRODUCT_LIMITS.materialsMax} different names of 1 to ${PRODUCT_LIMITS.materialMax} characters`,
  description: `Description must be 1 to ${PRODUCT_LIMITS.descriptionMax} characters`,
  fullDescription: `Full description must be at most ${PRODUCT_LIMITS.fullDescriptionMax} characters`,
  handle: `Handle must be lower-case letters and digits joined by single hyphens, at most ${PRODUCT_LIMITS.handleMax} characters`,
  handleTaken: 'Handle is already used by another product',
  sizes: 'Sizes must be one or more of S, M and L',
  status: 'Status must be active, paused or retired',
  note: `Note must be at most ${PRODUCT_LIMITS.noteMax} characters on one line`,
  position: 'Position must be a whole number from 0',
  gtin: 'GTIN must be the 8, 12, 13 or 14 digits of the barcode, with a correct check digit, or empty',
  colour: `Colour must be at most ${PRODUCT_LIMITS.colourMax} characters on one line`,
  excludeFromFeeds: 'Exclude from feeds must be true or false',
  updatedAt: 'updatedAt must be the product’s updatedAt as the desk received it',
  alt: `Alt text must be at most ${PRODUCT_LIMITS.altMax} characters on one line`,
  altRequired: 'Every image of an active product needs alt text: describe each image, or pause the product',
  notFound: 'No product has this id',
  repeated: 'This submission was already made: reload the products to see it',
  imageTaken: 'This picture is already one of the product’s images',
  imageNotFound: 'The product has no image with this id',
  stale:
    'This product was changed elsewhere (in another tab or by another device) since you opened it: reload it to see the changes, then make yours again',
  csvInvalid: 'The file was not imported: fix the rows listed and import it again',
  csvEmpty: 'The file has no header row',
  csvHeader: 'The header row must name the columns id, name and price',
  csvUnknownColumn: 'Unknown column',
  csvUnknownId: 'No product has this id (leave id empty to add a new product)',
  csvDuplicateId: 'The same id is on an earlier row',
  csvColumns: 'The row has a different number of cells from the header',
  csvQuote: 'A quoted cell is not closed',
  csvTooLarge: `A file may hold at most ${PRODUCT_LIMITS.csvRowsMax} rows`,
  csvStale: 'The product was changed since this file was exported: export again',
} as const;

/** A short text on one line, 1 to `max` characters once trimmed; every failure says `message`. */
function oneLine(max: number, message: string) {
  return z.string({ error: message }).check(
    z.refine((s) => s.trim().length >= 1 && s.trim().length <= max && !/[\r\n]/.test(s), { error: message }),
    singleLine(),
  );
}

const name = oneLine(PRODUCT_LIMITS.nameMax, PRODUCT_MESSAGES.name);
const price = z
  .number({ error: PRODUCT_MESSAGES.price })
  .check(
    z.int({ error: PRODUCT_MESSAGES.price }),
    z.gte(PRODUCT_LIMITS.priceMin, { error: PRODUCT_MESSAGES.price }),
    z.lte(PRODUCT_LIMITS.priceMax, { error: PRODUCT_MESSAGES.price }),
  );
const category = oneLine(PRODUCT_LIMITS.categoryMax, PRODUCT_MESSAGES.category);
const materials = z
  .array(z.string({ error: PRODUCT_MESSAGES.materials }), { error: PRODUCT_MESSAGES.materials })
  .check(
    z.refine(
      (list) => {
        const trimmed = list.map((m) => m.trim());
        return (
          trimmed.length >= 1 &&
          trimmed.length <= PRODUCT_LIMITS.materialsMax &&
          trimmed.every(
            (m) => m.length >= 1 && m.length <= PRODUCT_LIMITS.materialMax && !/[\r\n;]/.test(m),
          ) &&
          new Set(trimmed.map((m) => m.toLowerCase())).size === trimmed.length
        );
      },
      { error: PRODUCT_MESSAGES.materials },
    ),
  );
const description = z.string({ error: PRODUCT_MESSAGES.description }).check(
  z.refine((s) => s.trim().length >= 1 && s.length <= PRODUCT_LIMITS.descriptionMax, {
    error: PRODUCT_MESSAGES.description,
  }),
  freeText(),
);
const fullDescription = z
  .string({ error: PRODUCT_MESSAGES.fullDescription })
  .check(
    z.maxLength(PRODUCT_LIMITS.fullDescriptionMax, { error: PRODUCT_MESSAGES.fullDescription }),
    freeText(),
  );
const handle = z.string({ error: PRODUCT_MESSAGES.handle }).check(
  z.maxLength(PRODUCT_LIMITS.handleMax, { error: PRODUCT_MESSAGES.handle }),
  // Empty: the shop makes one from the name (a new product) or keeps the one it has.
  z.refine((h) => h === '' || HANDLE_PATTERN.test(h), { error: PRODUCT_MESSAGES.handle }),
);
const sizes = z
  .array(z.enum(['S', 'M', 'L'], { error: PRODUCT_MESSAGES.sizes }), { error: PRODUCT_MESSAGES.sizes })
  .check(
    z.minLength(1, { error: PRODUCT_MESSAGES.sizes }),
    z.refine((list) => new Set(list).size === list.length, { error: PRODUCT_MESSAGES.sizes }),
  );
const status = z.enum(PRODUCT_STATUSES, { error: PRODUCT_MESSAGES.status });
const note = z
  .string({ error: PRODUCT_MESSAGES.note })
  .check(z.maxLength(PRODUCT_LIMITS.noteMax, { error: PRODUCT_MESSAGES.note }), singleLine());
const position = z
  .number({ error: PRODUCT_MESSAGES.position })
  .check(z.int({ error: PRODUCT_MESSAGES.position }), z.gte(0, { error: PRODUCT_MESSAGES.position }));
/** GS1's check digit: the last digit makes the weighted sum (3, 1, 3, ... from the right) a multiple of 10. */
export function isGtin(value: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(value)) return false;
  const digits = [...value].map(Number).reverse();
  const sum = digits.slice(1).reduce((total, d, i) => total + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === digits[0];
}
const gtin = z
  .string({ error: PRODUCT_MESSAGES.gtin })
  .check(z.refine((g) => g.trim() === '' || isGtin(g.trim()), { error: PRODUCT_MESSAGES.gtin }));
const colour = z
  .string({ error: PRODUCT_MESSAGES.colour })
  .check(z.maxLength(PRODUCT_LIMITS.colourMax, { error: PRODUCT_MESSAGES.colour }), singleLine());
const excludeFromFeeds = z.boolean({ error: PRODUCT_MESSAGES.excludeFromFeeds });
const updatedAt = z
  .string({ error: PRODUCT_MESSAGES.updatedAt })
  .check(z.refine((s) => !Number.isNaN(Date.parse(s)), { error: PRODUCT_MESSAGES.updatedAt }));

/** The fields of a product the owner edits, each with its own rule (the CSV import checks cells with these too). */
export const PRODUCT_FIELD_SCHEMAS = {
  name,
  price,
  category,
  materials,
  description,
  fullDescription,
  handle,
  sizes,
  status,
  note,
  position,
  gtin,
  colour,
  excludeFromFeeds,
  updatedAt,
} as const;

/** POST /api/admin/products. */
export const productCreateSchema = z.strictObject({
  name,
  category,
  materials,
  price,
  description,
  fullDescription: z.optional(fullDescription),
  handle: z.optional(handle),
  sizes: z.optional(sizes),
  status: z.optional(status),
  note: z.optional(note),
  gtin: z.optional(gtin),
  colour: z.optional(colour),
  excludeFromFeeds: z.optional(excludeFromFeeds),
  customs: z.optional(z.nullable(productCustomsSchema)),
});
export type ProductCreate = z.output<typeof productCreateSchema>;

/** PATCH /api/admin/products/{id}: any of the fields; `updatedAt` (or If-Match) guards against overwriting. */
export const productPatchSchema = z.strictObject({
  name: z.optional(name),
  category: z.optional(category),
  materials: z.optional(materials),
  price: z.optional(price),
  description: z.optional(description),
  fullDescription: z.optional(fullDescription),
  handle: z.optional(handle),
  sizes: z.optional(sizes),
  status: z.optional(status),
  note: z.optional(note),
  position: z.optional(position),
  gtin: z.optional(gtin),
  colour: z.optional(colour),
  excludeFromFeeds: z.optional(excludeFromFeeds),
  /** The customs data whole (docs/product/customs.md §21.1), or null to clear it. */
  customs: z.optional(z.nullable(productCustomsSchema)),
  updatedAt: z.optional(updatedAt),
});
export type ProductPatch = z.output<typeof productPatchSchema>;

/** PATCH .../images/{imageId}. */
export const productImagePatchSchema = z.strictObject({
  alt: z.optional(
    z
      .string({ error: PRODUCT_MESSAGES.alt })
      .check(z.maxLength(PRODUCT_LIMITS.altMax, { error: PRODUCT_MESSAGES.alt }), singleLine()),
  ),
  position: z.optional(position),
});
export type ProductImagePatch = z.output<typeof productImagePatchSchema>;

export const adminProductImageSchema = z.object({
  id: z.string(),
  /** The largest rendition (WebP). */
  url: z.string(),
  alt: z.string(),
  width: z.number(),
  height: z.number(),
  /** Renditions at `${base}-${w}.{avif,webp}` for each of `widths`. */
  base: z.string(),
  widths: z.array(z.number()),
  placeholder: z.nullable(z.string()),
  position: z.number(),
});
export type AdminProductImage = z.infer<typeof adminProductImageSchema>;

export const adminProductSchema = z.object({
  id: z.string(),
  handle: z.string(),
  name: z.string(),
  category: z.string(),
  materials: z.array(z.string()),
  price: z.number(),
  description: z.string(),
  fullDescription: z.string(),
  sizes: z.array(z.enum(['S', 'M', 'L'])),
  status: z.enum(PRODUCT_STATUSES),
  note: z.string(),
  position: z.number(),
  /** The shopping feeds' extras: '' none, '' none, false (docs/product/feeds.md). */
  gtin: z.string(),
  colour: z.string(),
  excludeFromFeeds: z.boolean(),
  /** The customs data, null until given (docs/product/customs.md §21.1); absent from older answers. */
  customs: z.optional(adminProductCustomsSchema),
  images: z.array(adminProductImageSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const productChangeSchema = z.object({
  at: z.string(),
  /** Who: the desk session's label, or 'token' for a script. */
  actor: z.string(),
  /** 'product-create', 'product-update', 'product-image-add', … (as in the desk's audit log). */
  action: z.string(),
  /** Every field the change touched, in the product's field order. */
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type ProductChange = z.infer<typeof productChangeSchema>;

/** The products API's answers (server/catalogue/product-routes.ts). */
export const adminProductsResponseSchema = z.object({
  ok: z.literal(true),
  products: z.array(adminProductSchema),
});
export const adminProductResponseSchema = z.object({ ok: z.literal(true), product: adminProductSchema });
export const productHistoryResponseSchema = z.object({
  ok: z.literal(true),
  history: z.array(productChangeSchema),
});
export const productsImportResponseSchema = z.object({ ok: z.literal(true), applied: z.number() });

/** One refused row of a CSV import; `line` counts the file's lines, the header being line 1. */
export interface CsvRowError {
  readonly line: number;
  readonly field: string;
  readonly message: string;
}

/** The columns of the products CSV, in export order; an import needs id, name and price. */
export const PRODUCT_CSV_COLUMNS = [
  'id',
  'handle',
  'name',
  'category',
  'materials',
  'price',
  'description',
  'fullDescription',
  'sizes',
  'status',
  'note',
  'position',
  'customsHsCode',
  'customsOriginCountry',
  'customsMaterials',
  'customsWeightS',
  'customsWeightM',
  'customsWeightL',
  'updatedAt',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** Materials and sizes share one cell, separated by this. */
export const CSV_LIST_SEPARATOR = '; ';
