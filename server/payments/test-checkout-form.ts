/**
 * The test checkout's form: every field required, checked again on the server whatever the browser did.
 * Card numbers are only ever compared with Stripe's published test numbers: never stored, never logged.
 */
import { checkEmail } from '../../domain/email';
import type { ShippingDetails } from './provider';
import { TEST_CARDS } from './test-checkout';

export const FORM_FIELDS = [
  'email',
  'name',
  'line1',
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

export const FIELD_MESSAGES = {
  name: 'Enter the full name for delivery',
  line1: 'Enter the street address',
  city: 'Enter the town or city',
  postalCode: 'Enter the postcode (Eircode in Ireland)',
  country: 'Choose a country this order can be delivered to',
  cardNumber: 'Enter a valid card number',
  expiry: 'Enter the expiry date as MM / YY',
  expired: 'This card has expired',
  cvc: 'Enter the 3 or 4 digit security code',
} as const;

export const DECLINED_MESSAGE =
  'Your card was declined. No payment was taken. Please try again with another card.';
export const TEST_CARDS_ONLY_MESSAGE =
  'This test checkout accepts Stripe test cards only: use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a declined payment.';

const MAX_LENGTH: Readonly<Record<FormField, number>> = {
  email: 255,
  name: 100,
  line1: 200,
  city: 100,
  postalCode: 20,
  country: 2,
  cardNumber: 30,
  expiry: 9,
  cvc: 4,
};

// Control characters (CR/LF included) are refused everywhere: these values end up in e-mails.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;

export function readForm(body: unknown): FormValues {
  const source = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const values = {} as Record<FormField, string>;
  for (const field of FORM_FIELDS) {
    const raw = Object.hasOwn(source, field) ? source[field] : undefined;
    values[field] = typeof raw === 'string' ? raw.trim().slice(0, MAX_LENGTH[field] * 2) : '';
  }
  return values;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Month/year of an "MM / YY" expiry, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(value);
  if (!m) return null;
  return { month: Number(m[1]), year: 2000 + Number(m[2]) };
}

function text(values: FormValues, field: FormField, message: string, errors: FormErrors): void {
  const v = values[field];
  if (v === '' || v.length > MAX_LENGTH[field] || CONTROL.test(v)) errors[field] = message;
}

export type CardOutcome = 'success' | 'declined' | 'unsupported';

export type FormCheck =
  | { readonly ok: true; readonly shipping: ShippingDetails; readonly card: CardOutcome }
  | { readonly ok: false; readonly errors: FormErrors };

export function validateForm(values: FormValues, countries: readonly string[], now = new Date()): FormCheck {
  const errors: FormErrors = {};
  const email = checkEmail(values.email);
  if (!email.ok) errors.email = email.message;
  text(values, 'name', FIELD_MESSAGES.name, errors);
  text(values, 'line1', FIELD_MESSAGES.line1, errors);
  text(values, 'city', FIELD_MESSAGES.city, errors);
  text(values, 'postalCode', FIELD_MESSAGES.postalCode, errors);
  if (!errors.postalCode && !/^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(values.postalCode)) {
    errors.postalCode = FIELD_MESSAGES.postalCode;
  }
  if (!countries.includes(values.country)) errors.country = FIELD_MESSAGES.country;
  const digits = cardDigits(values.cardNumber);
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) errors.cardNumber = FIELD_MESSAGES.cardNumber;
  const expiry = parseExpiry(values.expiry);
  if (!expiry) errors.expiry = FIELD_MESSAGES.expiry;
  else {
    // A card is valid until the end of its expiry month.
    const endOfMonth = new Date(Date.UTC(expiry.year, expiry.month, 1));
    if (endOfMonth.getTime() <= now.getTime()) errors.expiry = FIELD_MESSAGES.expired;
  }
  if (!/^\d{3,4}$/.test(values.cvc)) errors.cvc = FIELD_MESSAGES.cvc;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const card: CardOutcome =
    digits === TEST_CARDS.success ? 'success' : digits === TEST_CARDS.declined ? 'declined' : 'unsupported';
  return {
    ok: true,
    card,
    shipping: {
      name: values.name,
      address: {
        line1: values.line1,
        line2: null,
        city: values.city,
        state: null,
        postalCode: values.postalCode.toUpperCase(),
        country: values.country,
      },
    },
  };
}
