/**
 * Returns of a delivered order (docs/product/orders.md §10.18): the states and the moves between them, the
 * 30-day window from delivery, the amount a return refunds, and the zod/mini schemas of the desk's
 * requests and of the answers the desk and the shopper's order page read. Shared by the server, the desk
 * and the storefront's order page.
 */
import * as z from 'zod/mini';
import { sizeLabel } from '../catalogue/sizes';
import { POLICY } from '../config';
import { allocate } from '../shared/allocation';
import { addDays, type IsoDate, irishDate } from '../shared/calendar-date';
import { freeText, singleLine } from '../shared/input-text-checks';
import { adminOrderPath, GIFT_CARD_REFUND_CHOICES, orderDetailSchema } from './admin-api';
import { RETURN_STATUS_LABELS, type ReturnLine, type ReturnStatus, returnInfoSchema } from './return-info';

/** The reason a withdrawal notice's return carries (order-page-service.ts opens it). */
export const WITHDRAWAL_RETURN_REASON = 'Withdrawal notice';

export const RETURN_LIMITS = { reasonMaxLength: 500, noteMaxLength: 500, maxLines: 100 } as const;

export const RETURN_MESSAGES = {
  notDelivered: 'Only a delivered order can have a return opened',
  late: (until: IsoDate) =>
    `The ${POLICY.returnsDays}-day return period ended on ${until}; to open the return anyway, send override: { note } with your reason`,
  notFound: 'No return with that id on this order',
  lineUnknown: (index: number, lineId: number) => `lines[${index}].lineId: the order has no line ${lineId}`,
  lineTwice: (index: number, lineId: number) => `lines[${index}].lineId: line ${lineId} is named twice`,
  tooMany: (index: number, left: number) =>
    left === 0
      ? `lines[${index}].quantity: every piece of this line is already in a return`
      : `lines[${index}].quantity: at most ${left} of this line can still be returned`,
  reasonRequired: 'reason: say why the return is closed without a refund',
  refundOnClose: 'refund: a return closed without refund refunds nothing; leave refund out',
  already: (status: ReturnStatus) => `This return is already ${RETURN_STATUS_LABELS[status].toLowerCase()}`,
  ended: (status: ReturnStatus) =>
    `This return is ${RETURN_STATUS_LABELS[status].toLowerCase()}: nothing more can be done with it`,
  shippingTwice: (id: number) => `The shipping was already refunded with return ${id}`,
  busy: 'Another refund of this order is under way; try again in a moment',
} as const;

/** The window to open a return without the owner's override: until 30 days after delivery (Irish days). */
export function returnWindow(deliveredAt: string, now: Date): { open: boolean; until: IsoDate } {
  const until = addDays(irishDate(new Date(deliveredAt)), POLICY.returnsDays);
  return { open: irishDate(now) <= until, until };
}

/**
 * What may happen next. requested -> received (the parcel is back) or straight to refunded (received and
 * refunded in one step); received -> refunded (the refund later); requested or received -> closed (without
 * refund, with a reason). refunded and closed end a return.
 */
export const RETURN_MOVES: Readonly<Record<ReturnStatus, readonly ReturnStatus[]>> = {
  requested: ['received', 'refunded', 'closed'],
  received: ['refunded', 'closed'],
  refunded: [],
  closed: [],
};

/** Why a move is refused (409), or null when it is allowed. */
export function refusedMove(from: ReturnStatus, to: ReturnStatus): string | null {
  if (RETURN_MOVES[from].includes(to)) return null;
  if (RETURN_MOVES[from].length === 0) return RETURN_MESSAGES.ended(from);
  return RETURN_MESSAGES.already(from);
}

/** A line as the order sold it: what the refund of some of its pieces is worked out from. */
export interface SoldLine {
  readonly lineId: number;
  readonly quantity: number;
  readonly unitPrice: number;
}

