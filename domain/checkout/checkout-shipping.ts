/**
 * The delivery address a checkout gives itself when gift cards pay the whole order (docs/product/gift-cards.md
 * §19.3): there is no hosted checkout to collect it, so the checkout's dialog asks for it and the server
 * stores it as the order's shipping details, exactly as the hosted checkout's address. Each message names
 * its field (`shipping.city: ...`), so the dialog shows it beside that field.
 */
import * as z from 'zod/mini';
import { FIELD_MESSAGES } from '../payments/payment-form';
import { isSingleLineText } from '../shared/input-text';

export const SHIPPING_FIELDS = ['name', 'line1', 'line2', 'city', 'postalCode', 'country'] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];

export const SHIPPING_MESSAGES = {
  name: `shipping.name: ${FIELD_MESSAGES.name}`,
  line1: `shipping.line1: ${FIELD_MESSAGES.line1}`,
  line2: 'shipping.line2: Enter the second address line on one line, or leave it empty',
  city: `shipping.city: ${FIELD_MESSAGES.city}`,
  postalCode: `shipping.postalCode: ${FIELD_MESSAGES.postalCode}`,
  country: `shipping.country: ${FIELD_MESSAGES.country}`,
  /** A fully card-paid order with bracelets and no address: the dialog then asks for it. */
  needed: 'shipping: Your gift cards pay the whole order: enter the delivery address for the bracelets',
} as const;

const MAX = { name: 100, line: 200, city: 100, postalCode: 20 } as const;

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
  name: text(MAX.name, SHIPPING_MESSAGES.name),
  line1: text(MAX.line, SHIPPING_MESSAGES.line1),
  line2: z.optional(
    z
      .string({ error: SHIPPING_MESSAGES.line2 })
      .check(
        z.trim(),
        z.maxLength(MAX.line, { error: SHIPPING_MESSAGES.line2 }),
        z.refine<string>(isSingleLineText, { error: SHIPPING_MESSAGES.line2 }),
      ),
  ),
  city: text(MAX.city, SHIPPING_MESSAGES.city),
  postalCode: text(MAX.postalCode, SHIPPING_MESSAGES.postalCode).check(
    z.regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, { error: SHIPPING_MESSAGES.postalCode }),
  ),
  /** ISO 3166-1 alpha-2; the server also checks it is one of the cart's zone's countries. */
  country: z
    .string({ error: SHIPPING_MESSAGES.country })
    .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, { error: SHIPPING_MESSAGES.country })),
});
export type CheckoutShipping = z.output<typeof checkoutShippingSchema>;
export type CheckoutShippingInput = z.input<typeof checkoutShippingSchema>;

/** The field a checkout's refusal names (`shipping.city: ...`), or 'needed' for the address as a whole; null otherwise. */
export function shippingFieldOf(error: string): ShippingField | 'needed' | null {
  if (error === SHIPPING_MESSAGES.needed) return 'needed';
  const match = /^shipping\.(\w+): /.exec(error);
  const field = match?.[1];
  return (SHIPPING_FIELDS as readonly string[]).includes(field ?? '') ? (field as ShippingField) : null;
}

/** The message without its field's name, as shown beside the field. */
export function shippingMessageText(error: string): string {
  return error.replace(/^shipping(\.\w+)?: /, '');
}
