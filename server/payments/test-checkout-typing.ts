/**
 * How the test checkout writes a card number and an expiry date as they are typed: a phone's numeric
 * keypad has no space or slash, so "1230" must become "12 / 30" and a card number its groups of four.
 * The page's script formats each keystroke with these; the server reads a form sent without the script
 * (digits only) with the same rules, so both accept what a keypad types.
 */

/** At most 19 digits (the longest card number), in groups of four: "4242 4242 4242 4242". */
export function groupCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * "MM / YY" from what was typed: "1230" and "12/30" both give "12 / 30". The separator appears with the
 * first digit of the year, so deleting back over it leaves the month ("12"), not a separator that
 * comes back.
 */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** Where the caret goes in `formatted` to stay after the same number of digits as in the typed value. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted.charAt(i))) seen += 1;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}
