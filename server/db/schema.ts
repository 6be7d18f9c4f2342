/**
 * Table types for Kysely. They mirror the migrations in ./migrations.ts (Kysely's own migration tables
 * are not listed); a column added there is added here too. Money columns are integer cents; `*_at`
 * columns are ISO-8601 UTC text for people reading the database, `*_ms` columns are epoch milliseconds
 * for the outbox's scheduling arithmetic.
 */
import type { Generated, Insertable, Selectable } from 'kysely';
import type { ProductStatus } from '../../domain/catalogue/snapshot';
import type { SizeCode } from '../../domain/config';
import type { EnquiryKind, EnquiryStatus } from '../../domain/enquiries/enquiry-texts';
import type { GiftCardLedgerKind } from '../../domain/gift-cards/gift-cards';
import type { FulfilmentStatus, TimelineKind } from '../../domain/orders/admin-api';
import type { OrderChannel, OrderPaymentMethod } from '../../domain/orders/manual-order';
import type { ReviewStatus } from '../../domain/reviews/reviews';

export type StoredOrderStatus = 'pending' | 'paid' | 'failed' | 'expired';

export interface OrdersTable {
  id: string;
  provider: string;
  /** Null until the payment provider has created the hosted session. */
  session_id: string | null;
  /** What the shopper and the owner call the order (see orderReference); set with session_id. */
  reference: string | null;
  status: StoredOrderStatus;
  email: string;
  zone: string;
  currency: string;
  subtotal: number;
  shipping: number;
  gift_wrap: number;
  total: number;
  item_count: number;
  shipping_name: string | null;
  /** JSON of ShippingAddress (see payments/provider.ts). */
  shipping_address: string | null;
  /** Why an order never reached the shopper's checkout or why its payment failed. */
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** When the reconcile pass last asked the provider about this pending order (see checkout/reconcile.ts). */
  checked_at: string | null;
  /** The order's place in the desk's flow (FulfilmentStatus in domain/orders/admin-api.ts); `status` stays the payment's. */
  desk_status: FulfilmentStatus;
  /** Cents refunded so far, by the desk or in the provider's dashboard. */
  refunded: Generated<number>;
  /** The provider's payment (Stripe: the payment intent; the test checkout: its session). */
  payment_id: string | null;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  dispatched_at: string | null;
  delivered_at: string | null;
  /** Why the shop could not settle the order by itself (a mismatched amount, an unknown session). */
  review_reason: string | null;
  cancel_reason: string | null;
  dispute_reason: string | null;
  dispute_amount: number | null;
  dispute_respond_by: string | null;
  /** When a desk refund was handed to the provider; null when none is in flight. */
  refund_claimed_ms: number | null;
  /** The shopper's gift message (plain text, only with gift wrap); null without one. */
  gift_message: string | null;
  /** The dispatch date computed at payment ('YYYY-MM-DD', Irish calendar); null until paid. */
  dispatch_date: string | null;
  /** Cents off the items (a code's or the early-bird tier's); 0 for none. */
  discount: Generated<number>;
  /** The discount code applied (upper case); null without one or when the tier won. */
  discount_code: string | null;
  /** The quote this order pays (server/quotes); null for a cart's order. */
  quote_reference: Generated<string | null>;
  /** The enquiry the quote answered; null without one. */
  enquiry_id: Generated<string | null>;
  /** 'web', 'quote' or 'manual' (domain/orders/manual-order.ts ORDER_CHANNELS); 'web' by default. */
  channel: Generated<OrderChannel>;
  /** How a manual order marked paid was paid (PAYMENT_METHODS); null for every other order. */
  payment_method: Generated<OrderPaymentMethod | null>;
  /** Cents of gift cards the order bought, in its total: no revenue, no VAT (docs/product/gift-cards.md §19.2). */
  gift_cards_sold: Generated<number>;
  /** The desk's Idempotency-Key of the submission that made a manual order (unique); null otherwise. */
  request_key: Generated<string | null>;
  /** A manual order's payment link (its hosted checkout), answered again to a repeated submission. */
  checkout_url: Generated<string | null>;
  /** The VAT rate the order was charged with, basis points (23% = 2300); null for orders stored before. */
  vat_rate_bp: Generated<number | null>;
  /** The seller's VAT number when the order was made (null: none); see vat_rate_bp for older orders. */
  vat_number: Generated<string | null>;
  /**
   * The VAT the payment settled (cents, docs/product/vat.md §20), vat_rate_bp then the rate it was charged
   * at; null: an order the VAT rules did not price, read with its flat vat_rate_bp.
   */
  vat_total: Generated<number | null>;
  /** The VAT a valid intra-EU business was not charged (cents, inside `discount`): the reverse charge. */
  vat_not_charged: Generated<number>;
}

