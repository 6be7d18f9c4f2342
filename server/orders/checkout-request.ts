/**
 * Turns a POST /api/checkout body into a priced-order request, or a clear message for the shopper. Its
 * shape is checked first by the route's schema, the shared strict one (domain/checkout.ts): an unexpected
 * `price`, `amount` or any other key is refused, never read. Products and prices come from the server's
 * catalogue only.
 */

import type * as z from 'zod/mini';
import { getProduct } from '../../domain/catalogue';
import { CHECKOUT_ERRORS, type checkoutRequestSchema } from '../../domain/checkout';
import { DEFAULT_ZONE, type ZoneId } from '../../domain/config';
import { checkEmail } from '../../domain/email';
import { checkGiftMessage } from '../../domain/gift-message';
import type { PricedLineInput } from '../../domain/pricing';
import { cartLineKey } from '../../domain/sizes';

export interface ValidCheckout {
  readonly email: string;
  readonly lines: readonly PricedLineInput[];
  readonly zone: ZoneId;
  readonly giftWrap: boolean;
  /** Plain text, only with gift wrap; null when the shopper wrote none. */
  readonly giftMessage: string | null;
}

export type CheckoutRequestBody = z.output<typeof checkoutRequestSchema>;

export type CheckoutParse = { ok: true; value: ValidCheckout } | { ok: false; error: string };

/** The body the route's schema (checkoutRequestSchema) let through, checked against the catalogue. */
export function parseCheckoutRequest(req: CheckoutRequestBody): CheckoutParse {
  const email = checkEmail(req.email);
  if (!email.ok) return { ok: false, error: email.message };
  const giftWrap = req.giftWrap ?? false;
  const giftMessage = checkGiftMessage(req.giftMessage, giftWrap);
  if (!giftMessage.ok) return { ok: false, error: giftMessage.error };
  // Lines are keyed by product and size, as in the cart: one bracelet in two sizes is two lines.
  const seen = new Set<string>();
  const lines: PricedLineInput[] = [];
  for (const item of req.items) {
    const key = cartLineKey(item.id, item.size);
    if (seen.has(key)) return { ok: false, error: CHECKOUT_ERRORS.duplicateLine };
    seen.add(key);
    const product = getProduct(item.id);
    if (!product) return { ok: false, error: CHECKOUT_ERRORS.unknownProduct };
    lines.push({
      id: product.id,
      name: product.name,
      size: item.size,
      unitPrice: product.price,
      quantity: item.quantity,
    });
  }
  return {
    ok: true,
    value: {
      email: email.email,
      lines,
      zone: req.zone ?? DEFAULT_ZONE,
      giftWrap,
      giftMessage: giftMessage.message,
    },
  };
}
