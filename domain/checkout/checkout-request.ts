/**
 * Turns a POST /api/checkout body into a priced-order request, or a clear message for the shopper. Its
 * shape is checked first by the route's schema, the shared strict one (domain/checkout/checkout.ts): an unexpected
 * `price`, `amount` or any other key is refused, never read. Products and prices come from the server's
 * catalogue only.
 */

import type * as z from 'zod/mini';
import type { PricedLineInput } from '../cart/pricing';
import { cartLineKey } from '../catalogue/sizes';
import type { CatalogueProduct, CatalogueSnapshot } from '../catalogue/snapshot';
import { DEFAULT_ZONE, type ZoneId } from '../config';
import { GIFT_CARDS_FROM_ERROR, type GiftCardLine } from '../gift-cards/gift-card-api';
import { checkEmail } from '../shared/email';
import {
  CHECKOUT_ERRORS,
  sizeCannotBeMadeError,
  sizeNotOfferedError,
  unavailableProductError,
} from './checkout';
import type { checkoutRequestSchema } from './checkout-request-schema';
import type { CheckoutShipping } from './checkout-shipping';
import { checkGiftMessage } from './gift-message';

export interface ValidCheckout {
  readonly email: string;
  readonly lines: readonly PricedLineInput[];
  readonly zone: ZoneId;
  readonly giftWrap: boolean;
  /** Plain text, only with gift wrap; null when the shopper wrote none. */
  readonly giftMessage: string | null;
  /** The shopper's discount code as typed (checked at checkout); null without one. */
  readonly discountCode?: string | null;
  /** The shopper asked for one reminder if the order is not paid (docs/product/states.md §5.10a); false by default. */
  readonly remindMe?: boolean;
  /** Gift card codes as typed (docs/product/gift-cards.md §19); checked and held at checkout. */
  readonly giftCardCodes?: readonly string[];
  /** Gift cards bought (docs/product/gift-cards.md §19), in the cart's order; the send date is checked at checkout. */
  readonly giftCards?: readonly GiftCardLine[];
  /** The buyer's name for an order of gift cards alone (who they are from); null: none given. */
  readonly giftCardsFrom?: string | null;
  /** The destination country as the shopper chose it; null: not given (the zone's only country then). */
  readonly country?: string | null;
  /** A business buyer's company name and VAT number as typed; null: a consumer. */
  readonly business?: { readonly name: string; readonly vatNumber: string } | null;
  /** The delivery address the dialog gave, for an order the gift cards pay in full; null without one. */
  readonly shipping?: CheckoutShipping | null;
}

export type CheckoutRequestBody = z.output<typeof checkoutRequestSchema>;

export type CheckoutParse = { ok: true; value: ValidCheckout } | { ok: false; error: string };

/** Each snapshot's products by id, built once per snapshot (a Map: ids like '__proto__' find nothing). */
const indexes = new WeakMap<CatalogueSnapshot, ReadonlyMap<string, CatalogueProduct>>();

function productsById(catalogue: CatalogueSnapshot): ReadonlyMap<string, CatalogueProduct> {
  let index = indexes.get(catalogue);
  if (!index) {
    index = new Map(catalogue.products.map((p) => [p.id, p]));
    indexes.set(catalogue, index);
  }
  return index;
}

/**
 * The body the route's schema (checkoutRequestSchema) let through, checked against the catalogue the
 * server serves now: its prices, and only active products (a paused or retired one is refused by name).
 */
export function parseCheckoutRequest(req: CheckoutRequestBody, catalogue: CatalogueSnapshot): CheckoutParse {
  const email = checkEmail(req.email);
  if (!email.ok) return { ok: false, error: email.message };
  const giftWrap = req.giftWrap ?? false;
  const giftMessage = checkGiftMessage(req.giftMessage, giftWrap);
  if (!giftMessage.ok) return { ok: false, error: giftMessage.error };
  const giftCards = req.giftCards ?? [];
  if (req.items.length === 0 && giftCards.length === 0)
    return { ok: false, error: CHECKOUT_ERRORS.emptyCart };
  // Gift cards alone: no address names the buyer, so the recipient would read her e-mail as the sender.
  if (req.items.length === 0 && !req.giftCardsFrom) return { ok: false, error: GIFT_CARDS_FROM_ERROR };
  const lines = parseCartLines(req.items, catalogue);
  if (!lines.ok) return lines;
  return {
    ok: true,
    value: {
      email: email.email,
      lines: lines.lines,
      zone: req.zone ?? DEFAULT_ZONE,
      giftWrap,
      giftMessage: giftMessage.message,
      discountCode: req.discountCode?.trim() ? req.discountCode : null,
      remindMe: req.remindMe ?? false,
      giftCardCodes: req.giftCardCodes ?? [],
      giftCards,
      giftCardsFrom: req.giftCardsFrom ?? null,
      country: req.country ?? null,
      business: req.business ? { name: req.business.name, vatNumber: req.business.vatNumber } : null,
      shipping: req.shipping ?? null,
    },
  };
}

/** The cart's lines priced from the catalogue the server serves now (only active products, offered sizes). */
export function parseCartLines(
  items: CheckoutRequestBody['items'],
  catalogue: CatalogueSnapshot,
): { ok: true; lines: PricedLineInput[] } | { ok: false; error: string } {
  // Lines are keyed by product and size, as in the cart: one bracelet in two sizes is two lines.
  const seen = new Set<string>();
  const lines: PricedLineInput[] = [];
  for (const [index, item] of items.entries()) {
    const key = cartLineKey(item.id, item.size);
    if (seen.has(key)) return { ok: false, error: CHECKOUT_ERRORS.duplicateLine };
    seen.add(key);
    const product = productsById(catalogue).get(item.id);
    if (!product) return { ok: false, error: CHECKOUT_ERRORS.unknownProduct };
    // Before the status: a product the materials paused names the size that cannot be made
    // (docs/product/materials.md §23).
    if (product.unmakeableSizes?.includes(item.size)) {
      return { ok: false, error: sizeCannotBeMadeError(index, product.name, item.size) };
    }
    if (product.status !== 'active') {
      return { ok: false, error: unavailableProductError(product.name, product.status) };
    }
    if (!product.sizes.includes(item.size)) {
      return { ok: false, error: sizeNotOfferedError(product.name, item.size) };
    }
    lines.push({
      id: product.id,
      name: product.name,
      size: item.size,
      unitPrice: product.price,
      quantity: item.quantity,
      // The line keeps the picture it was sold with (order_lines.image).
      image: product.images[0]?.base ?? null,
    });
  }
  return { ok: true, lines };
}
