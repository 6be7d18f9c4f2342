/**
 * The delivery address a checkout gives itself when gift cards pay the whole order (docs/product/gift-cards.md
 * §19.3): there is no hosted checkout to collect it, so the checkout's dialog asks for it and the server
 * stores it as the order's shipping details, exactly as the hosted checkout's address. Each message names
 * its field (`shipping.city: ...`), so the dialog shows it beside that field.
 */
import * as z from 'zod/mini';
import { isSingleLineText } from '../shared/input-text';
import { SHIPPING_MAX, SHIPPING_MESSAGES } from './shipping-fields';

export { SHIPPING_MESSAGES } from './shipping-fields';

const text = (max: number, message: string) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, { error: message }),
      z.maxLength(max, { error: message }),
      z.refine<string>(isSingleLineText, { error: message }),
    );

export const checkoutShippingSchema = z.strictObject({
  name: text(SHIPPING_MAX.name, SHIPPING_MESSAGES.name),
  line1: text(SHIPPING_MAX.line, SHIPPING_MESSAGES.line1),
  line2: z.optional(
    z
      .string({ error: SHIPPING_MESSAGES.line2 })
      .check(
        z.trim(),
        z.maxLength(SHIPPING_MAX.line, { error: SHIPPING_MESSAGES.line2 }),
        z.refine<string>(isSingleLineText, { error: SHIPPING_MESSAGES.line2 }),
      ),
  ),
  city: text(SHIPPING_MAX.city, SHIPPING_MESSAGES.city),
  postalCode: text(SHIPPING_MAX.postalCode, SHIPPING_MESSAGES.postalCode).check(
    z.regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, { error: SHIPPING_MESSAGES.postalCode }),
  ),
  /** ISO 3166-1 alpha-2; the server also checks it is one of the cart's zone's countries. */
  country: z
    .string({ error: SHIPPING_MESSAGES.country })
    .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, { error: SHIPPING_MESSAGES.country })),
});
export type CheckoutShipping = z.output<typeof checkoutShippingSchema>;
export type CheckoutShippingInput = z.input<typeof checkoutShippingSchema>;
