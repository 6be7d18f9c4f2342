/**
 * The owner's discount codes API (docs/product/numbers.md §4.2a), shared by the server and the desk: the paths,
 * the wording of each refusal, the zod/mini schemas of the bodies and the answer's shape. Amounts are
 * integer euro cents; `startsAt`/`endsAt` are ISO 8601 date-times with `Z` or an offset.
 */
import * as z from 'zod/mini';
import { DISCOUNT_CODE_ERROR, DISCOUNT_CODE_PATTERN } from './discounts';

export const DISCOUNTS_API = {
  discounts: '/api/admin/discounts',
} as const;

export function adminDiscountPath(code: string): string {
  return `${DISCOUNTS_API.discounts}/${encodeURIComponent(code)}`;
}

export const DISCOUNT_LIMITS = {
  percentMin: 1,
  percentMax: 90,
  /** €10,000: far above any order of the shop; a larger amount is a typing mistake. */
  amountMax: 1_000_000,
  maxUsesMax: 1_000_000,
} as const;

export const DISCOUNT_ADMIN_MESSAGES = {
  oneValue: 'Give either percentOff or amountOff, not both',
  percent: `percentOff must be a whole number from ${DISCOUNT_LIMITS.percentMin} to ${DISCOUNT_LIMITS.percentMax}`,
  amount: 'amountOff must be a whole number of cents, at least 1',
  minSubtotal: 'minSubtotal must be a whole number of cents, 0 or more',
  maxUses: 'maxUses must be a whole number, at least 1',
  dateTime: 'startsAt and endsAt must be ISO 8601 date-times with Z or an offset (2025-11-01T00:00:00Z)',
  endBeforeStart: 'endsAt must be after startsAt',
  duplicate: 'A discount code with this name exists already',
  notFound: 'No discount code has this name',
} as const;

const codeField = z
  .string()
  .check(z.trim(), z.toUpperCase(), z.regex(DISCOUNT_CODE_PATTERN, { error: DISCOUNT_CODE_ERROR }));
const percentField = z
  .int({ error: DISCOUNT_ADMIN_MESSAGES.percent })
  .check(
    z.gte(DISCOUNT_LIMITS.percentMin, { error: DISCOUNT_ADMIN_MESSAGES.percent }),
    z.lte(DISCOUNT_LIMITS.percentMax, { error: DISCOUNT_ADMIN_MESSAGES.percent }),
  );
const amountField = z
  .int({ error: DISCOUNT_ADMIN_MESSAGES.amount })
  .check(
    z.gte(1, { error: DISCOUNT_ADMIN_MESSAGES.amount }),
    z.lte(DISCOUNT_LIMITS.amountMax, { error: DISCOUNT_ADMIN_MESSAGES.amount }),
  );
const minSubtotalField = z
  .int({ error: DISCOUNT_ADMIN_MESSAGES.minSubtotal })
  .check(
    z.gte(0, { error: DISCOUNT_ADMIN_MESSAGES.minSubtotal }),
    z.lte(DISCOUNT_LIMITS.amountMax, { error: DISCOUNT_ADMIN_MESSAGES.minSubtotal }),
  );
const maxUsesField = z
  .int({ error: DISCOUNT_ADMIN_MESSAGES.maxUses })
  .check(
    z.gte(1, { error: DISCOUNT_ADMIN_MESSAGES.maxUses }),
    z.lte(DISCOUNT_LIMITS.maxUsesMax, { error: DISCOUNT_ADMIN_MESSAGES.maxUses }),
  );
const dateTimeField = z.iso.datetime({ offset: true, error: DISCOUNT_ADMIN_MESSAGES.dateTime });

/** The fields both bodies share; null clears an optional bound on PATCH. */
const commonFields = {
  percentOff: z.optional(z.nullable(percentField)),
  amountOff: z.optional(z.nullable(amountField)),
  minSubtotal: z.optional(minSubtotalField),
  startsAt: z.optional(z.nullable(dateTimeField)),
  endsAt: z.optional(z.nullable(dateTimeField)),
  maxUses: z.optional(z.nullable(maxUsesField)),
  oncePerEmail: z.optional(z.boolean()),
  active: z.optional(z.boolean()),
};

export const discountCreateSchema = z.strictObject({ code: codeField, ...commonFields });
export const discountPatchSchema = z.strictObject(commonFields);
export const discountCodeParamsSchema = z.object({ code: codeField });

export type DiscountCreate = z.output<typeof discountCreateSchema>;
export type DiscountPatch = z.output<typeof discountPatchSchema>;

/** A code as the API answers it. */
export interface AdminDiscount {
  readonly code: string;
  readonly percentOff: number | null;
  readonly amountOff: number | null;
  readonly minSubtotal: number;
  readonly startsAt: string | null;
  readonly endsAt: string | null;
  readonly maxUses: number | null;
  readonly oncePerEmail: boolean;
  readonly active: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A code in the desk's list: paid orders carrying it, checkouts holding a use now, their revenue. */
export interface AdminDiscountListed extends AdminDiscount {
  readonly uses: number;
  readonly reserved: number;
  /** Cents: the totals of the paid orders carrying the code. */
  readonly revenue: number;
}

const adminDiscountSchema = z.object({
  code: z.string(),
  percentOff: z.nullable(z.number()),
  amountOff: z.nullable(z.number()),
  minSubtotal: z.number(),
  startsAt: z.nullable(z.string()),
  endsAt: z.nullable(z.string()),
  maxUses: z.nullable(z.number()),
  oncePerEmail: z.boolean(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const adminDiscountResponseSchema = z.object({ ok: z.literal(true), discount: adminDiscountSchema });
export const adminDiscountsResponseSchema = z.object({
  ok: z.literal(true),
  discounts: z.array(
    z.object({ ...adminDiscountSchema.shape, uses: z.number(), reserved: z.number(), revenue: z.number() }),
  ),
});
