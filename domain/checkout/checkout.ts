/**
 * The checkout API contract (POST /api/checkout and POST /api/orders/{sessionId}/confirm), shared by
 * the browser and the server. zod/mini keeps the browser bundle small; the server parses with the same
 * schemas. Request bodies are strict: an unexpected `price` or `amount` key is a 400, never trusted.
 */
import * as z from 'zod/mini';
import { SIZE_ERROR } from '../catalogue/sizes';
import { DEFAULT_SIZE, LIMITS, SIZE_CODES, type SizeCode, ZONE_IDS, type ZoneId } from '../config';
import { orderVatSchema } from '../vat/order-vat';
import { GIFT_MESSAGE_ERRORS } from './gift-message';

export const CHECKOUT_ERRORS = {
  emptyCart: 'Your cart is empty',
  tooManyLines: `A checkout can hold at most ${LIMITS.maxCartLines} different products`,
  unknownProduct: 'One of the products in your cart is no longer available',
  quantity: `Quantity must be a whole number from 1 to ${LIMITS.maxQuantityPerLine}`,
  duplicateLine: 'Each product may appear only once in each size in a checkout',
  size: SIZE_ERROR,
  ...GIFT_MESSAGE_ERRORS,
} as const;

/** The checkout's VAT refusals name the field they are about (docs/product/vat.md §20). */
export const CHECKOUT_VAT_ERRORS = {
  country: 'country: choose the country the order goes to',
  countryNotInZone: 'country: this country is not in the delivery zone you chose',
  noSaleToGb: 'country: sorry, the shop does not deliver to Great Britain at the moment',
  addressElsewhere: 'shipping.country: the delivery address is in another country than the one chosen',
  businessName: 'business.name: give the company name, up to 200 characters',
  vatNumber: 'business.vatNumber: an EU VAT number has at most 40 characters',
} as const;

/**
 * A cart line the catalogue no longer sells (docs/product/catalogue.md): the message names the
 * product, so the shopper knows which line to remove. The cart page shows the same words.
 */
export function unavailableProductError(name: string, status: 'paused' | 'retired'): string {
  return status === 'paused'
    ? `${name} cannot be ordered at the moment: remove it from your cart to check out`
    : `${name} is no longer made: remove it from your cart to check out`;
}

/** A line in a size the maker's materials cannot cover now (docs/product/materials.md §23). */
export function sizeCannotBeMadeError(index: number, name: string, size: SizeCode): string {
  return `items[${index}].size: ${name} cannot be made in size ${size} right now: choose another size`;
}

/** A line in a size its product is no longer made in. */
export function sizeNotOfferedError(name: string, size: SizeCode): string {
  return `${name} is not made in size ${size}: choose another size`;
}

export const sizeCodeSchema = z.enum(SIZE_CODES as [SizeCode, ...SizeCode[]], { error: SIZE_ERROR });
/** A checkout item's `size`: absent means Medium. */
export const itemSizeSchema = z._default(sizeCodeSchema, DEFAULT_SIZE);

export const checkoutItemSchema = z.strictObject({
  id: z
    .string()
    .check(
      z.minLength(1, { error: CHECKOUT_ERRORS.unknownProduct }),
      z.maxLength(8, { error: CHECKOUT_ERRORS.unknownProduct }),
    ),
  quantity: z
    .number({ error: CHECKOUT_ERRORS.quantity })
    .check(
      z.int({ error: CHECKOUT_ERRORS.quantity }),
      z.gte(1, { error: CHECKOUT_ERRORS.quantity }),
      z.lte(LIMITS.maxQuantityPerLine, { error: CHECKOUT_ERRORS.quantity }),
    ),
  /** "S", "M" or "L"; absent means "M" (docs/product/sizes.md §13.1). */
  size: itemSizeSchema,
});

