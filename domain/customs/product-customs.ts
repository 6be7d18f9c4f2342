/**
 * A product's customs data (docs/product/customs.md §21.1): what a parcel leaving the EU declares of each
 * piece. Shared by the products API, its CSV, the desk's product screen and the customs declarations.
 * A product without it sells anywhere but is not dispatched outside the EU until the owner gives it.
 */
import * as z from 'zod/mini';
import type { SizeCode } from '../config';

export interface ProductCustoms {
  /** The Harmonized System code, 6 to 10 digits (7117: base metal and glass beads; 7113: precious metal). */
  readonly hsCode: string;
  /** ISO 3166-1 alpha-2 code of the country the piece was made in ('IE' by default). */
  readonly originCountry: string;
  /** What it is made of, in a few English words: "glass and sterling silver". */
  readonly materials: string;
  /** Net weight of one piece in grams, per size. */
  readonly weightGrams: Readonly<Record<SizeCode, number>>;
}

export const DEFAULT_ORIGIN_COUNTRY = 'IE';

export const CUSTOMS_LIMITS = {
  materialsMax: 60,
  weightMin: 1,
  weightMax: 2_000,
} as const;

/** Each names its field's path in the products API, as the contract's refusals do. */
export const CUSTOMS_MESSAGES = {
  customs:
    'customs: Customs data must be an object with hsCode, originCountry, materials and weightGrams, or null',
  hsCode:
    'customs.hsCode: HS code must be 6 to 10 digits (7117 for base metal and glass beads, 7113 for precious metal)',
  originCountry: 'customs.originCountry: Country of origin must be a two-letter country code, such as IE',
  materials: `customs.materials: Materials for customs must be 1 to ${CUSTOMS_LIMITS.materialsMax} characters on one line, in English`,
  weightGrams: `customs.weightGrams: Weight must be a whole number of grams from ${CUSTOMS_LIMITS.weightMin} to ${CUSTOMS_LIMITS.weightMax} for each of S, M and L`,
} as const;

/** The desk's hint beside the HS code field. */
export const HS_CODE_HINT =
  'Jewellery of base metal or glass beads is 7117 (e.g. 711719); of precious metal such as sterling silver or gold, 7113 (e.g. 711311).';

/** Digits only, 6 to 10 of them; spaces and dots as people write them ("7117.19") are removed first. */
export function normaliseHsCode(value: string): string {
  return value.replace(/[\s.]/g, '');
}

export function isHsCode(value: string): boolean {
  return /^\d{6,10}$/.test(normaliseHsCode(value));
}

/** An ISO 3166-1 alpha-2 code as customs forms want it: two upper-case letters ("IE", "CN"). */
export function isCountryCode(value: string): boolean {
  return /^[A-Z]{2}$/.test(value);
}

const weight = z
  .number({ error: CUSTOMS_MESSAGES.weightGrams })
  .check(
    z.int({ error: CUSTOMS_MESSAGES.weightGrams }),
    z.gte(CUSTOMS_LIMITS.weightMin, { error: CUSTOMS_MESSAGES.weightGrams }),
    z.lte(CUSTOMS_LIMITS.weightMax, { error: CUSTOMS_MESSAGES.weightGrams }),
  );

export const CUSTOMS_FIELD_SCHEMAS = {
  hsCode: z
    .string({ error: CUSTOMS_MESSAGES.hsCode })
    .check(z.refine(isHsCode, { error: CUSTOMS_MESSAGES.hsCode })),
  originCountry: z
    .string({ error: CUSTOMS_MESSAGES.originCountry })
    .check(z.refine(isCountryCode, { error: CUSTOMS_MESSAGES.originCountry })),
  materials: z
    .string({ error: CUSTOMS_MESSAGES.materials })
    .check(
      z.refine(
        (s) => s.trim().length >= 1 && s.trim().length <= CUSTOMS_LIMITS.materialsMax && !/[\r\n]/.test(s),
        { error: CUSTOMS_MESSAGES.materials },
      ),
    ),
  weight,
} as const;

/**
 * The `customs` field of the products API: all four parts, or null to clear them. A refusal names its
 * path (`customs.hsCode`, `customs.weightGrams.S`).
 */
export const productCustomsSchema = z.strictObject(
  {
    hsCode: CUSTOMS_FIELD_SCHEMAS.hsCode,
    originCountry: z.optional(CUSTOMS_FIELD_SCHEMAS.originCountry),
    materials: CUSTOMS_FIELD_SCHEMAS.materials,
    weightGrams: z.strictObject({ S: weight, M: weight, L: weight }, { error: CUSTOMS_MESSAGES.weightGrams }),
  },
  { error: CUSTOMS_MESSAGES.customs },
);
export type ProductCustomsInput = z.output<typeof productCustomsSchema>;

/** The stored form: the HS code as digits, the origin defaulted to Ireland, the materials trimmed. */
export function normaliseCustoms(input: ProductCustomsInput): ProductCustoms {
  return {
    hsCode: normaliseHsCode(input.hsCode),
    originCountry: input.originCountry ?? DEFAULT_ORIGIN_COUNTRY,
    materials: input.materials.trim(),
    weightGrams: { S: input.weightGrams.S, M: input.weightGrams.M, L: input.weightGrams.L },
  };
}

/** The products API's answer: the customs data, or null when the owner has given none. */
export const adminProductCustomsSchema = z.nullable(
  z.object({
    hsCode: z.string(),
    originCountry: z.string(),
    materials: z.string(),
    weightGrams: z.object({ S: z.number(), M: z.number(), L: z.number() }),
  }),
);
