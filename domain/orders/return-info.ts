/**
 * A return as the order desk shows it (docs/product/orders.md §10.18): its states and the shape the order's
 * detail carries. Apart from returns.ts so the desk's order contract (admin-api.ts) can name it.
 */
import * as z from 'zod/mini';

export const RETURN_STATUSES = ['requested', 'received', 'refunded', 'closed'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** How the desk names a return's state. */
export const RETURN_STATUS_LABELS: Readonly<Record<ReturnStatus, string>> = {
  requested: 'Requested',
  received: 'Received',
  refunded: 'Refunded',
  closed: 'Closed without refund',
};

/** How the shopper's order page says it, in plain words. */
export const RETURN_SHOPPER_TEXTS: Readonly<Record<ReturnStatus, string>> = {
  requested: 'Return requested: we are waiting for the piece to come back to us.',
  received: 'Return received: the piece is back with us.',
  refunded: 'Return refunded: the money is on its way back to you.',
  closed: 'Return closed without a refund.',
};

export const returnLineSchema = z.object({
  lineId: z.number(),
  productId: z.string(),
  name: z.string(),
  size: z.nullable(z.string()),
  quantity: z.number(),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

/** A return as the desk shows it. */
export const returnInfoSchema = z.object({
  id: z.number(),
  status: z.enum(RETURN_STATUSES),
  lines: z.array(returnLineSchema),
  reason: z.string(),
  /** The owner's note when she opened it after the 30 days; null within them. */
  overrideNote: z.nullable(z.string()),
  /** Why it was closed without refund. */
  closeReason: z.nullable(z.string()),
  /** Cents refunded for it (and whether the shipping was part of it). */
  refunded: z.number(),
  shippingRefunded: z.boolean(),
  /** What the pieces would refund now (before the shipping, never more than is left on the order). */
  value: z.number(),
  createdAt: z.string(),
  receivedAt: z.nullable(z.string()),
  endedAt: z.nullable(z.string()),
});
export type ReturnInfo = z.infer<typeof returnInfoSchema>;

/** A return as the shopper's order page shows it. */
export const shopperReturnSchema = z.object({
  status: z.enum(RETURN_STATUSES),
  text: z.string(),
  items: z.array(z.string()),
  at: z.string(),
});
export type ShopperReturn = z.infer<typeof shopperReturnSchema>;
