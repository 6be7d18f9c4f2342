/**
 * Gift cards' rules (docs/product/gift-cards.md §19): the code, the Gift Vouchers Act's validity, the amounts and send
 * dates a card may have, and the ledger whose sum is a card's balance. Pure and shared by the server, the
 * desk and the storefront's Gift cards page (a lazy route), so the page and the server agree.
 */
import {
  addDays,
  dateParts,
  dayNumber,
  type IsoDate,
  irishDate,
  isoDate,
  parseIsoDate,
} from '../shared/calendar-date';

/** The balance check's route (docs/product/gift-cards.md §19). */
export const GIFT_CARD_BALANCE_PATH = '/api/gift-cards/balance';

/** A-Z and 2-9 without 0/O and 1/I/L: 31 characters nobody misreads when typing a code from an e-mail. */
export const GIFT_CARD_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 16 characters of 31: about 79 bits, far beyond guessing through a rate-limited check. */
export const GIFT_CARD_CODE_LENGTH = 16;

/** Consumer Protection (Gift Vouchers) Act 2019, s. 3: at least five years; this shop gives exactly five. */
export const GIFT_CARD_VALID_YEARS = 5;

export const GIFT_CARD_LIMITS = {
  /** Whole euros from €10 to €500 (cents). */
  minAmount: 1000,
  maxAmount: 50000,
  /** The amounts the Gift cards page offers as buttons (cents). */
  presets: [2500, 5000, 10000] as readonly number[],
  messageMax: 200,
  nameMax: 100,
  reasonMax: 500,
  /** The send date: today, or a day up to this many days ahead (Irish calendar). */
  sendAheadDays: 365,
} as const;

/**
 * An order of gift cards alone is neither made nor posted (docs/product/gift-cards.md §19.3): where another
 * order names its address, delivery and dispatch, its confirmation (page and e-mail) and the owner's
 * new-order e-mail say this.
 */
export const GIFT_CARDS_ALONE_TEXTS = {
  delivery: 'Your gift cards are e-mailed to their recipients on their send dates: nothing is posted.',
  owner: 'Nothing to ship or make: the gift cards are e-mailed to their recipients.',
  thanks: 'Thank you for your order! Your payment has been received.',
} as const;

export const GIFT_CARD_MESSAGES = {
  invalidCode: 'This gift card code is not valid',
  amount: 'Choose a whole euro amount from €10 to €500',
  recipientName: 'Please enter the recipient’s name',
  recipientEmail: 'Please enter the recipient’s email address',
  /** An order of gift cards alone: the buyer's name, which the recipient's e-mail says the card is from. */
  fromName: 'Please enter your name: the gift card’s e-mail says who it is from',
  message: 'The message can be at most 200 characters',
  sendOn: 'The send date must be today or a day up to a year ahead',
  reason: 'Please say why this card is issued without payment',
  notFound: 'No gift card with this id',
  disabled: 'This gift card is already disabled',
} as const;

/**
 * The fields' messages say what is wrong, not which field: a 400 names the field in front of them (the
 * contract's `giftCards[0].amount: ...`, `reason: ...`; server/lib/validation.ts), wherever the field stands
 * (`always`), or where only its index says which item (`inLists`: the balance check's one code needs no name).
 * Listed here because a type check's message (`z.number({ error })`) can carry no marker of its own.
 */
export const GIFT_CARD_NAMED_BY_PATH = {
  always: [
    GIFT_CARD_MESSAGES.amount,
    GIFT_CARD_MESSAGES.recipientName,
    GIFT_CARD_MESSAGES.recipientEmail,
    GIFT_CARD_MESSAGES.message,
    GIFT_CARD_MESSAGES.sendOn,
    GIFT_CARD_MESSAGES.reason,
  ],
  inLists: [GIFT_CARD_MESSAGES.invalidCode],
} as const;

/** Every movement of a card's balance, one ledger row each; the balance is their sum. */
export const GIFT_CARD_LEDGER_KINDS = [
  'issued',
  'reserved',
  'released',
  'spent',
  'restored',
  'adjusted',
] as const;
export type GiftCardLedgerKind = (typeof GIFT_CARD_LEDGER_KINDS)[number];

/**
 * How a card stands: scheduled (its e-mail not yet sent), sent, held (balance 0 while a checkout not yet
 * ended holds the rest: spent or back on the card when it ends), spent (balance 0, nothing held), disabled.
 */
