/**
 * The gift cards' API schemas (docs/product/gift-cards.md §19): the checkout's `giftCards` lines and `giftCardCodes`
 * (imported by POST /api/checkout), the balance check, and the desk's routes. zod/mini keeps the
 * storefront's lazy Gift cards chunk small; request bodies are strict.
 */
import * as z from 'zod/mini';
import { checkEmail } from '../shared/email';
import { freeText, NAMED_IN_LISTS, singleLine } from '../shared/input-text-checks';
import {
  GIFT_CARD_LEDGER_KINDS,
  GIFT_CARD_LIMITS,
  GIFT_CARD_MESSAGES,
  GIFT_CARD_STATUSES,
  isGiftCardAmount,
  parseGiftCardCode,
} from './gift-cards';

export { GIFT_CARD_BALANCE_PATH } from './gift-cards';
export const ADMIN_GIFT_CARDS_PATH = '/api/admin/gift-cards';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Characters as a person counts them (an emoji is one). */
function length(text: string): number {
  return [...text].length;
}

const name = z.string({ error: GIFT_CARD_MESSAGES.recipientName }).check(
  z.trim(),
  z.refine((t) => length(t) >= 1 && length(t) <= GIFT_CARD_LIMITS.nameMax, {
    error: GIFT_CARD_MESSAGES.recipientName,
    params: NAMED_IN_LISTS,
  }),
  singleLine(),
);

const email = z.string({ error: GIFT_CARD_MESSAGES.recipientEmail }).check(
  z.maxLength(1000, { error: GIFT_CARD_MESSAGES.recipientEmail }),
  z.trim(),
  z.refine((t) => checkEmail(t).ok, { error: GIFT_CARD_MESSAGES.recipientEmail, params: NAMED_IN_LISTS }),
);

/** Plain text like the gift message: line breaks allowed, no control characters, 200 characters. */
const message = z.string({ error: GIFT_CARD_MESSAGES.message }).check(
  z.trim(),
  z.refine((t) => length(t) <= GIFT_CARD_LIMITS.messageMax, {
    error: GIFT_CARD_MESSAGES.message,
    params: NAMED_IN_LISTS,
  }),
  freeText(),
);

const amount = z
  .number({ error: GIFT_CARD_MESSAGES.amount })
  .check(z.refine(isGiftCardAmount, { error: GIFT_CARD_MESSAGES.amount, params: NAMED_IN_LISTS }));

/** The shape; that the day is today..+365 on the Irish calendar is the service's check (it holds the clock). */
const sendOn = z
  .string({ error: GIFT_CARD_MESSAGES.sendOn })
  .check(z.refine((t) => ISO_DATE.test(t), { error: GIFT_CARD_MESSAGES.sendOn, params: NAMED_IN_LISTS }));

/**
 * `giftCardsFrom` of POST /api/checkout: the buyer's name for an order of gift cards alone (no hosted
 * checkout or address gives one), which the recipient's e-mail says the card is from, never her e-mail.
 */
export const GIFT_CARDS_FROM_ERROR = `giftCardsFrom: ${GIFT_CARD_MESSAGES.fromName}`;
export const giftCardFromSchema = z.string({ error: GIFT_CARDS_FROM_ERROR }).check(
  z.trim(),
  z.refine((t) => length(t) >= 1 && length(t) <= GIFT_CARD_LIMITS.nameMax, {
    error: GIFT_CARDS_FROM_ERROR,
  }),
  singleLine(),
);

/** One card bought at the checkout: `giftCards[i]` of POST /api/checkout. */
export const giftCardLineSchema = z.strictObject({
  amount,
  recipientName: name,
  recipientEmail: email,
  message: z.optional(message),
  sendOn: z.optional(sendOn),
});
export type GiftCardLine = z.output<typeof giftCardLineSchema>;

export const giftCardLinesSchema = z.array(giftCardLineSchema);

