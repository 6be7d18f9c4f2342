/**
 * The body of POST /api/checkout (docs/product/states.md §5.8): a module of its own, so the pages that
 * only read the checkout's answers (domain/checkout/checkout.ts) do not carry it.
 */
import * as z from 'zod/mini';
import { LIMITS } from '../config';
import { giftCardCodesSchema, giftCardFromSchema, giftCardLinesSchema } from '../gift-cards/gift-card-api';
import { singleLine } from '../shared/input-text-checks';
import {
  CHECKOUT_ERRORS,
  CHECKOUT_VAT_ERRORS,
  checkoutItemSchema,
  checkoutZoneSchema,
  discountCodeFieldSchema,
} from './checkout';
import { checkoutShippingSchema } from './checkout-shipping';
import { GIFT_MESSAGE_ERRORS } from './gift-message';

export const checkoutRequestSchema = z.strictObject({
  email: z.string().check(z.maxLength(1000)),
  /** May be empty when the checkout buys gift cards only (parseCheckoutRequest refuses both empty). */
  items: z
    .array(checkoutItemSchema)
    .check(z.maxLength(LIMITS.maxCartLines, { error: CHECKOUT_ERRORS.tooManyLines })),
  /**
   * Gift cards bought (docs/product/gift-cards.md §19): each a line of its own kind, no size, no shipping, no making;
   * a bad one is a 400 naming `giftCards[i].field`. The send date's range is the server's check.
   */
  giftCards: z.optional(giftCardLinesSchema),
  /**
   * Who the cards are from: the buyer's name, needed for an order of gift cards alone (parseCheckoutRequest
   * refuses it missing); with bracelets the delivery address's name says it.
   */
  giftCardsFrom: z.optional(giftCardFromSchema),
  giftWrap: z.optional(z.boolean()),
  zone: checkoutZoneSchema,
  /**
   * Plain text, checked by checkGiftMessage (length in characters, line breaks only, gift wrap needed);
   * the bound here only keeps an absurd body from being scanned.
   */
  giftMessage: z.optional(z.string().check(z.maxLength(4000, { error: GIFT_MESSAGE_ERRORS.tooLong }))),
  /** One discount code (domain/offers/discounts.ts), checked by the server; the bound only limits the body. */
  discountCode: discountCodeFieldSchema,
  /**
   * The shopper ticked "E-mail me once if I don't finish my order" (docs/product/states.md §5.10a): their consent
   * to that one reminder, given before it is sent. Absent: false, no reminder.
   */
  remindMe: z.optional(z.boolean({ error: 'remindMe must be true or false' })),
  /**
   * Gift card codes that pay part or all of the order (docs/product/gift-cards.md §19), with or without dashes, any
   * case; a bad one is a 400 naming `giftCardCodes[i]`. The cards pay what is left after discounts.
   */
  giftCardCodes: z.optional(giftCardCodesSchema),
  /**
   * The country the order goes to (ISO 3166 alpha-2, XI for Northern Ireland), one of the zone's: the VAT
   * inside the prices follows it (docs/product/vat.md §20) and the hosted checkout accepts an address there
   * only. Absent: the zone's only country (Ireland); a zone of several countries with VAT that depends on
   * the country asks for it.
   */
  country: z.optional(z.string().check(z.regex(/^[A-Z]{2}$/, { error: CHECKOUT_VAT_ERRORS.country }))),
  /** "I'm buying for a business": the company's name and EU VAT number, checked against VIES. */
  business: z.optional(
    z.strictObject({
      name: z.string().check(
        z.trim(),
        z.minLength(1, { error: CHECKOUT_VAT_ERRORS.businessName }),
        z.maxLength(200, { error: CHECKOUT_VAT_ERRORS.businessName }),
        // It is printed on the invoice, kept six years: no control character, no bidi override that
        // would make it read other than it is (docs/product/numbers.md §4.5).
        singleLine(),
      ),
      vatNumber: z.string().check(z.maxLength(40, { error: CHECKOUT_VAT_ERRORS.vatNumber })),
    }),
  ),
  /**
   * The delivery address, needed only when the gift cards pay the whole order and it holds bracelets (no
   * hosted checkout collects it then: docs/product/gift-cards.md §19.3); a bad field is a 400 naming it.
   */
  shipping: z.optional(checkoutShippingSchema),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;
