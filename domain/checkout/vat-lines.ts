/**
 * The lines an order's VAT is computed on (docs/product/vat.md §20): each piece's line at what the shopper
 * pays for it (a discount comes off the items, spread over them in proportion to their prices, the cents
 * left over going to the largest lines first), then the shipping, then the gift wrap, each its price with
 * VAT. A line that is not goods (a gift card, a multi-purpose voucher: no VAT when sold) is left out by
 * `isGoods`; the lines' sum is then what the goods, shipping and wrap cost.
 */
import type { DiscountedTotals } from '../offers/discounts';
import { allocate } from '../shared/allocation';

export type VatLineKind = 'piece' | 'shipping' | 'gift_wrap';

export interface OrderVatLine {
  readonly kind: VatLineKind;
  /** The cart line's position for a piece; null for the shipping and the gift wrap. */
  readonly line: number | null;
  readonly description: string;
  readonly quantity: number;
  /** Cents, VAT included, after the discount. */
  readonly gross: number;
}

/**
 * What the goods are, which an invoice states with their quantity (Directive 2006/112/EC art. 226(6):
 * "the quantity and nature of the goods supplied"): every piece the shop sells is a beaded bracelet, and
 * its name and size say which. One constant, so every invoice and credit note says it the same way.
 */
export const GOODS_NATURE = 'Beaded bracelet';

/** "Beaded bracelet: First Light, size M": an invoice line's description of a piece. */
export function pieceDescription(name: string, size: string | null | undefined): string {
  return size ? `${GOODS_NATURE}: ${name}, size ${size}` : `${GOODS_NATURE}: ${name}`;
}

export const SHIPPING_DESCRIPTION = 'Shipping';
export const GIFT_WRAP_DESCRIPTION = 'Gift wrap';

export function orderVatLines(
  totals: Pick<DiscountedTotals, 'lines' | 'shipping' | 'giftWrap' | 'discount'>,
  isGoods: (line: DiscountedTotals['lines'][number]) => boolean = () => true,
): OrderVatLine[] {
  const pieces = totals.lines.map((line, index) => ({ line, index })).filter(({ line }) => isGoods(line));
  const itemsTotal = pieces.reduce((sum, { line }) => sum + line.lineTotal, 0);
  const discount = Math.min(totals.discount, itemsTotal);
  // The shop's one allocation rule (domain/shared/allocation.ts): largest remainder by line value.
  const shares = allocate(
    Math.max(0, discount),
    pieces.map(({ line }) => line.lineTotal),
  );
  const lines: OrderVatLine[] = pieces.map(({ line, index }, i) => ({
    kind: 'piece',
    line: index,
    description: pieceDescription(line.name, line.size),
    quantity: line.quantity,
    gross: line.lineTotal - (shares[i] ?? 0),
  }));
  if (totals.shipping > 0)
    lines.push({
      kind: 'shipping',
      line: null,
      description: SHIPPING_DESCRIPTION,
      quantity: 1,
      gross: totals.shipping,
    });
  if (totals.giftWrap > 0)
    lines.push({
      kind: 'gift_wrap',
      line: null,
      description: GIFT_WRAP_DESCRIPTION,
      quantity: 1,
      gross: totals.giftWrap,
    });
  return lines;
}