/** One code typed at the checkout or the balance check: with or without dashes, any case. */
export const giftCardCodeSchema = z.string({ error: GIFT_CARD_MESSAGES.invalidCode }).check(
  z.refine((t) => t.length <= 64 && parseGiftCardCode(t) !== null, {
    error: GIFT_CARD_MESSAGES.invalidCode,
    params: NAMED_IN_LISTS,
  }),
);

/**
 * `giftCardCodes` of POST /api/checkout. No limit on how many (the Act forbids limiting the vouchers one
 * transaction may use); the route's body limit bounds the request.
 */
export const giftCardCodesSchema = z.array(giftCardCodeSchema);

export const giftCardBalanceRequestSchema = z.strictObject({
  code: z
    .string({ error: GIFT_CARD_MESSAGES.invalidCode })
    .check(z.maxLength(64, { error: GIFT_CARD_MESSAGES.invalidCode })),
});

export const giftCardBalanceResponseSchema = z.object({
  ok: z.literal(true),
  balance: z.number(),
  currency: z.literal('EUR'),
  expiresOn: z.string(),
  last4: z.string(),
});
export type GiftCardBalance = z.output<typeof giftCardBalanceResponseSchema>;

export const adminGiftCardSchema = z.object({
  id: z.string(),
  last4: z.string(),
  amount: z.number(),
  balance: z.number(),
  issuedAt: z.string(),
  expiresOn: z.string(),
  status: z.enum(GIFT_CARD_STATUSES),
  recipientName: z.string(),
  recipientEmail: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  sendOn: z.string(),
  orderReference: z.nullable(z.string()),
  free: z.boolean(),
});
export type AdminGiftCard = z.output<typeof adminGiftCardSchema>;

export const giftCardLedgerEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(GIFT_CARD_LEDGER_KINDS),
  amount: z.number(),
  reference: z.optional(z.string()),
  person: z.optional(z.string()),
  reason: z.optional(z.string()),
});
export type GiftCardLedgerEntry = z.output<typeof giftCardLedgerEntrySchema>;

export const adminGiftCardListSchema = z.object({
  ok: z.literal(true),
  giftCards: z.array(adminGiftCardSchema),
});

export const adminGiftCardDetailSchema = z.object({
  ok: z.literal(true),
  giftCard: z.extend(adminGiftCardSchema, {
    message: z.string(),
    /** Cents a checkout not yet ended holds: spent if its order is paid, otherwise back to the balance. */
    held: z.number(),
    ledger: z.array(giftCardLedgerEntrySchema),
  }),
});
export type AdminGiftCardDetail = z.output<typeof adminGiftCardDetailSchema>['giftCard'];

/** A control character (a NUL) is no search and no PostgreSQL text: a 400 naming `q`. */
export const adminGiftCardListQuerySchema = z.object({
  q: z.optional(z.string().check(z.maxLength(200), singleLine())),
});

/** The owner's card without payment (a raffle prize, a goodwill gesture): audited, with its reason. */
export const adminIssueGiftCardSchema = z.strictObject({
  amount,
  recipientName: name,
  recipientEmail: email,
  message: z.optional(message),
  sendOn: z.optional(sendOn),
  reason: z.string({ error: GIFT_CARD_MESSAGES.reason }).check(
    z.trim(),
    z.refine((t) => length(t) >= 1 && length(t) <= GIFT_CARD_LIMITS.reasonMax, {
      error: GIFT_CARD_MESSAGES.reason,
    }),
    freeText(),
  ),
});
export type AdminIssueGiftCard = z.output<typeof adminIssueGiftCardSchema>;

/** Disable a lost card; with `reissue`, its remaining balance under a new code. */
export const adminDisableGiftCardSchema = z.strictObject({
  reissue: z.boolean({ error: 'reissue must be true or false' }),
  recipientEmail: z.optional(email),
});

/** Send a scheduled or sent card's e-mail to a corrected address (the code stays). */
export const adminResendGiftCardSchema = z.strictObject({ recipientEmail: email });

export const adminGiftCardAnswerSchema = z.object({
  ok: z.literal(true),
  giftCard: adminGiftCardSchema,
  /** The card issued in its place when the owner reissued its balance. */
  reissued: z.optional(adminGiftCardSchema),
});
