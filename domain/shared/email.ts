/**
 * E-mail validation shared by the newsletter form, the checkout dialog and the server, with the exact
 * messages of docs/product/texts.md §3.2. Input is trimmed first; the first failing rule's message is shown.
 */
import { EMAIL_MAX_LENGTH } from './lengths';

export const EMAIL_MESSAGES = {
  invalid: 'Please enter a valid email address',
  tooLong: 'Email must be less than 255 characters',
} as const;

// Deliberately pragmatic (what browsers accept for type=email), with no control characters or spaces,
// so that a validated address can never smuggle a header line into an e-mail.
const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export type EmailCheck = { ok: true; email: string } | { ok: false; message: string };

export function checkEmail(raw: string): EmailCheck {
  const email = raw.trim();
  if (!EMAIL_RE.test(email)) return { ok: false, message: EMAIL_MESSAGES.invalid };
  if (email.length > EMAIL_MAX_LENGTH) return { ok: false, message: EMAIL_MESSAGES.tooLong };
  return { ok: true, email };
}

/** "a***@example.com": enough for the shopper to recognise their address, useless to anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * Providers that deliver `a.b.c@` and `abc@` to one mailbox (dots in the local part ignored), with the
 * other name of the same service: docs/product/numbers.md §4.2.
 */
const DOTLESS_PROVIDERS: Readonly<Record<string, string>> = {
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
};

/**
 * The address as "once per e-mail address" compares it (docs/product/numbers.md §4.2): trimmed and lower-cased,
 * the `+tag` of the local part removed (`shopper+2@example.ie` is `shopper@example.ie`), and for the
 * providers that ignore dots in the local part (Gmail) the dots removed and googlemail.com read as
 * gmail.com. Only for comparing: e-mails still go to the address as typed.
 */
export function canonicalEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  // A local part that starts with '+' has no name before the tag: kept whole.
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_PROVIDERS[domain];
  if (dotless !== undefined) {
    domain = dotless;
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}
