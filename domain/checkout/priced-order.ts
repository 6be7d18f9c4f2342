/**
 * One priced order (docs/decisions/0022-one-priced-order.md): a pure function from a cart and what the
 * features found about it (the discounts offered, the tax rules for its destination, the balances offered
 * as payment) to every line the order's papers state, its totals and its payments. Every entry point that
 * prices an order calls it and stores exactly what it returns; nothing recomputes a total after it.
 *
 * Stages, in the order the law reads them (docs/product/vat.md §20.10):
 * 1. discounts: the one discount that applies (they never stack) comes off the pieces, shared over them by
 *    the shop's allocation rule (domain/shared/allocation.ts); the zone's shipping follows the items after it.
 * 2. tax: each goods line's VAT, rounded per line (art. 226(8) and (10): the invoice states each rate's
 *    taxable amount and VAT); a line's net plus its VAT is what is charged for it. A gift card bought is a
 *    multi-purpose voucher (art. 30b): no supply, no VAT, its face value.
 * 3. payments: gift cards offered pay what is due (never the cards bought: a gift card never buys another),
 *    in the order declared; the hosted checkout's card takes the rest. A payment changes no price and no VAT.
 */
import type { PricedLine, PricedLineInput, ShippingRates } from '../cart/pricing';
import type { ZoneId } from '../config';
import { type AppliedDiscount, type DiscountedTotals, priceDiscountedOrder } from '../offers/discounts';
import { allocate } from '../shared/allocation';
import { type Cents, cents } from '../shared/money';
import { type VatBreakdown, type VatScheme, vatBreakdown } from '../vat/vat-breakdown';
import { NO_DISCOUNT, type TaxRules, takeDiscount } from './adjustments';
import { GIFT_WRAP_DESCRIPTION, pieceDescription, SHIPPING_DESCRIPTION, type VatLineKind } from './vat-lines';

export type PricedLineKind = 'piece' | 'shipping' | 'gift_wrap' | 'gift_card';

export interface PricedOrderLine {
  readonly kind: PricedLineKind;
  /** The cart line's position for a piece, the card's position among the cards bought; null otherwise. */
  readonly line: number | null;
  readonly description: string;
  readonly quantity: number;
  /** Its price as shown, VAT included, before the discount. */
  readonly price: Cents;
  /** Its share of the discount (pieces only; 0 for the others). */
  readonly discount: Cents;
  /** price - discount: its price with VAT after the discount (what a consumer pays for it). */
  readonly gross: Cents;
  /** What is charged for it: gross, or for an intra-Community supply gross less the Irish VAT inside it. */
  readonly amount: Cents;
  /** Basis points. */
  readonly vatRate: number;
  /** net + vat === amount. */
  readonly net: Cents;
  readonly vat: Cents;
}

export interface PricedPayment {
  /** The step that took it ('gift-cards'), or 'card' for what the hosted checkout charges. */
  readonly method: string;
  readonly amount: Cents;
}

export type { TaxRules } from './adjustments';

export interface PricingContext {
  readonly zone: ZoneId;
  readonly giftWrap: boolean;
  /** The zones' fees and thresholds as the owner set them; absent: the first start's. */
  readonly shippingRates?: ShippingRates;
  /** What each discount step offered, in the declared order (null: nothing for this cart). */
  readonly discounts: readonly (AppliedDiscount | null)[];
  /** Null: the order carries no VAT breakdown (not asked yet, or the VAT feature is absent). */
  readonly tax: TaxRules | null;
  /** What each payment step offers (a gift card's balance), in the declared order. */
  readonly payments: readonly { readonly method: string; readonly offered: Cents }[];
  /** The gift cards bought with the order, each its face value. */
  readonly cardsBought: readonly { readonly amount: Cents }[];
}

export interface PricedOrder {
  /** Pieces in cart order, then shipping, gift wrap, then the cards bought. */
  readonly lines: readonly PricedOrderLine[];
  readonly zone: ZoneId;
  /** The cart's pieces at their prices (the order's stored lines). */
  readonly pieces: readonly PricedLine[];
  /** The discount that applies (NO_DISCOUNT when none did). */
  readonly applied: AppliedDiscount;
  readonly scheme: VatScheme | null;
  readonly country: string | null;
  readonly totals: {
    /** The pieces' prices before the discount. */
    readonly items: Cents;
    readonly discount: Cents;
    readonly shipping: Cents;
    readonly giftWrap: Cents;
    readonly cardsBought: Cents;
    /** Sum of every line's amount: what the order costs, however it is paid. */
    readonly total: Cents;
    readonly net: Cents;
    readonly vat: Cents;
    /** The VAT inside the prices a valid intra-EU business is not charged (0 for everyone else). */
    readonly notCharged: Cents;
    readonly itemCount: number;
    readonly freeShipping: boolean;
  };
  /** Gift cards first, then the card payment (only when something is left); they sum to the total. */
  readonly payments: readonly PricedPayment[];
  /** What the hosted checkout charges (0: the payments before it pay it all). */
  readonly due: Cents;
}

