/**
 * The payment provider seen by the rest of the server: create a hosted checkout session for a priced
 * order, ask what became of it, expire it. Two implementations: Stripe Checkout (./stripe.ts, the only
 * module that imports the SDK) and the built-in test checkout (./test-checkout.ts).
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { PricedLine } from '../../domain/cart/pricing';
import type { ZoneId } from '../../domain/config';
import type { DeliveryPromise } from '../../domain/making/dispatch';
import type { Cents } from '../../domain/shared/money';
import type { Database } from '../db/schema';

export type ProviderId = 'stripe' | 'test-checkout';

/** A gift card the order buys, a line of its own on the hosted checkout's page. */
export const GIFT_CARD_LINE_NAME = 'Solas gift card';

export interface CheckoutSessionInput {
  readonly orderId: string;
  readonly email: string;
  readonly zone: ZoneId;
  /**
   * The zone as the owner set it (its name, the countries an address may be in); absent: the first
   * start's zone of domain/config.ts.
   */
  readonly destination?: { readonly label: string; readonly countries: readonly string[] };
  readonly lines: readonly PricedLine[];
  readonly shipping: Cents;
  readonly giftWrap: Cents;
  readonly total: Cents;
  /**
   * What gift cards paid of the order (docs/product/gift-cards.md §19), already out of `total`: the session charges
   * only the rest. Absent: nothing.
   */
  readonly paidByGiftCards?: Cents;
  /**
   * When the hosted checkout ends unpaid: a checkout that holds gift cards lives an hour, so a card's money
   * is never held longer (docs/product/gift-cards.md §19.3). Absent: the provider's default (24 hours).
   */
  readonly expiresAt?: Date;
  /** That part card by card (last 4 only), for the page to show the split; absent: one line for them all. */
  readonly giftCardParts?: readonly { readonly last4: string; readonly amount: Cents }[];
  /** Gift cards the order buys (docs/product/gift-cards.md §19): a line each, in `total`. Absent: none. */
  readonly giftCards?: readonly Cents[];
  /** Cents off the items, already in `total`, and the line's label (`Discount (XMAS15)`, `Early bird`). */
  readonly discount?: { readonly amount: Cents; readonly label: string; readonly code: string | null };
  /**
   * The dispatch date and delivery window for an order paid now (the order stores its own at payment;
   * a session lives 30 minutes at most, so the hosted page shows the same dates in practice). Null: an
   * order of gift cards alone, nothing to post (docs/product/gift-cards.md §19.3): the page collects no
   * address, offers no delivery and promises no dispatch.
   */
  readonly delivery: DeliveryPromise | null;
  /**
   * The name and address the owner took by phone (an order made in the desk, docs/product/orders.md §10.17):
   * the test checkout fills its form with them; the customer may still change them.
   */
  readonly prefill?: ShippingDetails;
  /** Contains the literal `{CHECKOUT_SESSION_ID}`, replaced by the provider as Stripe does. */
  readonly successUrl: string;
  readonly cancelUrl: string;
  /**
   * The shopper asked for the one cart reminder (docs/product/states.md §5.10a): Stripe keeps a link back to
   * the checkout once it expires (`after_expiration.recovery`), sent with checkout.session.expired.
   */
  readonly recovery?: boolean;
}

export interface CreatedSession {
  readonly id: string;
  readonly url: string;
}

/**
 * A session of a provider that keeps its sessions in the shop's own database (the test checkout), made
 * but not yet stored: the order service stores it in the same transaction as its order and lines, so a
 * failure anywhere leaves neither an order without its session nor a session without its order, and a
 * checkout commits once.
 */
export interface LocalSession extends CreatedSession {
  /**
   * The plain inserts that store the session (preparedInsert's compile, in `db`'s dialect), run by the
   * order store with its order's inserts, all or none (executeAtomically).
   */
  inserts(db: Kysely<Database>): readonly CompiledQuery[];
}

export interface ShippingAddress {
  readonly line1: string;
  readonly line2: string | null;
  readonly city: string;
  readonly state: string | null;
  readonly postalCode: string | null;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
}