/** The cart's zone as the checkout and the discount check take it. */
export const checkoutZoneSchema = z.optional(z.enum(ZONE_IDS as [ZoneId, ...ZoneId[]]));
/** A discount code as typed (its form is checked with the code). */
export const discountCodeFieldSchema = z.optional(
  z.string().check(z.maxLength(100, { error: 'A discount code has 3 to 32 letters, digits or "-"' })),
);

/** A cart's bracelet lines (the discount check needs at least one). */
const cartItemsSchema = z
  .array(checkoutItemSchema)
  .check(
    z.minLength(1, { error: CHECKOUT_ERRORS.emptyCart }),
    z.maxLength(LIMITS.maxCartLines, { error: CHECKOUT_ERRORS.tooManyLines }),
  );

// The request's schema is its own module (checkout-request-schema.ts): the confirmation page imports this
// one for the answers, and a module's top-level schemas all come with it.

/**
 * The cart asks what a code (or, without one, the early-bird tier) would take off these items before the
 * checkout: POST DISCOUNT_CHECK_PATH. The checkout checks everything again (and the once-per-address rule,
 * which needs the e-mail given there).
 */
export const discountCheckRequestSchema = z.strictObject({
  code: discountCodeFieldSchema,
  items: cartItemsSchema,
  giftWrap: z.optional(z.boolean()),
  zone: checkoutZoneSchema,
});
export type DiscountCheckRequest = z.input<typeof discountCheckRequestSchema>;
export const discountCheckResponseSchema = z.union([
  z.object({
    ok: z.literal(true),
    /** Cents off the items; 0 when neither the code nor the tier applies. */
    discount: z.number(),
    /** The code that applies (upper case); null when the tier won or nothing applies. */
    discountCode: z.nullable(z.string()),
    /** The line's label: `Discount (XMAS15)`, `Early bird`; null with no discount. */
    label: z.nullable(z.string()),
    shipping: z.number(),
    total: z.number(),
  }),
  z.object({
    ok: z.literal(false),
    error: z.string(),
    /** 'code' when the code itself is refused; absent when the items are what the server refused. */
    field: z.optional(z.literal('code')),
  }),
]);
export type DiscountCheckResponse = z.infer<typeof discountCheckResponseSchema>;

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired', 'unknown'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const EMAIL_DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const;
export type EmailDeliveryStatus = (typeof EMAIL_DELIVERY_STATUSES)[number];

const isoDateText = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const confirmLineSchema = z.object({
  id: z.string(),
  /** The product's name; the page shows it with the size, as nameWithSize does. */
  name: z.string(),
  /** Null for a quote's custom line (a bespoke design has no bracelet size). */
  size: z.nullable(sizeCodeSchema),
  quantity: z.number(),
  unitPrice: z.number(),
  lineTotal: z.number(),
});

export const PAYMENT_KINDS = ['card', 'gift_card'] as const;