export function pricedOrder(cart: readonly PricedLineInput[], context: PricingContext): PricedOrder {
  // 1. Discounts: never stacked; the one that applies comes off the pieces by the allocation rule.
  let applied = NO_DISCOUNT;
  for (const offered of context.discounts) applied = takeDiscount(applied, offered);
  const base = priceDiscountedOrder(
    cart,
    context.zone,
    context.giftWrap,
    applied.amount,
    context.shippingRates,
  );
  if (base.discount !== applied.amount) applied = { ...applied, amount: base.discount };
  const shares = allocate(
    base.discount,
    base.lines.map((l) => l.lineTotal),
  );
  const goods: Omit<PricedOrderLine, 'amount' | 'vatRate' | 'net' | 'vat'>[] = base.lines.map((l, i) => {
    const discount = cents(shares[i] ?? 0);
    return {
      kind: 'piece',
      line: i,
      description: pieceDescription(l.name, l.size),
      quantity: l.quantity,
      price: l.lineTotal,
      discount,
      gross: cents(l.lineTotal - discount),
    };
  });
  for (const [kind, price, description] of [
    ['shipping', base.shipping, SHIPPING_DESCRIPTION],
    ['gift_wrap', base.giftWrap, GIFT_WRAP_DESCRIPTION],
  ] as const)
    if (price > 0)
      goods.push({ kind, line: null, description, quantity: 1, price, discount: cents(0), gross: price });

  // 2. Tax: each line's VAT rounded on the line; the totals are the lines' sums.
  const breakdown = context.tax ? vatBreakdown({ ...context.tax, lines: goods }) : null;
  const lines: PricedOrderLine[] = goods.map((g, i) => {
    const taxed = breakdown?.lines[i] ?? { rate: 0, net: g.gross, vat: 0 };
    return {
      ...g,
      amount: cents(taxed.net + taxed.vat),
      vatRate: taxed.rate,
      net: cents(taxed.net),
      vat: cents(taxed.vat),
    };
  });
  context.cardsBought.forEach((card, i) => {
    lines.push({
      kind: 'gift_card',
      line: i,
      description: 'Gift card',
      quantity: 1,
      price: card.amount,
      discount: cents(0),
      gross: card.amount,
      amount: card.amount,
      vatRate: 0,
      net: card.amount,
      vat: cents(0),
    });
  });
  const sum = (pick: (l: PricedOrderLine) => number, of: readonly PricedOrderLine[] = lines) =>
    cents(of.reduce((s, l) => s + pick(l), 0));
  const total = sum((l) => l.amount);
  const cardsBought = sum((l) => (l.kind === 'gift_card' ? l.amount : 0));

  // 3. Payments: after tax; they pay what the goods cost (never the cards bought), then the card the rest.
  let payable = total - cardsBought;
  const payments: PricedPayment[] = [];
  for (const p of context.payments) {
    const amount = Math.min(payable, Math.max(0, p.offered));
    if (amount > 0) payments.push({ method: p.method, amount: cents(amount) });
    payable -= amount;
  }
  const due = cents(total - payments.reduce((s, p) => s + p.amount, 0));
  if (due > 0) payments.push({ method: 'card', amount: due });

  const kindTotal = (kind: PricedLineKind) => sum((l) => (l.kind === kind ? l.amount : 0));
  return {
    lines,
    zone: context.zone,
    pieces: base.lines,
    applied,
    scheme: breakdown?.scheme ?? null,
    country: breakdown?.country ?? null,
    totals: {
      items: base.subtotal,
      discount: base.discount,
      shipping: kindTotal('shipping'),
      giftWrap: kindTotal('gift_wrap'),
      cardsBought,
      total,
      net: sum((l) => l.net),
      vat: sum((l) => l.vat),
      notCharged: sum((l) => l.gross - l.amount),
      itemCount: base.itemCount,
      freeShipping: base.freeShipping,
    },
    payments,
    due,
  };
}

/**
 * The order's row as the orders table keeps it (DiscountedTotals), read off the priced order: the shipping
 * and the wrap as charged, the VAT a business is not charged on the pieces kept with the discount (the
 * pieces keep their prices), the cards bought inside the subtotal and the total.
 */
export function storedTotals(priced: PricedOrder): DiscountedTotals {
  const notOnItems = priced.lines.reduce((s, l) => (l.kind === 'piece' ? s + l.gross - l.amount : s), 0);
  return {
    lines: priced.pieces,
    subtotal: cents(priced.totals.items + priced.totals.cardsBought),
    discount: cents(priced.totals.discount + notOnItems),
    shipping: priced.totals.shipping,
    giftWrap: priced.totals.giftWrap,
    total: priced.totals.total,
    zone: priced.zone,
    itemCount: priced.totals.itemCount,
    freeShipping: priced.totals.freeShipping,
  };
}

/** A goods line of the order's VAT as stored and invoiced (server/vat OrderVatLineRecord). */
export interface PricedVatLine {
  readonly kind: VatLineKind;
  readonly description: string;
  readonly quantity: number;
  readonly gross: number;
  readonly rate: number;
  readonly net: number;
  readonly vat: number;
}

/**
 * The order's VAT as its papers state it, read off the priced order: its goods lines (a gift card bought is
 * no supply and no invoice line) and their sums. Null when no VAT was priced.
 */
export function pricedVat(
  priced: PricedOrder,
): { readonly breakdown: VatBreakdown; readonly lines: readonly PricedVatLine[] } | null {
  if (priced.scheme === null || priced.country === null) return null;
  const lines: PricedVatLine[] = [];
  for (const l of priced.lines)
    if (l.kind !== 'gift_card')
      lines.push({
        kind: l.kind,
        description: l.description,
        quantity: l.quantity,
        gross: l.gross,
        rate: l.vatRate,
        net: l.net,
        vat: l.vat,
      });
  return {
    breakdown: {
      country: priced.country,
      scheme: priced.scheme,
      lines: lines.map((l) => ({ rate: l.rate, net: l.net, vat: l.vat })),
      totalNet: lines.reduce((s, l) => s + l.net, 0),
      totalVat: lines.reduce((s, l) => s + l.vat, 0),
    },
    lines,
  };
}