export interface ShippingDetails {
  readonly name: string;
  readonly address: ShippingAddress;
}

/** What the provider says about a session; the provider's word, never the browser's. */
export interface ProviderSession {
  readonly id: string;
  readonly status: 'open' | 'complete' | 'expired';
  readonly paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  /** Our order id as stored in the session's metadata. */
  readonly orderId: string | null;
  readonly amountTotal: number | null;
  readonly currency: string | null;
  readonly shipping: ShippingDetails | null;
  /** The payment the session took (Stripe: its payment intent), refunds go against it; null until paid. */
  readonly paymentId?: string | null;
}

export interface RefundInput {
  readonly orderId: string;
  readonly paymentId: string;
  /** Cents, at least 1. */
  readonly amount: number;
  /** The same key for a repeated request: the provider makes the refund once and answers it again. */
  readonly idempotencyKey: string;
}

export interface ProviderRefund {
  /** The provider's refund id (Stripe: re_...); the same for a repeated idempotency key. */
  readonly id: string;
  readonly amount: number;
}

export interface PaymentProvider {
  readonly id: ProviderId;
  /** Shown to shoppers while redirecting ('Stripe' or 'secure checkout'). */
  readonly label: string;
  createSession(input: CheckoutSessionInput): Promise<CreatedSession>;
  /**
   * Only a provider whose sessions live in the shop's own database: the session for `input`, stored by
   * the caller together with its order (`LocalSession.inserts`). A remote provider (Stripe) has none: its
   * order is stored first, before the provider hears of it, and the session id attached afterwards.
   */
  prepareLocalSession?(input: CheckoutSessionInput): LocalSession;
  /** Null when the provider does not know the session. */
  retrieveSession(sessionId: string): Promise<ProviderSession | null>;
  /**
   * The ids of the sessions created since `since` that the provider took the money for, in one or a few
   * calls: the reconcile pass confirms these orders before it checks the rest one by one.
   */
  paidSessionsSince(since: Date): Promise<ReadonlySet<string>>;
  expireSession(sessionId: string): Promise<void>;
  /** Refunds part or all of a payment (docs/product/orders.md §10.5). Throws PaymentProviderError when refused. */
  refund(input: RefundInput): Promise<ProviderRefund>;
  /**
   * Verifies and reads a webhook delivery (raw body + signature header); null when this provider has no
   * webhooks or no signing secret is configured.
   */
  readonly parseWebhook: ((rawBody: Buffer, signature: string) => ProviderWebhookEvent) | null;
}

export interface ProviderWebhookEvent {
  readonly id: string;
  readonly type: string;
  /** The Checkout Session the event is about, when it is about one. */
  readonly sessionId: string | null;
  /** checkout.session.expired of a session made with recovery: Stripe's link back to it, when given. */
  readonly recoveryUrl?: string | null;
  /**
   * A session Stripe made from an expired one's recovery link (docs/product/states.md §5.10a): the expired
   * session it copies, and the order id it carries (its metadata). The shop's order follows it.
   */
  readonly recovered?: { readonly fromSessionId: string; readonly orderId: string | null };
  /** charge.refunded: the charge's payment and every refund on it so far. */
  readonly charge?: {
    readonly paymentId: string;
    readonly amountRefunded: number;
    readonly refunds: readonly ProviderRefund[];
  };
  /** charge.dispute.created: the chargeback. */
  readonly dispute?: {
    readonly id: string;
    readonly paymentId: string;
    readonly amount: number;
    readonly reason: string;
    /** ISO instant by which evidence must reach the provider, or null. */
    readonly respondBy: string | null;
  };
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** The provider could not be reached or failed; the caller may retry. Never a shopper's mistake. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}

/** The placeholder Stripe replaces with the session id in success URLs. */
export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** Stripe-shaped session ids: 'cs_test_' / 'cs_live_' then letters and digits. */
export const SESSION_ID_PATTERN = /^cs_(test|live)_[A-Za-z0-9]{8,200}$/;
