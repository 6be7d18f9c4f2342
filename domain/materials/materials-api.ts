/**
 * The materials' API schemas (docs/product/materials.md §23), parsed by the server and the desk. Request
 * bodies are strict; every bad value is a 400 naming its field.
 */
import * as z from 'zod/mini';
import { SIZE_CODES } from '../config';
import { singleLine } from '../shared/input-text-checks';
import { MATERIAL_MAX, MATERIAL_UNITS } from './materials';

export const MATERIALS_API = {
  materials: '/api/admin/materials',
  csv: '/api/admin/materials.csv',
  settings: '/api/admin/materials/settings',
  /** `/api/admin/products/{id}/materials`. */
  productMaterials: (id: string) => `/api/admin/products/${id}/materials`,
} as const;

/** Each names its field (the shop's `field: message`), as the contract's 400s do. */
export const MATERIAL_MESSAGES = {
  name: 'name: Name must be 1 to 80 characters',
  unit: 'unit: Unit must be bead, cm, gram or piece',
  onHand: 'onHand: On hand must be a whole number, 0 or more',
  lowStock: 'lowStock: Low stock must be a whole number, 0 or more',
  purchaseQuantity: 'quantity: Quantity must be a whole number of at least 1',
  cost: 'cost: Cost must be a whole number of cents, 0 or more',
  hourlyRate: 'hourlyRate: The hourly rate must be a whole number of cents, 0 or more',
  packaging: 'packaging: Packaging must be a whole number of cents, 0 or more',
  multiplier: 'multiplier: The multiplier must be a whole number of hundredths from 100 to 1000',
  notFound: 'No such material',
  productNotFound: 'No such product',
  belowReserved: 'onHand: On hand cannot be less than what paid orders have reserved',
  unknownMaterial: 'No such material',
  duplicate: 'A material may appear once per size',
  csvInvalid: 'The file was not imported: correct these rows and import it again',
  cannotBeMade: 'cannot be made in this size right now: choose another size',
} as const;

const whole = (error: string) =>
  z.number({ error }).check(z.refine((n) => Number.isInteger(n) && n >= 0 && n <= MATERIAL_MAX, { error }));

const name = z.string({ error: MATERIAL_MESSAGES.name }).check(
  z.trim(),
  z.refine((t) => t.length >= 1 && t.length <= 80, { error: MATERIAL_MESSAGES.name }),
  singleLine(),
);

const unit = z.enum(MATERIAL_UNITS, { error: MATERIAL_MESSAGES.unit });

export const materialCreateSchema = z.strictObject({
  name,
  unit,
  onHand: whole(MATERIAL_MESSAGES.onHand),
  lowStock: whole(MATERIAL_MESSAGES.lowStock),
});
export type MaterialCreate = z.infer<typeof materialCreateSchema>;

export const materialPatchSchema = z.strictObject({
  name: z.optional(name),
  unit: z.optional(unit),
  onHand: z.optional(whole(MATERIAL_MESSAGES.onHand)),
  lowStock: z.optional(whole(MATERIAL_MESSAGES.lowStock)),
});
export type MaterialPatch = z.infer<typeof materialPatchSchema>;

export const purchaseSchema = z.strictObject({
  quantity: z.number({ error: MATERIAL_MESSAGES.purchaseQuantity }).check(
    z.refine((n) => Number.isInteger(n) && n >= 1 && n <= MATERIAL_MAX, {
      error: MATERIAL_MESSAGES.purchaseQuantity,
    }),
  ),
  cost: whole(MATERIAL_MESSAGES.cost),
});
export type Purchase = z.infer<typeof purchaseSchema>;

// No messages of their own: zod's wording gets the line's path (`sizes.M[1].quantity: ...`).
const bomLine = z.strictObject({
  materialId: z.string().check(z.minLength(1), z.maxLength(64)),
  quantity: z.int().check(z.gte(1), z.lte(MATERIAL_MAX)),
});

const perSize = <T extends z.ZodMiniType>(value: T) =>
  z.strictObject({ S: z.optional(value), M: z.optional(value), L: z.optional(value) });

export const billOfMaterialsSchema = z.strictObject({
  sizes: perSize(z.array(bomLine).check(z.maxLength(50))),
  /** Her minutes per piece, per size (absent: kept as they were). */
  minutes: z.optional(perSize(z.int().check(z.gte(0), z.lte(24 * 60)))),
});
export type BillOfMaterialsInput = z.infer<typeof billOfMaterialsSchema>;

export const costSettingsSchema = z.strictObject({
  hourlyRate: whole(MATERIAL_MESSAGES.hourlyRate),
  packaging: whole(MATERIAL_MESSAGES.packaging),
  multiplier: z
    .number({ error: MATERIAL_MESSAGES.multiplier })
    .check(
      z.refine((n) => Number.isInteger(n) && n >= 100 && n <= 1000, { error: MATERIAL_MESSAGES.multiplier }),
    ),
});

export const materialSchema = z.object({
  id: z.string(),
  name: z.string(),
  unit: unit,
  onHand: z.number(),
  reserved: z.number(),
  lowStock: z.number(),
  /** Cents per unit, the weighted average of purchases; null before the first. */
  unitCost: z.nullable(z.number()),
  low: z.boolean(),
});
export type Material = z.infer<typeof materialSchema>;

const sizeRecord = <T extends z.ZodMiniType>(value: T) => z.object({ S: value, M: value, L: value });

export const billOfMaterialsAnswerSchema = z.object({
  ok: z.literal(true),
  productId: z.string(),
  sizes: sizeRecord(z.array(z.object({ materialId: z.string(), quantity: z.number() }))),
  minutes: sizeRecord(z.number()),
  buildable: sizeRecord(z.nullable(z.number())),
  cost: sizeRecord(
    z.object({
      materials: z.number(),
      labour: z.number(),
      packaging: z.number(),
      total: z.number(),
      suggestedPrice: z.number(),
    }),
  ),
});
export type BillOfMaterialsAnswer = z.infer<typeof billOfMaterialsAnswerSchema>;

/** The answers of the materials routes, declared on each route (the route inventory holds every /api route to one). */
export const materialListAnswerSchema = z.object({ ok: z.literal(true), materials: z.array(materialSchema) });
export const materialAnswerSchema = z.object({ ok: z.literal(true), material: materialSchema });
export const materialImportAnswerSchema = z.object({
  ok: z.literal(true),
  created: z.number(),
  updated: z.number(),
});
export const costSettingsAnswerSchema = z.object({
  ok: z.literal(true),
  settings: z.object({ hourlyRate: z.number(), packaging: z.number(), multiplier: z.number() }),
});

export const MATERIAL_CSV_COLUMNS = ['id', 'name', 'unit', 'onHand', 'lowStock', 'unitCost'] as const;

export { SIZE_CODES };