/**
 * What the returned pieces cost the shopper: their price, less their share of the order's discount, by the
 * shop's one allocation rule (domain/shared/allocation.ts, docs/product/vat.md §20.10): the discount is shared
 * over the sold lines as the invoice shares it, and a line's price after it over its pieces returned and
 * kept, so returning every piece of a line gives back exactly what its invoice line charged.
 * The caller adds the shipping when the owner refunds it, and never refunds more than is left.
 */
export function returnedValue(
  returned: readonly { readonly lineId: number; readonly quantity: number }[],
  sold: readonly SoldLine[],
  order: { readonly itemsSubtotal: number; readonly discount: number },
): number {
  const prices = sold.map((l) => l.unitPrice * l.quantity);
  const discount = Math.max(
    0,
    Math.min(
      order.discount,
      prices.reduce((s, p) => s + p, 0),
    ),
  );
  const shares = allocate(discount, prices);
  let value = 0;
  for (const r of returned) {
    const at = sold.findIndex((l) => l.lineId === r.lineId);
    const line = sold[at];
    if (!line) continue;
    const back = Math.min(r.quantity, line.quantity);
    const gross = (prices[at] ?? 0) - (shares[at] ?? 0);
    value += allocate(gross, [back * line.unitPrice, (line.quantity - back) * line.unitPrice])[0] ?? 0;
  }
  return value;
}

// ---------------------------------------------------------------------------------------------- requests

export const returnsPath = (reference: string) => `${adminOrderPath(reference)}/returns`;
export const returnPath = (reference: string, id: number) => `${returnsPath(reference)}/${id}`;

const reasonText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .check(
      z.trim(),
      z.minLength(1, { error: `${field} must not be empty` }),
      z.maxLength(max, { error: `${field} must be at most ${max} characters` }),
      singleLine(),
    );

export const openReturnSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        lineId: z.int({ error: 'lineId must be the number of a line of the order' }).check(z.gte(0)),
        quantity: z
          .int({ error: 'quantity must be a whole number of pieces' })
          .check(z.gte(1, { error: 'quantity must be at least 1' }), z.lte(100)),
      }),
      { error: 'lines must be a list of { lineId, quantity }' },
    )
    .check(
      z.minLength(1, { error: 'lines must name at least one line' }),
      z.maxLength(RETURN_LIMITS.maxLines),
    ),
  reason: reasonText('reason', RETURN_LIMITS.reasonMaxLength),
  /** A return opened after the 30 days: the owner's override, with why. */
  override: z.optional(z.strictObject({ note: reasonText('override.note', RETURN_LIMITS.noteMaxLength) })),
});
export type OpenReturnRequest = z.infer<typeof openReturnSchema>;

export const updateReturnSchema = z.strictObject({
  status: z.enum(['received', 'closed'], { error: "status must be 'received' or 'closed'" }),
  /** With `received`: refund the returned pieces now (and the shipping when the owner chooses). */
  refund: z.optional(
    z.strictObject({
      includeShipping: z.boolean({ error: 'refund.includeShipping must be true or false' }),
      /** Where the gift-card part goes, as for the desk's refund (absent: back to the cards). */
      giftCardRefund: z.optional(
        z.enum(GIFT_CARD_REFUND_CHOICES, {
          error: "refund.giftCardRefund must be 'restore', 'new-card' or 'card'",
        }),
      ),
    }),
  ),
  /** With `closed`: why nothing is refunded. */
  reason: z.optional(
    z
      .string({ error: 'reason must be text' })
      .check(
        z.trim(),
        z.maxLength(RETURN_LIMITS.reasonMaxLength, { error: 'reason must be at most 500 characters' }),
        freeText(),
      ),
  ),
});
export type UpdateReturnRequest = z.infer<typeof updateReturnSchema>;

// --------------------------------------------------------------------------------------------- answers

export const returnAnswerSchema = z.object({
  ok: z.literal(true),
  changed: z.boolean(),
  return: returnInfoSchema,
  order: orderDetailSchema,
});

/** "1 x Sea Glass (size M)", as the withdrawal notice words its lines. */
export function returnItemText(line: ReturnLine): string {
  return `${line.quantity} x ${line.name}${line.size ? ` (${sizeLabel(line.size)})` : ''}`;
}
