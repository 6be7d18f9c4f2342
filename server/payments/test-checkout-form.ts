/**
 * The test checkout's form: every field required, checked again on the server whatever the browser did.
 * Card numbers are only ever compared with Stripe's published test numbers: never stored, never logged.
 */

import { cardDigits, cardNumberError, expiryError, FIELD_MESSAGES } from '../../domain/payments/payment-form';
import { checkEmail } from '../../domain/shared/email';
import { isSingleLineText } from '../../domain/shared/input-text';
import type { ShippingDetails } from './provider';
import { TEST_CARDS } from './test-checkout';
import { formatExpiry } from './test-checkout-typing';

export const FORM_FIELDS = [
  'email',
  'name',
  'line1',
  'line2',
  'city',
  'postalCode',
  'country',
  'cardNumber',
  'expiry',
  'cvc',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type FormValues = Readonly<Record<FormField, string>>;
export type FormErrors = Partial<Record<FormField, string>>;

export const DECLINED_MESSAGE =
  'Your card was declined. No payment was taken. Please try again with another card.';
/** The second address line may be empty; when given, it is one line of text like the others. */
export const LINE2_MESSAGE = 'Enter the second address line on one line, or leave it empty';
export const TEST_CARDS_ONLY_MESSAGE =
  'This test checkout accepts Stripe test cards only: use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a declined payment.';

const MAX_LENGTH: Readonly<Record<FormField, number>> = {
  email: 255,
  name: 100,
  line1: 200,
  line2: 200,
  city: 100,
  postalCode: 20,
  country: 2,
  cardNumber: 30,
  expiry: 9,
  cvc: 4,
};

export function readForm(body: unknown): FormValues {
  const source = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const values = {} as Record<FormField, string>;
  for (const field of FORM_FIELDS) {
    const raw = Object.hasOwn(source, field) ? source[field] : undefined;
    values[field] = typeof raw === 'string' ? raw.trim().slice(0, MAX_LENGTH[field] * 2) : '';
  }
  return values;
}

function text(
  values: FormValues,
  field: FormField,
  message: string,
  errors: FormErrors,
  optional = false,
): void {
  const v = values[field];
  // Control characters (CR/LF included) and invisible formatting are refused: these values end up in e-mails.
  if ((v === '' && !optional) || v.length > MAX_LENGTH[field] || !isSingleLineText(v))
    errors[field] = message;
}

function addressErrors(values: FormValues, countries: readonly string[], errors: FormErrors): void {
  text(values, 'name', FIELD_MESSAGES.name, errors);
  text(values, 'line1', FIELD_MESSAGES.line1, errors);
  text(values, 'line2', LINE2_MESSAGE, errors, true);
  text(values, 'city', FIELD_MESSAGES.city, errors);
  text(values, 'postalCode', FIELD_MESSAGES.postalCode, errors);
  if (!errors.postalCode && !/^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(values.postalCode)) {
    errors.postalCode = FIELD_MESSAGES.postalCode;
  }
  if (!countries.includes(values.country)) errors.country = FIELD_MESSAGES.country;
}

export type CardOutcome = 'success' | 'declined' | 'unsupported';

export type FormCheck =
  | { readonly ok: true; readonly shipping: ShippingDetails | null; readonly card: CardOutcome }
  | { readonly ok: false; readonly errors: FormErrors };

/**
 * `countries`: where the address may be; null for gift cards alone, whose page asks for no address (the
 * address fields sent anyway are ignored, and the payment carries none).
 */
export function validateForm(
  values: FormValues,
  countries: readonly string[] | null,
  now = new Date(),
): FormCheck {
  const errors: FormErrors = {};
  const email = checkEmail(values.email);
  if (!email.ok) errors.email = email.message;
  if (countries) addressErrors(values, countries, errors);
  const cardError = cardNumberError(values.cardNumber);
  if (cardError) errors.cardNumber = cardError;
  // As typed on a keypad ("1230") or as the page's script writes it ("12 / 30").
  const expiry = expiryError(formatExpiry(values.expiry), now);
  if (expiry) errors.expiry = expiry;
  if (!/^\d{3,4}$/.test(values.cvc)) errors.cvc = FIELD_MESSAGES.cvc;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const digits = cardDigits(values.cardNumber);
  const card: CardOutcome =
    digits === TEST_CARDS.success ? 'success' : digits === TEST_CARDS.declined ? 'declined' : 'unsupported';
  return {
    ok: true,
    card,
    shipping: countries && {
      name: values.name,
      address: {
        line1: values.line1,
        line2: values.line2 === '' ? null : values.line2,
        city: values.city,
        state: null,
        postalCode: values.postalCode.toUpperCase(),
        country: values.country,
      },
    },
  };
}
