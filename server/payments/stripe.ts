/**
 * Stripe Checkout through the official SDK. The only module that imports 'stripe': the rest of the server
 * speaks PaymentProvider. Prices come from the order the server priced, never from the browser.
 */

import type Stripe from 'stripe';
import { z } from 'zod';
import { lineNameWithSize } from '../../domain/catalogue/sizes';
import { BRAND, DEFAULT_SIZE, SHIPPING_ZONES } from '../../domain/config';
import { giftCardLabel } from '../../domain/gift-cards/gift-cards';
import { type DeliveryPromise, deliveryPromiseText } from '../../domain/making/dispatch';
import { dayNumber, type IsoDate, irishDate } from '../../domain/shared/calendar-date';
import { isCustomLineId } from '../../domain/shared/custom-line';
import { cents, formatEuro, PAYMENT_CURRENCY } from '../../domain/shared/money';
import type { StripeConfig } from '../config';
import { lazyModule } from '../lib/lazy-module';
import {
  type CheckoutSessionInput,
  type CreatedSession,
  GIFT_CARD_LINE_NAME,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderRefund,
  type ProviderSession,
  type ProviderWebhookEvent,
  WebhookSignatureError,
} from './provider';

/** The SDK, loaded when a Stripe provider is made (lib/lazy-module.ts): a shop without a key never needs it. */
const stripeSdk = lazyModule<typeof Stripe>('stripe');

/** Per attempt; STRIPE_TIMEOUT_MS overrides it (config.ts keeps it low enough). */
const REQUEST_TIMEOUT_MS = 6_000;
// One retry (same idempotency key): both attempts end before the browser's 15 s checkout timeout, so
// a slow Stripe gives the shopper the shop's clear 502 rather than a silent browser timeout.
const NETWORK_RETRIES = 1;

export const GIFT_WRAP_LINE_NAME = 'Gift wrap';

const addressSchema = z.object({
  line1: z.string().nullish(),
  line2: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  postal_code: z.string().nullish(),
  country: z.string().nullish(),
});

const shippingSchema = z.object({ name: z.string().nullish(), address: addressSchema.nullish() }).nullish();

/** The few fields we read from a Checkout Session; everything else is ignored. */
const sessionSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']).nullish(),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  metadata: z.record(z.string(), z.string()).nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  collected_information: z.object({ shipping_details: shippingSchema }).nullish(),
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
});

const refundSchema = z.object({ id: z.string(), amount: z.number().int() });

export function stripeClientOptions(
  apiUrl: string | null,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = {
    maxNetworkRetries: NETWORK_RETRIES,
    timeout: timeoutMs,
    telemetry: false,
    appInfo: { name: `${BRAND.name} shop` },
  };
  if (apiUrl) {
    const url = new URL(apiUrl);
    options.host = url.hostname;
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
    if (url.port) options.port = Number(url.port);
  }
  return options;
}

/** The one line of a session gift cards paid part of: the order's rest. */
export const GIFT_CARD_REST_LINE_NAME = 'Your order, after gift cards';

/** Whole days from today (Irish calendar) to a date, at least 1 (Stripe's minimum). */
function daysFromToday(date: IsoDate, now: Date): number {
  return Math.max(1, dayNumber(date) - dayNumber(irishDate(now)));
}

/**
 * The rest line's description when gift cards paid part (docs/product/gift-cards.md §19.3): "Order total
 * €39.95, less Gift card ••••7KQM €10.00", so Stripe's page shows the split as the shop's pages do.
 */
export function giftCardSplitText(input: CheckoutSessionInput): string {
  const paid = input.paidByGiftCards ?? 0;
  const parts = input.giftCardParts ?? [{ last4: '', amount: paid }];
  const less = parts
    .map((p) => `${p.last4 ? giftCardLabel(p.last4) : 'gift cards'} ${formatEuro(cents(p.amount))}`)
    .join(', ');
  return `Order total ${formatEuro(cents(input.total + paid))}, less ${less}`;
}

