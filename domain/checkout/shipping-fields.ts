/**
 * The delivery address's fields, messages and checks without zod, for the checkout's dialog (its chunk
 * stays small) and for the server's schema (checkout-shipping.ts), which words its refusals with the same
 * messages: each names its field (`shipping.city: ...`) so the dialog shows it beside that field.
 */
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

export const SHIPPING_MAX = { name: 100, line: 200, city: 100, postalCode: 20 } as const;

export type ShippingValues = Readonly<Record<ShippingField, string>>;

/** The dialog's check, the server's rules: each field's message (without its name), empty when all is well. */
export function shippingErrors(
  values: ShippingValues,
  countries: readonly string[],
): Partial<Record<ShippingField, string>> {
  const errors: Partial<Record<ShippingField, string>> = {};
  const required: [ShippingField, number][] = [
    ['name', SHIPPING_MAX.name],
    ['line1', SHIPPING_MAX.line],
    ['city', SHIPPING_MAX.city],
    ['postalCode', SHIPPING_MAX.postalCode],
  ];
  for (const [field, max] of required) {
    const v = values[field].trim();
    if (v === '' || v.length > max || !isSingleLineText(v))
      errors[field] = shippingMessageText(SHIPPING_MESSAGES[field]);
  }
  if (!errors.postalCode && !/^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(values.postalCode.trim()))
    errors.postalCode = shippingMessageText(SHIPPING_MESSAGES.postalCode);
  const line2 = values.line2.trim();
  if (line2.length > SHIPPING_MAX.line || !isSingleLineText(line2))
    errors.line2 = shippingMessageText(SHIPPING_MESSAGES.line2);
  if (!countries.includes(values.country)) errors.country = shippingMessageText(SHIPPING_MESSAGES.country);
  return errors;
}

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
