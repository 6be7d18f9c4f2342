/**
 * Exchanges for another size (docs/product/exchanges.md): a shopper swaps one piece of a delivered order
 * for another size within the returns window, the owner accepts or declines, and the replacement is made
 * first. The states, the price difference between the two sizes, and the zod/mini schemas of the
 * requests and answers, shared by the server, the desk and the order page.
 */
import * as z from 'zod/mini';
import { sizeLabel } from '../catalogue/sizes';
import { SIZE_CODES, type SizeCode } from '../config';

export const EXCHANGE_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type ExchangeStatus = (typeof EXCHANGE_STATUSES)[number];

/** What the owner does with the piece that came back. */
export const RECEIVED_CHOICES = ['restock', 'reuse'] as const;
export type ReceivedChoice = (typeof RECEIVED_CHOICES)[number];

/** How a price difference was settled: nothing to settle, a payment link sent, or a refund made. */
export const SETTLEMENTS = ['none', 'payment-link', 'refund'] as const;
export type Settlement = (typeof SETTLEMENTS)[number];

export const EXCHANGE_LIMITS = { reasonMaxLength: 500 } as const;

export const EXCHANGE_MESSAGES = {
  key: 'key: the order key from your order e-mail is needed',
  lineId: 'lineId: choose the piece to exchange',
  size: 'size: choose Small, Medium or Large',
  sameSize: 'size: choose a size other than the one you have',
  sizeNotMade: 'size: we cannot make that size just now; please choose another',
  lineUnknown: 'lineId: this order has no such piece',
  lineNoSize: 'lineId: a bespoke piece has no size to exchange',
  notDelivered: 'A piece can be exchanged once your order has been delivered',
  late: (until: string) =>
    `The period to exchange a piece ended on ${until}. Please write to us if something is wrong with it.`,
  alreadyExchanged: 'This piece already has an exchange; only one exchange per piece',
  inReturn: 'This piece is already being returned, so it cannot be exchanged as well',
  notFound: 'No exchange with that number',
  notPending: (status: ExchangeStatus) => `This exchange is already ${status}`,
  notAccepted: 'Only an accepted exchange has a piece to receive',
  alreadyReceived: 'The returned piece was already marked received',
  reason: 'reason: say in a few words why the exchange is declined',
  choice: "choice: choose 'restock' or 'reuse'",
  alreadyDispatched: 'The new piece was already dispatched',
} as const;

/** A shopper's request, on her order page: the order key, the line (its position) and the new size. */
export const exchangeRequestSchema = z.strictObject({
  key: z
    .string({ error: EXCHANGE_MESSAGES.key })
    .check(
      z.minLength(1, { error: EXCHANGE_MESSAGES.key }),
      z.maxLength(100, { error: EXCHANGE_MESSAGES.key }),
    ),
  lineId: z
    .number({ error: EXCHANGE_MESSAGES.lineId })
    .check(
      z.int({ error: EXCHANGE_MESSAGES.lineId }),
      z.gte(0, { error: EXCHANGE_MESSAGES.lineId }),
      z.lte(1000, { error: EXCHANGE_MESSAGES.lineId }),
    ),
  size: z.enum(SIZE_CODES as [SizeCode, ...SizeCode[]], { error: EXCHANGE_MESSAGES.size }),
});
export type ExchangeRequest = z.infer<typeof exchangeRequestSchema>;

/** The owner declines with a reason the shopper is told. */
export const declineExchangeSchema = z.strictObject({
  reason: z
    .string({ error: EXCHANGE_MESSAGES.reason })
    .check(
      z.trim(),
      z.minLength(1, { error: EXCHANGE_MESSAGES.reason }),
      z.maxLength(EXCHANGE_LIMITS.reasonMaxLength, { error: EXCHANGE_MESSAGES.reason }),
    ),
});

/** The returned piece is back: kept as a finished piece, or its materials go back on the shelf. */
export const receiveExchangeSchema = z.strictObject({
  choice: z.enum(RECEIVED_CHOICES, { error: EXCHANGE_MESSAGES.choice }),
});