/** The Checkout Session parameters for a priced order (exported for tests and for reading). */
export function sessionParams(
  input: CheckoutSessionInput,
  now: Date = new Date(),
  /** The order's own coupon (couponParams), made just before; none without a discount. */
  couponId: string | null = null,
): Stripe.Checkout.SessionCreateParams {
  const zone = input.destination ?? SHIPPING_ZONES[input.zone];
  const byCards = (input.paidByGiftCards ?? 0) > 0;
  // Gift cards paid part (docs/product/gift-cards.md §19): Stripe charges one line, the rest, with free delivery
  // (a coupon cannot take from the shipping line, and amount_total must be exactly what the cards left).
  const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = byCards
    ? [
        {
          quantity: 1,
          price_data: {
            currency: PAYMENT_CURRENCY,
            unit_amount: input.total,
            // The split under the line: the order's total, less what each card paid.
            product_data: { name: GIFT_CARD_REST_LINE_NAME, description: giftCardSplitText(input) },
          },
        },
      ]
    : input.lines.map((line) => ({
        quantity: line.quantity,
        price_data: {
          currency: PAYMENT_CURRENCY,
          unit_amount: line.unitPrice,
          // "Burgundy Safari (Large)": the size is what the owner makes, so it is on every line.
          product_data: {
            name: lineNameWithSize(line),
            // A quote's custom line has no size (docs/product/quotes.md).
            metadata: {
              product_id: line.id,
              ...(isCustomLineId(line.id) ? {} : { size: line.size ?? DEFAULT_SIZE }),
            },
          },
        },
      }));
  for (const amount of byCards ? [] : (input.giftCards ?? [])) {
    lineItems.push({
      quantity: 1,
      price_data: {
        currency: PAYMENT_CURRENCY,
        unit_amount: amount,
        product_data: { name: GIFT_CARD_LINE_NAME },
      },
    });
  }
  if (input.giftWrap > 0 && !byCards) {
    lineItems.push({
      quantity: 1,
      price_data: {
        currency: PAYMENT_CURRENCY,
        unit_amount: input.giftWrap,
        product_data: { name: GIFT_WRAP_LINE_NAME },
      },
    });
  }
  return {
    mode: 'payment',
    customer_email: input.email,
    client_reference_id: input.orderId,
    line_items: lineItems,
    // Gift cards alone (no delivery promise): nothing is posted, so Stripe asks for no address, offers
    // no delivery and states no dispatch date (docs/product/gift-cards.md §19.3).
    ...(input.delivery ? shippingParams(input, input.delivery, zone, byCards, now) : {}),
    metadata: { order_id: input.orderId, zone: input.zone },
    ...(couponId && !byCards ? { discounts: [{ coupon: couponId }] } : {}),
    payment_intent_data: { metadata: { order_id: input.orderId } },
    ...(input.expiresAt ? { expires_at: Math.floor(input.expiresAt.getTime() / 1000) } : {}),
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    // Only when the shopper asked for the one cart reminder (docs/product/states.md §5.10a): Stripe then sends a
    // link back to this checkout with checkout.session.expired, and the reminder uses it.
    ...(input.recovery ? { after_expiration: { recovery: { enabled: true } } } : {}),
  };
}

/** The address Stripe collects, its one delivery option and the dispatch date under the pay button. */
function shippingParams(
  input: CheckoutSessionInput,
  delivery: DeliveryPromise,
  zone: { readonly label: string; readonly countries: readonly string[] },
  byCards: boolean,
  now: Date,
): Pick<
  Stripe.Checkout.SessionCreateParams,
  'shipping_address_collection' | 'shipping_options' | 'custom_text'
> {
  return {
    shipping_address_collection: {
      allowed_countries: [
        ...zone.countries,
      ] as Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry[],
    },
    shipping_options: [
      {
        shipping_rate_data: {
          type: 'fixed_amount',
          display_name: input.shipping === 0 ? `Free delivery (${zone.label})` : `Delivery (${zone.label})`,
          fixed_amount: { amount: byCards ? 0 : input.shipping, currency: PAYMENT_CURRENCY },
          // Calendar days from today to our own delivery dates: Stripe's business days know neither
          // Irish public holidays nor the production time, so it would print other dates than ours.
          delivery_estimate: {
            minimum: { unit: 'day', value: daysFromToday(delivery.earliest, now) },
            maximum: { unit: 'day', value: daysFromToday(delivery.latest, now) },
          },
        },
      },
    ],
    // The dispatch date in words, under the pay button, as the test checkout shows it.
    custom_text: { submit: { message: deliveryPromiseText(delivery) } },
  };
}

/**
 * The order's discount as a coupon of its own: the amount the shop computed (rounded in the shopper's
 * favour, off the items only), so the session's amount_total is exactly the order's total. Used once.
 */
export function couponParams(input: CheckoutSessionInput): Stripe.CouponCreateParams | null {
  // With gift cards the one line is already what is left after the discount.
  if (!input.discount || input.discount.amount <= 0 || (input.paidByGiftCards ?? 0) > 0) return null;
  return {
    amount_off: input.discount.amount,
    currency: PAYMENT_CURRENCY,
    duration: 'once',
    max_redemptions: 1,
    // Shown on Stripe's page as the discount line's name (at most 40 characters).
    name: input.discount.label.slice(0, 40),
    metadata: { order_id: input.orderId, code: input.discount.code ?? '' },
  };
}