/** One way part of an order was paid: the hosted checkout's card, or a gift card (its last 4 only). */
export const orderPaymentSchema = z.object({
  method: z.enum(PAYMENT_KINDS),
  amount: z.number(),
  last4: z.optional(z.string()),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const confirmResponseSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  reference: z.optional(z.string()),
  items: z.optional(z.array(confirmLineSchema)),
  subtotal: z.optional(z.number()),
  shipping: z.optional(z.number()),
  giftWrap: z.optional(z.number()),
  /** The shopper's gift message, plain text (the page shows it as text). */
  giftMessage: z.optional(z.string()),
  total: z.optional(z.number()),
  /** Paid orders: cents off the items (0 for none), and the code that gave them (null: none, or the tier). */
  discount: z.optional(z.number()),
  discountCode: z.optional(z.nullable(z.string())),
  /** The discount line's name as the shop words it (a code, the early-bird tier or a quote's discount). */
  discountLabel: z.optional(z.string()),
  email: z.optional(z.string()),
  /** Delivery of the shopper's confirmation e-mail: queued (the server sends it shortly), sent, failed. */
  emailStatus: z.optional(z.enum(EMAIL_DELIVERY_STATUSES)),
  /**
   * Paid orders: the dispatch date stored at payment and the zone's delivery window from it, as
   * 'YYYY-MM-DD' Irish calendar dates (domain/making/dispatch.ts). Absent for orders paid before it was stored.
   */
  delivery: z.optional(z.object({ dispatch: isoDateText, earliest: isoDateText, latest: isoDateText })),
  /** Paid orders: the dispatch-by date stored at payment (the making queue counted), as delivery.dispatch. */
  dispatchBy: z.optional(isoDateText),
  /**
   * Paid orders of gift cards alone (docs/product/gift-cards.md §19.3): nothing is posted, each card is
   * e-mailed to its recipient, so the page names no shipping and no dispatch. Absent: an order posted.
   */
  giftCardsAlone: z.optional(z.literal(true)),
  /**
   * Paid orders: the order page's link with its key, `/#/order/{reference}?key={key}` (orderPagePath), the
   * page the confirmation e-mail links to.
   */
  orderPagePath: z.optional(z.string()),
  /** Paid orders: how the total was paid (the total itself is the same however it was paid). */
  payments: z.optional(z.array(orderPaymentSchema)),
  /**
   * Cents the order still owes: a gift card's part whose hold lapsed before the payment and whose balance
   * was spent since (docs/product/gift-cards.md §19.3); absent when nothing is owed.
   */
  owed: z.optional(z.number()),
  /**
   * Paid orders: the gift cards the order bought, by their last 4 only (the code goes to the recipient
   * alone), each with its amount and the day its e-mail goes (docs/product/gift-cards.md §19.3).
   */
  giftCardsBought: z.optional(
    z.array(z.object({ last4: z.string(), amount: z.number(), sendOn: isoDateText })),
  ),
  /** Paid orders charged under the VAT rules (docs/product/vat.md §20): the VAT inside each line, as stored. */
  vat: z.optional(orderVatSchema),
});
export type ConfirmResponse = z.infer<typeof confirmResponseSchema>;

/**
 * Said with a checkout that ended an earlier unfinished one holding the same gift card (docs/product/gift-cards.md
 * §19.3): the earlier one can no longer be paid, and the card's whole balance pays this one.
 */
export const EARLIER_CHECKOUT_ENDED =
  'Your earlier checkout with this gift card was not finished, so we ended it: the card’s full balance is used here.';

export const checkoutResponseSchema = z.union([
  z.object({
    ok: z.literal(true),
    url: z.string(),
    sessionId: z.string(),
    /** What the hosted checkout charges (cents): for a valid intra-EU business, the price less its VAT. */
    total: z.optional(z.number()),
    /** Why VAT was charged to a business buyer after all (VIES did not answer): the storefront shows it. */
    vatNotice: z.optional(z.string()),
    /** EARLIER_CHECKOUT_ENDED when this checkout ended an earlier one holding the same card. */
    giftCardNotice: z.optional(z.string()),
    /** Charges at the door (US duty; nothing more due in GB): docs/product/customs.md §21.4. */
    dutyNotice: z.optional(z.string()),
  }),
  /** Gift cards paid the whole order: it is paid at once, no hosted checkout. */
  z.object({
    ok: z.literal(true),
    paid: z.literal(true),
    reference: z.string(),
    vatNotice: z.optional(z.string()),
    giftCardNotice: z.optional(z.string()),
    /**
     * The paid order as the confirm answer gives it: the storefront goes to its confirmation page
     * (`/order-confirmation?paid={reference}`) with it, as after any payment.
     */
    order: z.optional(confirmResponseSchema),
  }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** 'SOL-' + characters 8 to 15 of the payment session id, upper-cased (docs/product/order-flow.md §6.3). */
export function orderReference(sessionId: string): string {
  return `SOL-${sessionId.slice(8, 16).toUpperCase()}`;
}