export interface OrderLinesTable {
  order_id: string;
  position: number;
  product_id: string;
  /** The product's name, without the size (pages and e-mails add it, see nameWithSize). */
  name: string;
  /**
   * 'S' | 'M' | 'L'; 'M' for lines stored before sizes. A quote's custom line (product id `custom:…`)
   * stores 'M' and has no size: every reader shows and answers none (domain/catalogue/sizes.ts lineSize).
   */
  size: Generated<SizeCode>;
  unit_price: number;
  quantity: number;
  line_total: number;
  /**
   * The base URL of the product's main picture as sold (ProductImage.base, e.g. '/img/product-1-1');
   * null for a line of a product the catalogue did not know when this column was added.
   */
  image: string | null;
  /** The owner's reason for the line's own price (a manual order, docs/product/orders.md §10.17); null otherwise. */
  price_reason: Generated<string | null>;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface OutboxTable {
  id: Generated<number>;
  /** Null for newsletter e-mail, which belongs to no order. */
  order_id: string | null;
  /** The order's reference, copied when queued (file names and log lines of the sender). */
  reference: string;
  kind: string;
  /** Fixed when queued, so a resend after a crash carries the same Message-ID (receivers de-duplicate). */
  message_id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_ms: number;
  /** A sender holds a message until this time; another process must not take it before. */
  locked_until_ms: number | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Newsletter e-mail only: the one-click unsubscribe URL for the List-Unsubscribe headers. */
  list_unsubscribe: string | null;
  /** The Reply-To address (a checked one), when a reply goes to someone else than the shop; else null. */
  reply_to: string | null;
}

/** An address waiting to hear that the shop is back (server/settings/back-in-touch-store.ts). */
export interface BackInTouchTable {
  id: Generated<number>;
  email: string;
  /** Lower-cased e-mail: one row per address. */
  email_key: string;
  /** The SHA-256 (hex) of the confirmation link's secret: the secret itself is only in the e-mail. */
  token: string;
  status: 'pending' | 'confirmed';
  created_at: string;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
}

export interface NewsletterSignupsTable {
  id: Generated<number>;
  email: string;
  /** Lower-cased e-mail: the de-duplication key. */
  email_key: string;
  source: string;
  created_at: string;
  /** Subscribed only once the confirmation link was followed (double opt-in). */
  status: NewsletterStatus;
  /**
   * The SHA-256 (hex) of the first secret of this address's confirmation and unsubscribe links (the
   * secret is only in its e-mail; later e-mails' keys are in newsletter_keys).
   */
  token: string;
  /** The last confirmation e-mail queued: at most one an hour. */
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
}

/** The shopper's notice of withdrawal (the EU model withdrawal form, sent from the order page). */
export interface WithdrawalNoticesTable {
  order_id: string;
  /** The shopper's name as they signed the notice. */
  name: string;
  /** JSON of WithdrawnItem[] (domain/orders/order-page.ts). */
  items: string;
  reason: string | null;
  created_at: string;
}

export type NewsletterStatus = 'pending' | 'confirmed';

/** Sessions of the built-in test checkout: what Stripe would hold on its side. */
export interface TestCheckoutSessionsTable {
  id: string;
  order_id: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  customer_email: string;
  zone: string;
  currency: string;
  amount_total: number;
  /** JSON: the order summary shown on the page (lines, shipping, gift wrap). */
  summary: string;
  success_url: string;
  cancel_url: string;
  shipping_name: string | null;
  shipping_address: string | null;
  /** Declined attempts, for the owner's curiosity and for tests. */
  declines: number;
  created_at: string;
  expires_at_ms: number;
  completed_at: string | null;
}

/** Shared rate-limit counts (migration 0006): one row per limit and client while its window runs. */
export interface RateLimitsTable {
  /** sha256 of `limit:client` (never the client's address itself). */
  key: string;
  hits: number;
  window_ends_ms: number;
}

export interface AdminSessionsTable {
  /** SHA-256 (hex) of the cookie's secret. */
  id_hash: string;
  created_ms: number;
  last_used_ms: number;
  /** The address that signed in (the audit rows carry each action's own). */
  address: string;
  /** Null: the shop's token signed in before anybody existed. */
  person_id: string | null;
  /** "Chrome on Android" (bowser), for the person's list of devices. */
  device: string | null;
  /** 1: signed in with a recovery code or a setup link; the desk asks for a passkey first. */
  needs_passkey: Generated<number>;
}

export interface AdminAuditTable {
  id: Generated<number>;
  at: string;
  /** The first 12 characters of the session's hash, or 'token' for a Bearer script. */
  session: string;
  action: string;
  /** The order's reference, when the action is about one. */
  target: string | null;
  detail: string | null;
  address: string;
  /** The person's name, or "API token" (null: before people existed). */
  actor_name: string | null;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: string;
  at: string;
  kind: TimelineKind;
  actor: 'owner' | 'shop' | 'provider';
  text: string;
  amount: number | null;
  dedupe_key: string | null;
  /** The person who did it (the owner's or a maker's step), or "API token". */
  actor_name: Generated<string | null>;
}

/** A return of a delivered order (docs/product/orders.md §10.18; server/returns/return-store.ts). */
export interface OrderReturnsTable {
  id: Generated<number>;
  order_id: string;
  status: 'requested' | 'received' | 'refunded' | 'closed';
  /** JSON of ReturnLine[] (domain/orders/return-info.ts): the lines and quantities as sold. */
  lines: string;
  reason: string;
  override_note: string | null;
  close_reason: string | null;
  /** Cents refunded for this return. */
  refunded: Generated<number>;
  /** 1 when the order's shipping was part of its refund. */
  shipping_refunded: Generated<number>;
  source: 'owner' | 'withdrawal';
  /** The desk submission's Idempotency-Key that opened it (unique per order). */
  request_key: string | null;
  created_at: string;
  received_at: string | null;
  /** When it was refunded or closed. */
  ended_at: string | null;
  updated_at: string;
}

export interface OrderNotesTable {
  id: Generated<number>;
  order_id: string;
  at: string;
  text: string;
  /** Who wrote it: the person's name, or "API token". */
  actor_name: Generated<string | null>;
}

/** One desk submission's Idempotency-Key, scoped to its action and order. */
export interface DeskRequestsTable {
  key: string;
  at: string;
}

/** One rendition of an owner's photo (server/media/media-store.ts). */
export interface MediaTable {
  /** The photo's content address: 32 hex digits of a SHA-256. */
  id: string;
  width: number;
  format: 'avif' | 'webp';
  data: Uint8Array;
  created_at: string;
  unreferenced_since: string | null;
}

/** One owner setting (server/settings/settings-store.ts): its name and JSON value. */
export interface SettingsTable {
  name: string;
  value: string;
  updated_at: string;
}

/** One gapless numbering per kind and year (server/vat/vat-store.ts): the last number given. */
export interface VatSequencesTable {
  kind: 'invoice' | 'credit_note' | 'threshold_notice';
  year: number;
  last: number;
}

/** An invoice issued at payment (server/vat/vat-store.ts); JSON: its lines, seller and buyer snapshots. */
export interface VatInvoicesTable {
  number: string;
  order_reference: string;
  issued_at: string;
  country: string;
  scheme: string;
  total_net: number;
  total_vat: number;
  lines: string;
  seller: string;
  buyer: string;
  buyer_vat_number: string | null;
  vies_consultation: string | null;
  erased_at: string | null;
}

/** An order's VAT as its checkout priced it (server/vat/order-vat-store.ts); `lines`: JSON. */
export interface OrderVatTable {
  order_id: string;
  country: string;
  scheme: string;
  total_net: number;
  total_vat: number;
  lines: string;
  business_name: string | null;
  business_vat_number: string | null;
  vies_consultation: string | null;
  /** 1: VIES did not answer for a business buyer; VAT charged, to refund once it confirms. */
  vat_to_refund: Generated<number>;
}

/** A credit note issued at a refund, naming the invoice it corrects (server/vat/vat-store.ts). */
export interface VatCreditNotesTable {
  number: string;
  invoice_number: string;
  order_reference: string;
  refund_id: string;
  issued_at: string;
  total_net: number;
  total_vat: number;
  lines: string;
}

/** A buyer's review of one product of one order (server/reviews/review-store.ts). */
export interface ReviewsTable {
  id: string;
  /** Null once the reviewer's data was erased. */
  order_id: string | null;
  /** The order's reference (the desk's list); null once erased. */
  reference: string | null;
  product_id: string;
  line_position: number;
  size: string | null;
  rating: number;
  title: string | null;
  text: string;
  /** Null once erased. */
  display_name: string | null;
  status: ReviewStatus;
  /** The owner's private reason (hiding). */
  reason: string | null;
  /** The shop's public reply. */
  reply: string | null;
  /** 1: quoted on the home page. */
  featured: Generated<number>;
  /** 'YYYY-MM' of the payment. */
  purchased_month: string;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

/** The review request e-mail of an order: one row, so one e-mail. */
export interface ReviewRequestsTable {
  order_id: string;
  queued_at: string;
  /** The "no more review requests" link's secret; null once erased. */
  token: string | null;
  /** sha256 of the recipient's lower-cased address; null once erased. */
  email_hash: string | null;
}

/** Addresses (hashed) that asked for no more review requests. */
export interface ReviewOptOutsTable {
  email_hash: string;
  created_at: string;
}

export interface ReviewsVersionTable {
  id: number;
  version: number;
}

/** The catalogue (migration 0011, server/catalogue/catalogue-store.ts). */
export interface CatalogueProductsTable {
  id: number;
  handle: string;
  name: string;
  /** Cents. */
  price: number;
  category: string;
  /** JSON string[]. */
  materials: string;
  description: string;
  full_description: string;
  /** JSON SizeCode[]. */
  sizes: string;
  status: ProductStatus;
  note: string;
  position: number;
  /** JSON string[] (#rrggbb): the drawn pictures' bead colours. */
  palette: string;
  created_at: string;
  updated_at: string;
  /** The product's GTIN for the shopping feeds; null: none. */
  gtin: string | null;
  /** Its colour in words for the feeds; '': none. */
  colour: string;
  /** 1: kept out of the product feeds. */
  exclude_from_feeds: number;
}

export interface CatalogueImagesTable {
  product_id: number;
  id: string;
  position: number;
  base: string;
  /** JSON number[]. */
  widths: string;
  width: number;
  height: number;
  alt: string;
  placeholder: string | null;
}

export interface CatalogueFormerHandlesTable {
  handle: string;
  product_id: number;
}

export interface CatalogueStateTable {
  id: number;
  version: number;
  next_product_id: number;
}

export interface CatalogueChangesTable {
  id: Generated<number>;
  product_id: number;
  at: string;
  session: string;
  action: string;
  /** JSON Record<field, { before, after }>. */
  changes: string;
}

/** A discount code the owner made in the desk (server/offers/discount-store.ts). */
export interface DiscountCodesTable {
  code: string;
  percent_off: number | null;
  amount_off: number | null;
  min_subtotal: Generated<number>;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  once_per_email: Generated<number>;
  active: Generated<number>;
  reservations: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type ReservationState = 'reserved' | 'used' | 'released';

/** One use of a code held by one checkout (docs/decisions/0016-discount-reservations.md). */
export interface DiscountReservationsTable {
  order_id: string;
  code: string;
  session_id: string | null;
  email_hash: string;
  state: ReservationState;
  expires_at: string;
  created_at: string;
  updated_at: string;
}

/** A corporate or bespoke enquiry (server/enquiries/enquiry-store.ts, docs/product/enquiries.md §16). */
export interface EnquiriesTable {
  id: string;
  name: string;
  email: string;
  company: string | null;
  pieces: number;
  needed_by: string | null;
  /** Cents. */
  budget_per_piece: number | null;
  kind: EnquiryKind;
  occasion: string | null;
  message: string;
  status: EnquiryStatus;
  notes: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface Database {
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  outbox: OutboxTable;
  newsletter_signups: NewsletterSignupsTable;
  test_checkout_sessions: TestCheckoutSessionsTable;
  rate_limits: RateLimitsTable;
  admin_sessions: AdminSessionsTable;
  admin_audit: AdminAuditTable;
  order_events: OrderEventsTable;
  order_notes: OrderNotesTable;
  order_returns: OrderReturnsTable;
  withdrawal_notices: WithdrawalNoticesTable;
  desk_requests: DeskRequestsTable;
  media: MediaTable;
  settings: SettingsTable;
  vat_sequences: VatSequencesTable;
  vat_invoices: VatInvoicesTable;
  vat_credit_notes: VatCreditNotesTable;
  order_vat: OrderVatTable;
  reviews: ReviewsTable;
  review_requests: ReviewRequestsTable;
  review_opt_outs: ReviewOptOutsTable;
  reviews_version: ReviewsVersionTable;
  catalogue_products: CatalogueProductsTable;
  catalogue_images: CatalogueImagesTable;
  catalogue_former_handles: CatalogueFormerHandlesTable;
  catalogue_state: CatalogueStateTable;
  catalogue_changes: CatalogueChangesTable;
  discount_codes: DiscountCodesTable;
  discount_reservations: DiscountReservationsTable;
  enquiries: EnquiriesTable;
  quotes: QuotesTable;
  order_keys: OrderKeysTable;
  quote_keys: QuoteKeysTable;
  back_in_touch: BackInTouchTable;
  customer_notes: CustomerNotesTable;
  people: PeopleTable;
  passkeys: PasskeysTable;
  person_invitations: PersonInvitationsTable;
  recovery_codes: RecoveryCodesTable;
  webauthn_challenges: WebauthnChallengesTable;
  newsletter_campaigns: NewsletterCampaignsTable;
  campaign_recipients: CampaignRecipientsTable;
  newsletter_keys: NewsletterKeysTable;
  back_in_stock_requests: BackInStockRequestsTable;
  cart_reminders: CartRemindersTable;
  gift_cards: GiftCardsTable;
  gift_card_ledger: GiftCardLedgerTable;
  gift_card_reservations: GiftCardReservationsTable;
  order_gift_cards: OrderGiftCardsTable;
}

/** A gift card a pending order buys, until it is paid (server/checkout/gift-card-line-store.ts). */
export interface OrderGiftCardsTable {
  order_id: string;
  position: number;
  /** Cents, whole euros from €10 to €500. */
  amount: number;
  recipient_name: string;
  recipient_email: string;
  message: string | null;
  /** 'YYYY-MM-DD', Irish calendar. */
  send_on: string;
}

/** A gift card (server/gift-cards/gift-card-store.ts, docs/product/gift-cards.md §19). */
export interface GiftCardsTable {
  id: string;
  /** SHA-256 (hex) of the normal code: the code itself is never stored once its e-mail is queued. */
  code_hash: string;
  last4: string;
  /** Cents. */
  amount: number;
  /** Cents: the ledger's sum, never below zero. */
  balance: number;
  buyer_name: string;
  buyer_email: string;
  recipient_name: string;
  recipient_email: string;
  message: string;
  /** Irish calendar day (YYYY-MM-DD). */
  send_on: string;
  /** The code, only while the recipient's e-mail waits for its day. */
  pending_code: string | null;
  sent_at: string | null;
  mail_id: number | null;
  order_reference: string | null;
  /** 1: issued by the owner without payment. */
  free: Generated<number>;
  disabled_at: string | null;
  replaced_by: string | null;
  /** The refund that issued the card as its gift-card part (null: sold, issued free or reissued). */
  refund_id: Generated<string | null>;
  /** Irish calendar day, the last the card is valid. */
  expires_on: string;
  issued_at: string;
}

/** One movement of a gift card's balance. */
export interface GiftCardLedgerTable {
  id: Generated<number>;
  card_id: string;
  kind: GiftCardLedgerKind;
  /** Signed cents. */
  amount: number;
  reference: string | null;
  person: string | null;
  reason: string | null;
  at: string;
}

/** Part of a card's balance held by one checkout session. */
export interface GiftCardReservationsTable {
  session_id: string;
  card_id: string;
  /** The card's place in the checkout's list. */
  position: number;
  amount: number;
  state: 'reserved' | 'released' | 'spent';
  order_reference: string | null;
  expires_at: string;
  created_at: string;
  updated_at: string;
}

/** One checkout whose shopper asked for the one cart reminder (server/newsletter/cart-reminder-store.ts). */
export interface CartRemindersTable {
  id: Generated<number>;
  order_id: string;
  session_id: string;
  email: string;
  /** Lower-cased e-mail. */
  email_key: string;
  /** JSON array of { id, size, quantity }: never a price. */
  lines: string;
  /** When the box was ticked: the consent's proof. */
  consented_at: string;
  /** SHA-256 (hex) of the restore link's token; null until the reminder is queued. */
  token_hash: string | null;
  reminded_at: string | null;
  restored_at: string | null;
  recovery_url: string | null;
}

/** The owner's note about one customer (server/customers/customer-store.ts). */
export interface CustomerNotesTable {
  /** The lower-cased e-mail address. */
  email_key: string;
  note: string;
  updated_at: string;
}

/** A person who signs in to the desk (server/security/people-store.ts). */
export interface PeopleTable {
  id: string;
  name: string;
  /** Lower-cased. */
  email: string;
  role: 'owner' | 'maker';
  user_handle: string;
  created_ms: number;
  last_seen_ms: number | null;
}

export interface PasskeysTable {
  id: string;
  person_id: string;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string;
  name: string;
  created_ms: number;
  last_used_ms: number | null;
}

export interface PersonInvitationsTable {
  token_hash: string;
  person_id: string;
  expires_ms: number;
  created_ms: number;
}

export interface RecoveryCodesTable {
  code_hash: string;
  person_id: string;
  created_ms: number;
}

export interface WebauthnChallengesTable {
  challenge: string;
  purpose: 'register' | 'sign-in';
  person_id: string | null;
  expires_ms: number;
}

/** "Tell me when it's back": an address waiting for one paused product (server/newsletter). */
export interface BackInStockRequestsTable {
  id: Generated<number>;
  product_id: string;
  email: string;
  /** Lower-cased e-mail. */
  email_key: string;
  status: 'pending' | 'confirmed';
  /** The SHA-256 (hex) of the confirmation link's secret: the secret itself is only in the e-mail. */
  token: string;
  created_at: string;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
}

/** A newsletter campaign (server/newsletter/campaign-store.ts). */
export interface NewsletterCampaignsTable {
  id: string;
  subject: string;
  preview: string;
  /** Markdown. */
  body: string;
  /** JSON array of product ids. */
  product_ids: string;
  status: 'draft' | 'scheduled' | 'sending' | 'sent';
  send_at: string | null;
  started_at: string | null;
  sent_at: string | null;
  /** Rendered once when the send starts. */
  html_body: string | null;
  text_body: string | null;
  recipients: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One confirmed subscriber of one campaign: ids only, never an address. */
export interface CampaignRecipientsTable {
  id: Generated<number>;
  campaign_id: string;
  signup_id: number;
  status: 'waiting' | 'queued' | 'skipped';
  outbox_id: number | null;
  queued_at: string | null;
}

/**
 * The SHA-256 (hex) of each key a newsletter e-mail carried (a confirmation, a campaign message): each
 * opens its sign-up's links beside the sign-up's first (`newsletter_signups.token`); they go with it.
 */
export interface NewsletterKeysTable {
  key_hash: string;
  signup_id: number;
  created_at: string;
}

/**
 * The SHA-256 (hex) of each key an e-mail carried to an order's page (server/orders/order-key.ts): an
 * order has as many as e-mails linked to it, each opening the page; none once anonymised.
 */
export interface OrderKeysTable {
  key_hash: string;
  order_id: string;
  created_at: string;
}

/** The same for a quote's page: one per quote e-mail (and the desk's answer that made it). */
export interface QuoteKeysTable {
  key_hash: string;
  quote_reference: string;
  created_at: string;
}

/** A quote the client pays by card (server/quotes/quote-store.ts). */
export interface QuotesTable {
  reference: string;
  enquiry_id: string | null;
  /** '' once erased. */
  email: string;
  name: string | null;
  /** JSON of QuoteLine[] (domain/quotes/quotes.ts). */
  lines: string;
  discount_percent: number;
  zone: string;
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  /** 'YYYY-MM-DD', Irish calendar, valid through its end. */
  valid_until: string;
  /** 'YYYY-MM-DD', Irish calendar: the owner's dispatch date for its order (every row has one since 0018). */
  dispatch_by: string | null;
  note: string | null;
  /** The quote's one open or paid checkout. */
  order_id: string | null;
  checkout_url: string | null;
  sent_at: string | null;
  withdrawn_at: string | null;
  /** The desk submission's Idempotency-Key that made it (null: none sent). */
  request_key: string | null;
  created_at: string;
  updated_at: string;
}

export type QuoteRow = Selectable<QuotesTable>;

export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;
export type TestCheckoutSessionRow = Selectable<TestCheckoutSessionsTable>;