export const exchangeInfoSchema = z.object({
  id: z.number(),
  reference: z.string(),
  lineId: z.number(),
  productId: z.string(),
  name: z.string(),
  fromSize: z.enum(SIZE_CODES as [SizeCode, ...SizeCode[]]),
  toSize: z.enum(SIZE_CODES as [SizeCode, ...SizeCode[]]),
  status: z.enum(EXCHANGE_STATUSES),
  /** New size's price less the old one's, in cents: above 0 the shopper pays it, below 0 it is refunded. */
  difference: z.number(),
  settlement: z.enum(SETTLEMENTS),
  declineReason: z.nullable(z.string()),
  receivedChoice: z.nullable(z.enum(RECEIVED_CHOICES)),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
  receivedAt: z.nullable(z.string()),
  /** When the new piece left the shop: it leaves the making queue's front then. */
  dispatchedAt: z.nullable(z.string()),
});
export type ExchangeInfo = z.infer<typeof exchangeInfoSchema>;

/** An exchange as the shopper's order page shows it. */
export const shopperExchangeSchema = z.object({
  id: z.number(),
  lineId: z.number(),
  status: z.enum(EXCHANGE_STATUSES),
  /** "Sea Glass, Medium for Large". */
  item: z.string(),
  text: z.string(),
});
export type ShopperExchange = z.infer<typeof shopperExchangeSchema>;

/** What the order page may offer: the sizes each line can be swapped for, until the window's last day. */
export const exchangeOfferSchema = z.object({
  until: z.string(),
  lines: z.array(
    z.object({ lineId: z.number(), sizes: z.array(z.enum(SIZE_CODES as [SizeCode, ...SizeCode[]])) }),
  ),
});
export type ExchangeOffer = z.infer<typeof exchangeOfferSchema>;

export const exchangeAnswerSchema = z.object({ ok: z.literal(true), exchange: exchangeInfoSchema });
export type ExchangeAnswer = z.infer<typeof exchangeAnswerSchema>;

export const EXCHANGE_API = {
  request: '/api/orders/:reference/exchanges',
  accept: '/api/admin/exchanges/:id/accept',
  decline: '/api/admin/exchanges/:id/decline',
  receive: '/api/admin/exchanges/:id/receive',
  dispatch: '/api/admin/exchanges/:id/dispatch',
} as const;

export function exchangeRequestPath(reference: string): string {
  return EXCHANGE_API.request.replace(':reference', encodeURIComponent(reference));
}

export function exchangeActionPath(
  id: number,
  action: 'accept' | 'decline' | 'receive' | 'dispatch',
): string {
  return EXCHANGE_API[action].replace(':id', String(id));
}

/** "Exchange: M -> L", as the packing slip and the history say it. */
export function exchangeText(from: SizeCode, to: SizeCode): string {
  return `Exchange: ${from} -> ${to}`;
}

/** "Sea Glass, Medium for Large": the e-mails and the order page say the sizes' names. */
export function exchangeItemText(name: string, from: SizeCode, to: SizeCode): string {
  return `${name}, ${sizeLabel(from)} for ${sizeLabel(to)}`;
}

/** How the order page words an exchange's state for the shopper. */
export const EXCHANGE_SHOPPER_TEXTS: Readonly<Record<ExchangeStatus, string>> = {
  pending: 'Exchange requested: we will be in touch once we have looked at it.',
  accepted: 'Exchange accepted: your new size is being made first, and we will post it to you.',
  declined: 'Exchange declined.',
};

export interface PriceDifference {
  /** 'charge': the shopper pays `amount`; 'refund': `amount` goes back to her; 'none': the same price. */
  readonly kind: 'charge' | 'refund' | 'none';
  /** Whole cents, never negative. */
  readonly amount: number;
}

/**
 * What swapping a piece at `paid` cents for one at `price` cents settles. Both in whole cents; the
 * difference is exact (no rounding: integer subtraction) and its sign says who pays whom.
 */
export function priceDifference(paid: number, price: number): PriceDifference {
  if (!Number.isSafeInteger(paid) || !Number.isSafeInteger(price) || paid < 0 || price < 0)
    throw new RangeError('prices are whole, non-negative cents');
  const diff = price - paid;
  if (diff > 0) return { kind: 'charge', amount: diff };
  if (diff < 0) return { kind: 'refund', amount: -diff };
  return { kind: 'none', amount: 0 };
}

/** The signed cents of a difference: what the exchange stores (above 0 charged, below 0 refunded). */
export function signedDifference(d: PriceDifference): number {
  return d.kind === 'charge' ? d.amount : d.kind === 'refund' ? -d.amount : 0;
}

/** The sizes a piece may be swapped for: offered, makeable now, and not the one she has. */
export function exchangeSizes(
  offered: readonly SizeCode[],
  makeable: (size: SizeCode) => boolean,
  current: SizeCode,
): SizeCode[] {
  return offered.filter((s) => s !== current && makeable(s));
}
