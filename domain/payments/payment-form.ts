/**
 * The payment form's rules, written once for both sides of the built-in test checkout: the server checks
 * every submit with them, and the page's script (bundled from TypeScript with these imports) uses the same
 * ones to enable 'Proceed to Payment' only while the form is valid. The log scrubber recognises card
 * numbers with the same Luhn check.
 */

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

/** The Luhn checksum every card number carries (digits only). */
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

/** The digits of a card number as typed, with its grouping spaces and dashes removed. */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The card number's message, or null for 13 to 19 digits with a valid checksum. */
export function cardNumberError(value: string): string | null {
  const digits = cardDigits(value);
  return /^\d{13,19}$/.test(digits) && luhnValid(digits) ? null : FIELD_MESSAGES.cardNumber;
}

/** Month/year of an "MM / YY" expiry, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(value);
  if (!m) return null;
  return { month: Number(m[1]), year: 2000 + Number(m[2]) };
}

/** The expiry's message, or null. A card is valid until the end of its expiry month. */
export function expiryError(value: string, now: Date): string | null {
  const expiry = parseExpiry(value.trim());
  if (!expiry) return FIELD_MESSAGES.expiry;
  const endOfMonth = new Date(Date.UTC(expiry.year, expiry.month, 1));
  return endOfMonth.getTime() <= now.getTime() ? FIELD_MESSAGES.expired : null;
}