function isRetryable(err: unknown): boolean {
  const { errors } = stripeSdk();
  return (
    err instanceof errors.StripeConnectionError ||
    err instanceof errors.StripeAPIError ||
    err instanceof errors.StripeRateLimitError
  );
}

function toProviderError(action: string, err: unknown): PaymentProviderError {
  const detail = err instanceof Error ? err.message : String(err);
  const kind = isRetryable(err) ? 'unavailable' : 'refused the request';
  return new PaymentProviderError(`Stripe ${kind} while trying to ${action}: ${detail}`, { cause: err });
}

/** At most this many paid sessions are listed for one reconcile pass (the rest are checked one by one). */
const MAX_LISTED_PAID_SESSIONS = 1_000;

export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const client = new (stripeSdk())(config.secretKey, stripeClientOptions(config.apiUrl, config.timeoutMs));
  const { webhookSecret } = config;
  return {
    id: 'stripe',
    label: 'Stripe',
    parseWebhook: webhookSecret
      ? (rawBody: Buffer, signature: string) => parseWebhook(client, webhookSecret, rawBody, signature)
      : null,
    async createSession(input: CheckoutSessionInput): Promise<CreatedSession> {
      let session: Stripe.Checkout.Session;
      let couponId: string | null = null;
      const coupon = couponParams(input);
      if (coupon) {
        try {
          couponId = (
            await client.coupons.create(coupon, { idempotencyKey: `checkout-coupon-${input.orderId}` })
          ).id;
        } catch (err) {
          throw toProviderError('create the discount coupon', err);
        }
      }
      try {
        // One key per order: SDK retries and a repeated call for the same order can never open a second
        // session (Stripe returns the first one).
        session = await client.checkout.sessions.create(sessionParams(input, new Date(), couponId), {
          idempotencyKey: `checkout-session-${input.orderId}`,
        });
      } catch (err) {
        throw toProviderError('create a checkout session', err);
      }
      if (!session.url) throw new PaymentProviderError('Stripe created a checkout session without a URL');
      return { id: session.id, url: session.url };
    },
    async retrieveSession(sessionId: string): Promise<ProviderSession | null> {
      let raw: unknown;
      try {
        raw = await client.checkout.sessions.retrieve(sessionId);
      } catch (err) {
        if (err instanceof stripeSdk().errors.StripeInvalidRequestError && err.statusCode === 404)
          return null;
        throw toProviderError('retrieve a checkout session', err);
      }
      const parsed = sessionSchema.safeParse(raw);
      if (!parsed.success) {
        throw new PaymentProviderError(
          `Stripe returned an unexpected checkout session: ${parsed.error.message}`,
        );
      }
      const s = parsed.data;
      const ship = s.collected_information?.shipping_details;
      const address = ship?.address;
      return {
        id: s.id,
        status: s.status ?? 'open',
        paymentStatus: s.payment_status,
        orderId: s.metadata?.order_id ?? null,
        amountTotal: s.amount_total ?? null,
        currency: s.currency ?? null,
        paymentId: typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null),
        shipping:
          ship && address?.line1 && address.country
            ? {
                name: ship.name ?? '',
                address: {
                  line1: address.line1,
                  line2: address.line2 || null,
                  city: address.city ?? '',
                  state: address.state || null,
                  postalCode: address.postal_code || null,
                  country: address.country,
                },
              }
            : null,
      };
    },
    async paidSessionsSince(since: Date): Promise<ReadonlySet<string>> {
      const paid = new Set<string>();
      try {
        // Completed sessions only, newest first, page by page (the SDK follows `has_more`); a day of a
        // small shop's checkouts is a page or two, and the bound keeps a pass's calls few whatever comes.
        const list = client.checkout.sessions.list({
          status: 'complete',
          created: { gte: Math.floor(since.getTime() / 1000) },
          limit: 100,
        });
        for await (const session of list) {
          if (session.payment_status === 'paid') paid.add(session.id);
          if (paid.size >= MAX_LISTED_PAID_SESSIONS) break;
        }
      } catch (err) {
        throw toProviderError('list paid checkout sessions', err);
      }
      return paid;
    },
    async expireSession(sessionId: string): Promise<void> {
      try {
        await client.checkout.sessions.expire(sessionId);
      } catch (err) {
        throw toProviderError('expire a checkout session', err);
      }
    },
    async refund(input): Promise<ProviderRefund> {
      let raw: unknown;
      try {
        raw = await client.refunds.create(
          { payment_intent: input.paymentId, amount: input.amount, metadata: { order_id: input.orderId } },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (err) {
        throw toProviderError('refund a payment', err);
      }
      const parsed = refundSchema.safeParse(raw);
      if (!parsed.success) throw new PaymentProviderError('Stripe returned an unexpected refund');
      return parsed.data;
    },
  };
}

const webhookEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({ object: z.unknown() }),
});

const webhookSessionSchema = z.object({
  id: z.string(),
  object: z.literal('checkout.session'),
  // checkout.session.expired of a session made with after_expiration.recovery: the link back to it.
  after_expiration: z
    .object({ recovery: z.object({ url: z.string().url().nullish() }).nullish() })
    .nullish()
    .catch(null),
  // A session made from an expired one's recovery link: the expired session, and our order id.
  recovered_from: z.string().nullish().catch(null),
  metadata: z.record(z.string(), z.string()).nullish().catch(null),
});

const expandable = z.union([z.string(), z.object({ id: z.string() })]);

function idOf(value: z.infer<typeof expandable>): string {
  return typeof value === 'string' ? value : value.id;
}

/** The few fields of a Charge the desk reads (charge.refunded); refunds.data when the API includes it. */
const webhookChargeSchema = z.object({
  object: z.literal('charge'),
  payment_intent: expandable.nullish(),
  amount_refunded: z.number().int(),
  refunds: z.object({ data: z.array(refundSchema) }).nullish(),
});

/** The few fields of a Dispute the desk reads (charge.dispute.created). */
const webhookDisputeSchema = z.object({
  object: z.literal('dispute'),
  id: z.string(),
  payment_intent: expandable.nullish(),
  amount: z.number().int(),
  reason: z.string().nullish(),
  evidence_details: z.object({ due_by: z.number().int().nullish() }).nullish(),
});

/**
 * Verifies a webhook's signature against the raw body (throws WebhookSignatureError otherwise) and reduces
 * the event to what the shop acts on.
 */
function parseWebhook(
  client: Stripe,
  secret: string,
  rawBody: Buffer,
  signature: string,
): ProviderWebhookEvent {
  let event: Stripe.Event;
  try {
    event = client.webhooks.constructEvent(rawBody, signature, secret);
  } catch (err) {
    throw new WebhookSignatureError(err instanceof Error ? err.message : 'Invalid signature');
  }
  // Signed does not mean well-formed: a signed `42` or `{}` must be refused, not crash the handler.
  const envelope = webhookEventSchema.safeParse(event);
  if (!envelope.success) throw new WebhookSignatureError('The signed payload is not a Stripe event');
  const object = webhookSessionSchema.safeParse(envelope.data.data.object);
  const base = {
    id: envelope.data.id,
    type: envelope.data.type,
    sessionId: object.success ? object.data.id : null,
  };
  if (object.success) {
    const { recovered_from: from, metadata } = object.data;
    const url = object.data.after_expiration?.recovery?.url;
    // Only an https link of Stripe's goes into an e-mail.
    const recoveryUrl =
      envelope.data.type === 'checkout.session.expired' &&
      url &&
      /^https:\/\/([a-z0-9-]+\.)*stripe\.com\//i.test(url)
        ? url
        : null;
    return {
      ...base,
      ...(recoveryUrl ? { recoveryUrl } : {}),
      ...(from ? { recovered: { fromSessionId: from, orderId: metadata?.order_id ?? null } } : {}),
    };
  }
  if (envelope.data.type === 'charge.refunded') {
    const charge = webhookChargeSchema.safeParse(envelope.data.data.object);
    if (charge.success && charge.data.payment_intent) {
      return {
        ...base,
        charge: {
          paymentId: idOf(charge.data.payment_intent),
          amountRefunded: charge.data.amount_refunded,
          refunds: (charge.data.refunds?.data ?? []).map((r) => ({ id: r.id, amount: r.amount })),
        },
      };
    }
  }
  if (envelope.data.type === 'charge.dispute.created') {
    const dispute = webhookDisputeSchema.safeParse(envelope.data.data.object);
    if (dispute.success && dispute.data.payment_intent) {
      const due = dispute.data.evidence_details?.due_by;
      return {
        ...base,
        dispute: {
          id: dispute.data.id,
          paymentId: idOf(dispute.data.payment_intent),
          amount: dispute.data.amount,
          reason: dispute.data.reason ?? 'unknown',
          respondBy: typeof due === 'number' ? new Date(due * 1000).toISOString() : null,
        },
      };
    }
  }
  return base;
}