export const GIFT_CARD_STATUSES = ['scheduled', 'sent', 'held', 'spent', 'disabled'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

/** A new code from a cryptographic source, rejection-sampled so each of the 31 characters is as likely. */
export function newGiftCardCode(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => globalThis.crypto.getRandomValues(b),
): string {
  const n = GIFT_CARD_ALPHABET.length;
  const limit = 256 - (256 % n);
  let out = '';
  while (out.length < GIFT_CARD_CODE_LENGTH) {
    for (const byte of random(new Uint8Array(32))) {
      if (byte < limit && out.length < GIFT_CARD_CODE_LENGTH) out += GIFT_CARD_ALPHABET[byte % n];
    }
  }
  return out;
}

/**
 * A typed code as the shop compares it: dashes and spaces dropped, upper case; null when it cannot be a
 * code (wrong length or a character outside the alphabet). Only the normal form is ever hashed.
 */
export function parseGiftCardCode(text: string): string | null {
  const code = text.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const c of code) if (!GIFT_CARD_ALPHABET.includes(c)) return null;
  return code;
}

/** `XXXX-XXXX-XXXX-XXXX`, as the recipient's e-mail shows it. */
export function formatGiftCardCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** The last 4 characters: all the buyer, the desk and the cart ever see of a code. */
export function giftCardLast4(code: string): string {
  return code.slice(-4);
}

/** "Gift card ••••7KQM". */
export function giftCardLabel(last4: string): string {
  return `Gift card ••••${last4}`;
}

/**
 * The last day a card sold at `soldAt` is valid (Irish calendar): the same day five years later. A card
 * sold on 29 February runs to 1 March, so it is never a day short of five years.
 */
export function giftCardExpiresOn(soldAt: Date): IsoDate {
  const sold = irishDate(soldAt);
  const { year, month, day } = dateParts(sold);
  const target = year + GIFT_CARD_VALID_YEARS;
  const sameDay = isoDate(target, month, Math.min(day, 28));
  return day <= 28 ? sameDay : addDays(isoDate(target, month, 28), day - 28);
}

/** Whether a card is past its last valid day on the Irish calendar at `now`. */
export function giftCardExpired(expiresOn: string, now: Date): boolean {
  return irishDate(now) > expiresOn;
}

export function isGiftCardAmount(amount: number): boolean {
  return (
    Number.isInteger(amount) &&
    amount % 100 === 0 &&
    amount >= GIFT_CARD_LIMITS.minAmount &&
    amount <= GIFT_CARD_LIMITS.maxAmount
  );
}

/** The first and last send dates allowed at `now`: today and a year ahead on the Irish calendar. */
export function sendDateRange(now: Date): { first: IsoDate; last: IsoDate } {
  const first = irishDate(now);
  return { first, last: addDays(first, GIFT_CARD_LIMITS.sendAheadDays) };
}

/** A send date as given (or today when none), or null when it is not a real day in the allowed range. */
export function checkSendOn(text: string | undefined, now: Date): IsoDate | null {
  const { first, last } = sendDateRange(now);
  if (text === undefined) return first;
  const date = parseIsoDate(text);
  if (date === null) return null;
  return dayNumber(date) >= dayNumber(first) && dayNumber(date) <= dayNumber(last) ? date : null;
}

/** A ledger row's signed effect on the balance (amounts are stored as that signed effect). */
export interface GiftCardMovement {
  readonly kind: GiftCardLedgerKind;
  readonly amount: number;
}

/** The balance as the ledger's sum. */
export function ledgerBalance(movements: readonly GiftCardMovement[]): number {
  return movements.reduce((sum, m) => sum + m.amount, 0);
}

/**
 * How much each card pays of `amountDue`, in the order given: each takes what is left up to its balance.
 * Cards that pay nothing are left out; the rest is what the hosted checkout still charges.
 */
export function splitAcrossCards<T extends { readonly balance: number }>(
  cards: readonly T[],
  amountDue: number,
): { parts: { card: T; amount: number }[]; rest: number } {
  let rest = Math.max(0, amountDue);
  const parts: { card: T; amount: number }[] = [];
  for (const card of cards) {
    const amount = Math.min(rest, Math.max(0, card.balance));
    if (amount > 0) parts.push({ card, amount });
    rest -= amount;
  }
  return { parts, rest };
}

/**
 * How often codes may be tried, counted where every instance sees them (the shared counters), by the
 * balance check and the checkout's card field together (docs/product/gift-cards.md §19.4). Guessing is
 * trying codes that do not work: a client's unknown, disabled and expired codes are counted tightly
 * (`failuresPerClient`), and once over, every code it tries is refused, a working one too, so the answer
 * never tells a guess that hit. A holder's working code is limited only generously: per client
 * (`validPerClient`) and per code from anywhere (`validPerCode`).
 */
export const GIFT_CARD_ATTEMPTS = {
  failuresPerClient: 10,
  validPerClient: 120,
  validPerCode: 120,
  windowMs: 60 * 60 * 1000,
  message: 'Too many gift card codes tried. Please try again later.',
} as const;

/**
 * The people on a card (names, e-mails, message) are kept while it can be spent and a year after its last
 * valid day (for questions about it), then erased by the retention pass; the amounts and ledger stay.
 */
export const GIFT_CARD_PEOPLE_DAYS_AFTER_EXPIRY = 365;
