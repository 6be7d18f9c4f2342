/**
 * The order desk (docs/product/orders.md §10): reads orders for the owner, runs the status flow, dispatches with
 * tracking, refunds through the payment provider, cancels, keeps notes, and takes the provider's charge
 * events (refunds made in its dashboard, disputes). Every action answers the order as it is now, and a
 * repeated action (double click, two tabs, two instances) changes nothing the second time.
 */

import type { Transaction } from 'kysely';
import type { OrderPayment } from '../../domain/checkout/checkout';
import { DEFAULT_US_DUTY_PERCENT, dutyNotice } from '../../domain/customs/duty-notice';
import {
  type GiftCardTakenBack,
  goodsLeftToRefund,
  planGiftCardRefund,
  refundableWithCards,
} from '../../domain/gift-cards/gift-card-refund';
import { GIFT_CARD_LIMITS } from '../../domain/gift-cards/gift-cards';
import { dispatchDate } from '../../domain/making/dispatch';
import { itemsSubtotal } from '../../domain/offers/discounts';
import {
  ADMIN_MESSAGES,
  CARRIER_LABELS,
  type Carrier,
  type FulfilmentAction,
  type FulfilmentStatus,
  GIFT_CARD_REFUND_MESSAGES,
  type GiftCardRefundChoice,
  type OrderDetail,
  type OrderGiftCard,
  type OrderListItem,
  refusedTransitionMessage,
  type TimelineEntry,
  trackingUrlFor,
} from '../../domain/orders/admin-api';
import { PAYMENT_METHOD_LABELS } from '../../domain/orders/manual-order';
import { isCustomLineId } from '../../domain/shared/custom-line';
import { shopperCreditNoteUrl } from '../../domain/vat/order-invoices';
import type { OrderVatAnswer } from '../../domain/vat/order-vat';
import { settledVat, type VatStatement } from '../../domain/vat/vat-statement';
import { type Actor, type AuditEntry, madeOnce, type RequestClaims } from '../audit/audit-trail';
import type { Database, NewOutboxRow } from '../db/schema';
import { refuse } from '../lib/refusal';
import { money, type RenderedMail } from '../mail/layout';
import { outboxRow } from '../mail/outbox';
import { senderDomain } from '../mail/transport';
import type { IssuedOrderKeys, OrderRow } from '../orders';
import {
  deskOrderUrl,
  ORDERS_MAIL_KINDS,
  type OrderVat,
  parseWithdrawnItems,
  piecesOf,
  rowVatOf,
  type SellerNow,
  storedAddress,
  vatInOrder,
} from '../orders';
import { type PaymentProvider, PaymentProviderError, type ProviderWebhookEvent } from '../payments';
import type { RefundRecord } from '../vat';
import {
  cancelledMail,
  DESK_MAIL_KINDS,
  dispatchedMail,
  disputeMail,
  expectedDelivery,
  refundMail,
} from './fulfilment-mail';
import type { FulfilmentOrder, FulfilmentStore, NewEvent } from './fulfilment-store';
import { allowedActions, allows, FLOW, type FlowState, TARGET } from './order-flow';

/** An e-mail kind's words in the desk's timeline, by kind. */
export type MailLabels = ReadonlyMap<string, string>;

/** What the desk's work on orders needs: who pays back, who writes, who is written to. */
export interface FulfilmentServiceOptions {
  readonly store: FulfilmentStore;
  /** The e-mail kinds' labels the features declared (platform.ts `mailKindLabels`), for the timeline. */
  readonly mailLabels: MailLabels;
  readonly provider: PaymentProvider;
  /** No trailing slash. */
  readonly publicUrl: string;
  readonly mailFrom: string;
  readonly seller: SellerNow;
  readonly vatBefore: OrderVat;
  /** The order page's absolute link (OrderPageService.pageUrl). */
  readonly pageUrl: (reference: string, key: string) => string;
  readonly log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  readonly onMailQueued: () => void;
  /** The desk's submission keys (server/audit/): a repeated Idempotency-Key is one change. */
  readonly requests: RequestClaims;
  /** After an order was marked delivered, before the desk answers (the review request, server/reviews/). */
  readonly onDelivered?: (reference: string) => Promise<void>;
  /** After the owner's change of an order (made, dispatched, refunded, cancelled), before the desk answers. */
  readonly onStatus?: (reference: string, status: FulfilmentStatus) => Promise<void>;
  /** The order's VAT as the desk shows it (server/vat); null for an order priced before the VAT rules. */
  readonly orderVat?: (orderId: string, reference: string) => Promise<OrderVatAnswer | null>;
  /** Which orders of a list page are flagged "destination VAT due" (server/vat): their references. */
  readonly destinationVatDue?: (
    orders: readonly { readonly orderId: string; readonly reference: string }[],
  ) => Promise<ReadonlySet<string>>;
  /** A refund's credit note, in the refund's transaction (server/vat `recordRefund`); none: no credit notes. */
  readonly creditNote?: (trx: Transaction<Database>, refund: RefundRecord) => Promise<unknown>;
}

/**
 * What an action on an order answers: the order as it is now, `changed` false for a repeat. A refusal
 * (an unknown order, a move the flow refuses, the provider's failed refund) is thrown.
 */
export interface OrderOutcome {
  readonly ok: true;
  readonly changed: boolean;
  readonly order: OrderDetail;
}

/**
 * How the desk's timeline names an order's e-mail: by the label its feature declared with its kind
 * (`labels`, from the declarations' `mailKinds`), or fulfilment's own kinds made unique by a suffix.
 */
function mailLabel(kind: string, labels: MailLabels): string {
  // A resend (order-edit-service.ts): the first e-mail's label, said again.
  const resent = kind.indexOf(':resend:');
  if (resent > 0) return `${mailLabel(kind.slice(0, resent), labels)}, sent again`;
  if (kind.startsWith('order-change:')) return 'Order change e-mail to the shopper';
  if (kind.startsWith('order-refund:')) return 'Refund e-mail to the shopper';
  if (kind.startsWith('owner-dispute:')) return 'Dispute e-mail to the owner';
  // A kind a feature makes unique by a suffix (`exchange-accepted:12`) takes its declared kind's label.
  const base = kind.includes(':') ? labels.get(kind.slice(0, kind.indexOf(':'))) : undefined;
  return labels.get(kind) ?? base ?? `E-mail (${kind})`;
}

export function dispatchByOf(row: OrderRow): string | null {
  if (row.dispatch_date) return row.dispatch_date;
  // A sale handed over on the spot is never dispatched.
  if (row.channel === 'handed_over') return null;
  // Orders paid before the date was stored (docs/product/dispatch-dates.md §14): the same rule, from the payment time.
  return row.paid_at ? dispatchDate(new Date(row.paid_at)) : null;
}

/**
 * What may still be refunded: a payment the provider holds, or an order the owner marked paid herself
 * (docs/product/orders.md §10.17), which she pays back her own way (see ownerPaysBack).
 */
export function refundableOf(row: OrderRow): number {
  return (row.payment_id || row.payment_method) && row.status === 'paid'
    ? Math.max(0, row.total - row.refunded)
    : 0;
}

/** How the owner pays back an order she marked paid ("Cash"); null when a provider refunds it. */
function ownerPaysBack(row: OrderRow): string | null {
  return !row.payment_id && row.payment_method && row.payment_method !== 'gift_card'
    ? PAYMENT_METHOD_LABELS[row.payment_method]
    : null;
}

/**
 * The gift cards that paid orders (docs/product/gift-cards.md §19), handed in by the checkout when it registers (it
 * comes after this feature): a refund goes back first to the card payment, then to the gift cards.
 */
export interface GiftCardRefunds {
  /** The gift cards' parts of a paid order, in the order they paid. */
  paymentsOf(reference: string): Promise<OrderPayment[]>;
  /** Cents of the cards' part never taken (a lapsed hold spent elsewhere): owed, not paid by card. */
  owedFor?(orderId: string): Promise<number>;
  /** The cards the order bought (sold ones, each at the card holding its balance now), in the order bought. */
  boughtCards(reference: string): Promise<(OrderGiftCard & { readonly id: string })[]>;
  /**
   * Takes back what a refund refunds of the cards the order bought, in the refund's transaction: a card
   * left with nothing is voided (docs/product/gift-cards.md §19.3). Once per refund id.
   */
  voidBought(
    trx: Transaction<Database>,
    input: {
      orderReference: string;
      refundId: string;
      parts: readonly { readonly cardId: string; readonly amount: number }[];
      person: string | null;
    },
  ): Promise<{ voided: number; short: number }>;
  /**
   * Gives `amount` back to the cards that paid the order (idempotent per refund id); answers what it gave,
   * and to which card (its last 4 only).
   */
  restore(input: {
    reference: string;
    amount: number;
    refundId: string;
    person: string;
  }): Promise<{ restored: number; parts: readonly { last4: string; amount: number }[] }>;
  /**
   * The refund's gift-card part as a new card, when the owner chooses it: issued, e-mailed and audited in
   * the refund's transaction, once per refund id.
   */
  issueForRefund(
    trx: Transaction<Database>,
    input: {
      orderReference: string;
      refundId: string;
      amount: number;
      recipientName: string;
      recipientEmail: string;
      actor: Actor;
    },
  ): Promise<{ id: string; last4: string; amount: number }>;
}

/** What is left to refund of an order: all of it, the goods' part, and the cards it bought. */
interface RefundLeft {
  readonly refundable: number;
  readonly goodsLeft: number;
  readonly cards: readonly (OrderGiftCard & { readonly id: string })[];
}

/** A refund made: its id, all it gave back, and where: the card payment's part and each gift card's. */
interface PaidBack {
  readonly id: string;
  readonly amount: number;
  readonly toCard: number;
  readonly toGiftCards: readonly { readonly last4: string; readonly amount: number }[];
}

/**
 * Refunded in all that ends the order when its cards bought were spent in part: all it had and what is
 * left to refund now; undefined when that is its total (the usual rule).
 */
function endsAtOf(row: OrderRow, left: RefundLeft): number | undefined {
  const end = row.refunded + left.refundable;
  return end < row.total ? end : undefined;
}

/** The cards a refund's plan takes back, as its e-mail names them. */
function takenBack(
  plan: ReturnType<typeof planGiftCardRefund<OrderGiftCard & { readonly id: string }>>,
): GiftCardTakenBack[] {
  return plan.cards.map((p) => ({
    last4: p.card.last4,
    amount: p.amount,
    voids: p.voids,
    scheduled: p.card.status === 'scheduled',
  }));
}

/** A refund's voiding of cards the order bought, run in the refund's transaction under its id. */
type VoidCards = (trx: Transaction<Database>, refundId: string) => Promise<void>;

/** A refund as the desk and a return ask it: the amount (absent: all that is left), why, and the cards' part. */
export interface RefundInput {
  readonly amount?: number | undefined;
  readonly reason?: string | undefined;
  readonly giftCardRefund?: GiftCardRefundChoice | undefined;
}

function flowState(row: OrderRow): FlowState {
  return {
    status: row.desk_status,
    dispatched: row.dispatched_at !== null,
    delivered: row.delivered_at !== null,
    refundable: refundableOf(row),
  };
}

function addressOf(row: OrderRow): OrderDetail['address'] {
  const address = storedAddress(row);
  return address && { name: row.shipping_name ?? '', ...address };
}

/** Which order and whose: what the desk's list and its order page both begin with. */
function orderHeading(row: OrderRow) {
  return {
    reference: row.reference ?? '',
    status: row.desk_status,
    email: row.email,
    name: row.shipping_name,
  };
}

export function toListItem(row: OrderRow): OrderListItem {
  return {
    ...orderHeading(row),
    total: row.total,
    refunded: row.refunded,
    createdAt: row.created_at,
    paidAt: row.paid_at,
    dispatchBy: dispatchByOf(row),
    giftWrapped: row.gift_wrap > 0,
    // The pieces: an order of gift cards alone has none to make.
    itemCount: piecesOf(row),
    channel: row.channel,
  };
}

/**
 * An order's history, oldest first. At the same instant the order's taking comes first: the owner's order
 * marked paid as she takes it is often paid within the millisecond it was taken, and "Paid" above "Order
 * taken" read backwards.
 */
export function orderTimeline(
  order: Pick<FulfilmentOrder, 'mails' | 'events' | 'withdrawal'> & {
    readonly row: Pick<OrderRow, 'channel' | 'created_at' | 'paid_at' | 'payment_method' | 'total'>;
  },
  mailLabels: MailLabels,
): TimelineEntry[] {
  const { row } = order;
  // The owner's own order has its own 'created' event (who took it, and how); a web order's checkout opens.
  const manual = row.channel === 'manual' || row.channel === 'handed_over';
  const timeline: TimelineEntry[] = manual
    ? []
    : [{ at: row.created_at, kind: 'created', text: 'Checkout opened', actor: 'shop' }];
  if (row.paid_at) {
    const method = row.payment_method ? ` (${PAYMENT_METHOD_LABELS[row.payment_method]})` : '';
    timeline.push({
      at: row.paid_at,
      kind: 'paid',
      text: `Paid ${money(row.total)}${method}`,
      // The owner records a payment on her own orders only; a shopper's gift cards pay through the shop.
      actor: manual ? 'owner' : row.payment_method ? 'shop' : 'provider',
    });
  }
  for (const m of order.mails) {
    timeline.push({
      at: m.created_at,
      kind: 'email',
      text: mailLabel(m.kind, mailLabels),
      actor: 'shop',
      emailStatus: m.status === 'pending' ? 'queued' : m.status,
    });
  }
  for (const e of order.events) {
    timeline.push({
      at: e.at,
      kind: e.kind,
      text: e.text,
      actor: e.actor,
      ...(e.actor_name ? { by: e.actor_name } : {}),
      ...(e.amount !== null ? { amount: e.amount } : {}),
    });
  }
  if (order.withdrawal) {
    timeline.push({
      at: order.withdrawal.createdAt,
      kind: 'withdrawal',
      text: `Withdrawal notice from ${order.withdrawal.name || 'the shopper'}`,
      actor: 'shop',
    });
  }
  const taken = (entry: TimelineEntry) => (entry.kind === 'created' ? 0 : 1);
  return timeline.sort((a, b) => a.at.localeCompare(b.at) || taken(a) - taken(b));
}

function toDetail(order: FulfilmentOrder, mailLabels: MailLabels): OrderDetail {
  const { row } = order;
  const timeline = orderTimeline(order, mailLabels);
  const carrier = row.carrier as Carrier | null;
  return {
    ...orderHeading(row),
    createdAt: row.created_at,
    paidAt: row.paid_at,
    dispatchBy: dispatchByOf(row),
    provider: row.provider,
    paymentId: row.payment_id ?? row.session_id,
    currency: row.currency,
    lines: order.lines.map((l) => ({
      lineId: l.position,
      productId: l.product_id,
      name: l.name,
      // A quote's custom line has no bracelet size.
      size: isCustomLineId(l.product_id) ? null : l.size,
      quantity: l.quantity,
      unitPrice: l.unit_price,
      lineTotal: l.line_total,
      image: l.image ?? null,
      priceReason: l.price_reason ?? null,
    })),
    subtotal: itemsSubtotal(row),
    discount: row.discount,
    discountCode: row.discount_code,
    ...(row.vat_not_charged > 0 ? { vatNotCharged: row.vat_not_charged } : {}),
    shipping: row.shipping,
    giftWrap: row.gift_wrap,
    giftWrapped: row.gift_wrap > 0,
    giftMessage: row.gift_message,
    total: row.total,
    refunded: row.refunded,
    refundable: refundableOf(row),
    address: addressOf(row),
    dispatch:
      carrier && row.tracking_number && row.dispatched_at
        ? {
            carrier,
            trackingNumber: row.tracking_number,
            trackingUrl: row.tracking_url,
            dispatchedAt: row.dispatched_at,
          }
        : null,
    dispute:
      row.dispute_reason !== null
        ? { reason: row.dispute_reason, amount: row.dispute_amount ?? 0, respondBy: row.dispute_respond_by }
        : null,
    reviewReason: row.review_reason,
    quoteReference: row.quote_reference ?? null,
    enquiryId: row.enquiry_id ?? null,
    channel: row.channel,
    paymentMethod: row.payment_method ?? null,
    cancelReason: row.cancel_reason,
    confirmationSent: order.mails.some(
      (m) =>
        m.kind === ORDERS_MAIL_KINDS.customer || m.kind.startsWith(`${ORDERS_MAIL_KINDS.customer}:resend:`),
    ),
    // An order the owner took with a payment link, still unpaid: its link, for her to copy or send again.
    paymentUrl: row.status === 'pending' && row.channel === 'manual' ? (row.checkout_url ?? null) : null,
    withdrawal: order.withdrawal
      ? {
          at: order.withdrawal.createdAt,
          name: order.withdrawal.name,
          items: parseWithdrawnItems(order.withdrawal.items),
          reason: order.withdrawal.reason,
        }
      : null,
    allowedActions: allowedActions(flowState(row)),
    returns: [...order.shownReturns],
    ...(order.exchanges.length > 0 ? { exchanges: [...order.exchanges] } : {}),
    timeline,
    notes: order.notes.map((n) => ({ id: n.id, at: n.at, text: n.text, ...(n.by ? { by: n.by } : {}) })),
  };
}

/** Why an order may not be dispatched yet for customs (null: it may). */
export type CustomsCheck = (reference: string) => Promise<string | null>;

export class FulfilmentService {
  private giftCards: GiftCardRefunds | null = null;
  private customsRefusal: CustomsCheck | null = null;

  constructor(private readonly o: FulfilmentServiceOptions) {}

  /**
   * The customs feature hands in its check once, at registration: an order leaving the EU is not
   * dispatched without its customs data (docs/product/customs.md §21.3). Until it joins, none is checked.
   */
  checkCustomsWith(check: CustomsCheck): void {
    this.customsRefusal = check;
  }

  /** The checkout hands in its gift cards once, at registration. */
  refundGiftCardsWith(giftCards: GiftCardRefunds): void {
    this.giftCards = giftCards;
  }

  /** How a paid order was paid: the card payment first, then each gift card (its last 4 only). */
  private async paymentsOf(row: OrderRow): Promise<OrderPayment[]> {
    const cards = row.reference && this.giftCards ? await this.giftCards.paymentsOf(row.reference) : [];
    const byCards = cards.reduce((sum, p) => sum + p.amount, 0);
    // The card payment is what the provider took: never the part a lapsed gift card hold still owes.
    const owed = row.status === 'paid' ? ((await this.giftCards?.owedFor?.(row.id)) ?? 0) : 0;
    const card = row.total - byCards - owed;
    return card > 0 || cards.length === 0 ? [{ method: 'card', amount: card }, ...cards] : cards;
  }

  get store(): FulfilmentStore {
    return this.o.store;
  }

  /** A page of the desk's list: each order's line, flagged where the destination's VAT is due. */
  async listItems(rows: readonly OrderRow[]): Promise<OrderListItem[]> {
    const sold = rows.flatMap((row) =>
      row.reference ? [{ orderId: row.id, reference: row.reference }] : [],
    );
    const due = (await this.o.destinationVatDue?.(sold)) ?? new Set<string>();
    return rows.map((row) => {
      const item = toListItem(row);
      return due.has(item.reference) ? { ...item, destinationVatDue: true } : item;
    });
  }

  /** The orders in production as their packing slips show them (the batch: no payments, no VAT). */
  async inProduction(limit: number): Promise<OrderDetail[]> {
    const orders = await this.o.store.inProduction(limit);
    return orders.map((order) => toDetail(order, this.o.mailLabels));
  }

  async detail(reference: string): Promise<OrderOutcome> {
    const order = await this.o.store.findByReference(reference);
    if (!order) return notFound();
    const payments = order.row.status === 'paid' ? await this.paymentsOf(order.row) : [];
    const vat = await this.o.orderVat?.(order.row.id, reference);
    // The cards it bought are lines of it, and what is left to refund counts only what is unspent of them.
    const left = await this.refundLeftOf(order.row);
    const detail = this.detailOf(order);
    return {
      ok: true,
      changed: false,
      order: {
        ...detail,
        refundable: left.refundable,
        ...(left.cards.length > 0 ? { giftCardsBought: left.cards.map(orderGiftCardOf) } : {}),
        ...(payments.length > 0 ? { payments } : {}),
        ...(vat ? { vat, vatStatement: await this.vatStatementOf(order.row, vat) } : {}),
      },
    };
  }

  /**
   * The VAT as the shopper's e-mail words it: the seller's name now, the VAT number the order was charged
   * with (the e-mails' `legalFacts`), so the desk and the e-mail never say it differently.
   */
  private async vatStatementOf(row: OrderRow, vat: OrderVatAnswer): Promise<VatStatement> {
    return {
      vat: settledVat(vat),
      sellerName: (await this.o.seller()).name,
      vatNumber: rowVatOf(row, this.o.vatBefore).vatNumber,
    };
  }

  async changeStatus(
    reference: string,
    status: 'in_production' | 'delivered',
    actor: Actor,
  ): Promise<OrderOutcome> {
    const action: FulfilmentAction = status === 'in_production' ? 'start' : 'deliver';
    const outcome = await this.once(action, reference, actor, () =>
      this.simple(reference, action, actor, (row) => ({
        set:
          action === 'start'
            ? { desk_status: TARGET.start, review_reason: null }
            : { desk_status: TARGET.deliver, delivered_at: new Date().toISOString() },
        event: {
          kind: 'status',
          actor: 'owner',
          by: actor.name,
          text: action === 'start' ? 'Production started' : 'Marked delivered',
        },
        detail: null,
        mails: () => [],
        already: action === 'start' ? row.desk_status === 'in_production' : row.delivered_at !== null,
      })),
    );
    if (action === 'deliver' && outcome.changed && this.o.onDelivered) {
      await this.o.onDelivered(reference);
      return this.answer(reference, true);
    }
    return outcome;
  }

  async dispatch(
    reference: string,
    input: { carrier: Carrier; trackingNumber: string; trackingUrl?: string | undefined },
    actor: Actor,
  ): Promise<OrderOutcome> {
    const trackingUrl = input.trackingUrl || trackingUrlFor(input.carrier, input.trackingNumber);
    const carrierName = CARRIER_LABELS[input.carrier];
    const customs = await this.customsRefusal?.(reference);
    if (customs) refused(customs);
    // The shopper's contact address as the owner set it now (the e-mail is composed in this change).
    const { email: contactEmail, usDutyPercent } = await this.o.seller();
    return this.once('dispatch', reference, actor, async () => {
      // A label voided and bought again (docs/product/shipping.md §22) dispatches the order a second time:
      // its e-mail, with the new tracking number, is one of its own (one e-mail per kind and order).
      const found = await this.o.store.findByReference(reference);
      const again = found ? await this.o.store.dispatchMailQueued(found.row.id) : false;
      const mailKind = again
        ? `${DESK_MAIL_KINDS.dispatched}:${input.trackingNumber}`
        : DESK_MAIL_KINDS.dispatched;
      return this.simple(reference, 'dispatch', actor, (row) => ({
        set: {
          desk_status: TARGET.dispatch,
          carrier: input.carrier,
          tracking_number: input.trackingNumber,
          tracking_url: trackingUrl,
          dispatched_at: new Date().toISOString(),
        },
        event: {
          kind: 'dispatched',
          actor: 'owner',
          by: actor.name,
          text: `Dispatched with ${carrierName}, tracking ${input.trackingNumber}`,
        },
        detail: `${carrierName} ${input.trackingNumber}`,
        mails: (updated, keys) => [
          this.shopperMail(
            updated,
            mailKind,
            dispatchedMail({
              reference,
              name: updated.shipping_name,
              contactEmail,
              orderPageUrl: this.pageUrlOf(updated, keys),
              testOrder: isTestOrder(updated),
              carrier: carrierName,
              trackingNumber: input.trackingNumber,
              trackingUrl,
              delivery: expectedDelivery(updated.zone, new Date(updated.dispatched_at ?? Date.now())),
              // As the confirmation said it: a US buyer is reminded of the duty the carrier will ask for.
              dutyNotice: dutyNotice({
                country: addressOf(updated)?.country,
                usDutyPercent: usDutyPercent ?? DEFAULT_US_DUTY_PERCENT,
                gb: 'uk_vat',
                valueCents: updated.total,
              }),
            }),
          ),
        ],
        already: row.dispatched_at !== null,
      }));
    });
  }

  /**
   * A label voided before the carrier took the parcel (docs/product/shipping.md §22): the order goes back
   * to making with no tracking, and may be dispatched again. False when it was not dispatched (or is
   * delivered): nothing changed.
   */
  async undoDispatch(reference: string, trackingNumber: string, actor: Actor): Promise<boolean> {
    const order = await this.o.store.findByReference(reference);
    if (!order) return false;
    return this.o.store.transition(order.row.id, {
      from: ['dispatched'],
      beforeDispatch: false,
      notDelivered: true,
      set: {
        desk_status: TARGET.start,
        carrier: null,
        tracking_number: null,
        tracking_url: null,
        dispatched_at: null,
      },
      event: {
        kind: 'status',
        actor: 'owner',
        by: actor.name,
        text: `Label ${trackingNumber} voided: back in production`,
      },
      audit: audit(actor, 'undo-dispatch', reference, trackingNumber),
    });
  }

  async refund(reference: string, input: RefundInput, actor: Actor): Promise<OrderOutcome> {
    return this.once('refund', reference, actor, () => this.refundOnce(reference, input, actor));
  }

  private async refundOnce(reference: string, input: RefundInput, actor: Actor): Promise<OrderOutcome> {
    const order = await this.o.store.findByReference(reference);
    if (!order) return notFound();
    const { row } = order;
    const left = await this.refundLeftOf(row);
    const { refundable } = left;
    if (!FLOW.refund.from.includes(row.desk_status)) {
      return refused(refusedTransitionMessage(row.desk_status, 'refund'));
    }
    if (refundable <= 0) return refused(ADMIN_MESSAGES.nothingToRefund);
    const amount = input.amount ?? refundable;
    if (amount > refundable) return refuse('invalid', ADMIN_MESSAGES.overRefund);
    const reason = input.reason?.trim() || null;
    // The key names the state the owner saw: a double click or a second tab asks the provider for the same
    // refund (it answers the first one again); a later refund of the same amount is a new one.
    const key = `refund-${row.id}-${row.refunded}-${amount}`;
    if (!(await this.o.store.claimRefund(row.id, row.refunded))) return this.answer(reference, false);
    const choice = input.giftCardRefund ?? 'restore';
    // The goods first, then the cards the order bought up to what is unspent on each: those it takes back
    // are voided in the refund's own transaction, so the money never goes back beside a live card.
    const plan = planGiftCardRefund(amount, left.goodsLeft, left.cards);
    const voids = this.voidsOf(reference, plan, actor);
    let changed: boolean;
    try {
      // Back where the money came from (refundSplit), unless the owner chose otherwise for the cards' part.
      const { cardLeft, toCard } = await this.refundSplit(row, amount);
      // The owner's choice for the cards' part (thrown inside the try: the slot is released all the same).
      // Money back by card only when the card payment covers the whole refund: a provider never refunds
      // more than it took.
      if (choice === 'card' && amount > cardLeft) {
        return refuse('conflict', GIFT_CARD_REFUND_MESSAGES.cardShort(money(cardLeft)), {
          field: 'giftCardRefund',
        });
      }
      if (choice === 'new-card' && this.giftCards && amount - toCard > GIFT_CARD_LIMITS.maxAmount) {
        return refuse(
          'invalid',
          GIFT_CARD_REFUND_MESSAGES.newCardTooLarge(money(GIFT_CARD_LIMITS.maxAmount)),
          {
            field: 'giftCardRefund',
          },
        );
      }
      // An erased order has no address: its new card's code would reach nobody.
      if (choice === 'new-card' && this.giftCards && amount > toCard && row.email.trim() === '') {
        return refuse('conflict', GIFT_CARD_REFUND_MESSAGES.noAddress, { field: 'giftCardRefund' });
      }
      const giftCards = this.giftCards;
      let made: PaidBack | null;
      let newCard: ((trx: Transaction<Database>) => Promise<{ last4: string; amount: number }>) | undefined;
      if (choice === 'new-card' && giftCards && amount > toCard) {
        const viaCard =
          toCard > 0 ? await this.providerRefund(row, toCard, key) : { id: `gift-card-${key}`, amount: 0 };
        if (!viaCard) return refuse('upstream', ADMIN_MESSAGES.refundFailed);
        const toCards = amount - viaCard.amount;
        // Issued in the refund's own transaction: the refund's event (deduplicated by its id) and the card
        // are recorded together or not at all.
        newCard = (trx) =>
          giftCards.issueForRefund(trx, {
            orderReference: reference,
            refundId: viaCard.id,
            amount: toCards,
            recipientName: row.shipping_name ?? '',
            recipientEmail: row.email,
            actor,
          });
        made = { id: viaCard.id, amount, toCard: viaCard.amount, toGiftCards: [] };
      } else {
        made = await this.payBack(row, reference, amount, key, actor);
      }
      if (!made) return refuse('upstream', ADMIN_MESSAGES.refundFailed);
      changed = await this.recordDeskRefund(row, reference, made, reason, actor, newCard, {
        voids,
        voided: takenBack(plan),
        endsAt: endsAtOf(row, left),
      });
    } finally {
      await this.o.store.releaseRefund(row.id);
    }
    if (changed) this.o.onMailQueued();
    return this.answer(reference, changed);
  }

  /**
   * Where a refund of `amount` goes (docs/product/gift-cards.md §19): the card payment first, then the gift
   * cards. Refunds so far took the card's part first, so what the card may still get is its part less
   * everything refunded.
   */
  private async refundSplit(row: OrderRow, amount: number): Promise<{ cardLeft: number; toCard: number }> {
    const payments = await this.paymentsOf(row);
    const byCard = payments.find((p) => p.method === 'card')?.amount ?? 0;
    const cardLeft = Math.max(0, byCard - row.refunded);
    return { cardLeft, toCard: Math.min(amount, cardLeft) };
  }

  /**
   * What is left to refund, and of what (docs/product/gift-cards.md §19.3, "A refund of cards bought"): the
   * goods left, and the cards the order bought with what is unspent on each. A card is refunded at most its
   * unspent balance, so an order whose cards were spent has less left than its total less its refunds.
   */
  private async refundLeftOf(row: OrderRow): Promise<RefundLeft> {
    const refundable = refundableOf(row);
    const sold = row.gift_cards_sold ?? 0;
    if (sold === 0 || !row.reference || !this.giftCards)
      return { refundable, goodsLeft: refundable, cards: [] };
    const cards = await this.giftCards.boughtCards(row.reference);
    const cardsRefunded = cards.reduce((sum, c) => sum + c.voided, 0);
    const goodsLeft = goodsLeftToRefund({
      total: row.total,
      giftCardsSold: sold,
      refunded: row.refunded,
      cardsRefunded,
    });
    return { refundable: Math.min(refundable, refundableWithCards(goodsLeft, cards)), goodsLeft, cards };
  }

  /** The refund's voiding of the cards its plan takes back, for the refund's transaction; none: undefined. */
  private voidsOf(
    reference: string,
    plan: ReturnType<typeof planGiftCardRefund<OrderGiftCard & { readonly id: string }>>,
    actor: Actor,
  ): VoidCards | undefined {
    const giftCards = this.giftCards;
    if (!giftCards || plan.cards.length === 0) return undefined;
    const parts = plan.cards.map((p) => ({ cardId: p.card.id, amount: p.amount }));
    return async (trx, refundId) => {
      const { short } = await giftCards.voidBought(trx, {
        orderReference: reference,
        refundId,
        parts,
        person: actor.name ?? 'owner',
      });
      // Spent on another instance between the plan and this transaction: the owner is told in the log.
      if (short > 0) this.o.log.warn({ reference, short }, 'desk: a refunded gift card was spent meanwhile');
    };
  }

  /**
   * Pays `amount` back where it came from: the card payment's part through the provider (or the owner),
   * the rest restored to the gift cards that paid. Null: the provider refused, nothing was paid back.
   */
  private async payBack(
    row: OrderRow,
    reference: string,
    amount: number,
    key: string,
    actor: Actor,
  ): Promise<PaidBack | null> {
    const { toCard } = await this.refundSplit(row, amount);
    const made =
      toCard > 0 ? await this.providerRefund(row, toCard, key) : { id: `gift-card-${key}`, amount: 0 };
    if (!made) return null;
    const toCards = amount - made.amount;
    const { restored, parts } =
      toCards > 0 && this.giftCards
        ? await this.giftCards.restore({
            reference,
            amount: toCards,
            refundId: made.id,
            person: actor.name ?? 'owner',
          })
        : { restored: 0, parts: [] };
    return { id: made.id, amount: made.amount + restored, toCard: made.amount, toGiftCards: parts };
  }

  private async recordDeskRefund(
    row: OrderRow,
    reference: string,
    made: PaidBack,
    reason: string | null,
    actor: Actor,
    newCard: ((trx: Transaction<Database>) => Promise<{ last4: string; amount: number }>) | undefined,
    cards: {
      voids: VoidCards | undefined;
      voided: readonly GiftCardTakenBack[];
      endsAt: number | undefined;
    },
  ): Promise<boolean> {
    const { email: contactEmail } = await this.o.seller();
    const { within: creditNote } = this.creditNoteOf(row, reference, made, reason);
    // What the refund's transaction made, for its e-mail: the new card and the credit note's number.
    let issued: { last4: string; amount: number } | null = null;
    let noteNumber: string | null = null;
    const within =
      creditNote || newCard || cards.voids
        ? async (trx: Transaction<Database>) => {
            await cards.voids?.(trx, made.id);
            issued = (await newCard?.(trx)) ?? null;
            noteNumber = (await creditNote?.(trx)) ?? null;
          }
        : undefined;
    return this.o.store.recordRefund({
      ...ownerRefund(row, made, actor, reason ? `: ${reason}` : ''),
      keepStatus: ['disputed', 'cancelled'],
      mails: (updated, keys) => [
        this.shopperMail(
          updated,
          DESK_MAIL_KINDS.refund(made.id),
          refundMail({
            reference,
            name: updated.shipping_name,
            contactEmail,
            orderPageUrl: this.pageUrlOf(updated, keys),
            testOrder: isTestOrder(updated),
            amount: made.amount,
            refundedInAll: updated.refunded,
            total: updated.total,
            reason,
            paidBackBy: ownerPaysBack(updated),
            where: {
              toCard: made.toCard,
              toGiftCards: made.toGiftCards,
              newCard: issued && { last4: issued.last4, amount: issued.amount },
              voided: cards.voided,
              creditNote: this.creditNoteLink(updated, noteNumber, keys),
            },
          }),
        ),
      ],
      audit: audit(actor, 'refund', reference, `${made.amount} cents${reason ? `: ${reason}` : ''}`),
      ...(within ? { within } : {}),
      ...(cards.endsAt !== undefined ? { endsAt: cards.endsAt } : {}),
    });
  }

  /**
   * The refund's credit note, issued in the refund's transaction (docs/product/vat.md §20). The invoice covers
   * the goods, shipping and wrap only: gift cards the order bought carry no VAT (docs/product/gift-cards.md §19). A
   * refund credits the invoice first, up to what it has left (`row` as it was before this refund); the
   * rest is the cards' face value, which needs no credit note.
   */
  private creditNoteOf(
    row: Pick<OrderRow, 'total' | 'gift_cards_sold' | 'refunded'>,
    reference: string,
    made: { readonly id: string; readonly amount: number },
    reason: string | null,
  ): { within?: (trx: Transaction<Database>) => Promise<string | null> } {
    const { creditNote } = this.o;
    const invoiced = row.total - row.gift_cards_sold;
    const amount = Math.min(made.amount, Math.max(0, invoiced - row.refunded));
    if (!creditNote || amount <= 0) return {};
    return {
      within: async (trx) => {
        const number = await creditNote(trx, {
          orderReference: reference,
          refundId: made.id,
          amount,
          issuedAt: new Date(),
          reason,
        });
        return typeof number === 'string' ? number : null;
      },
    };
  }

  /** The shopper's link to a refund's credit note, with a key of its own (as the order page's link). */
  private creditNoteLink(
    row: OrderRow,
    number: string | null,
    keys: IssuedOrderKeys,
  ): { number: string; url: string } | null {
    if (number === null || !row.reference) return null;
    return {
      number,
      url: `${this.o.publicUrl}${shopperCreditNoteUrl(row.reference, number, keys.issue(row.id))}`,
    };
  }

  /**
   * A return's refund (return-service.ts): the same path as the Refund action (the provider, the history,
   * the shopper's e-mail, the audit row), run once under the return's own submission key. `changed` false:
   * another refund of the order held its slot, nothing was refunded.
   */
  async refundForReturn(
    reference: string,
    input: { amount: number; reason: string; giftCardRefund?: GiftCardRefundChoice | undefined },
    actor: Actor,
  ): Promise<OrderOutcome> {
    const outcome = await this.refundOnce(reference, input, actor);
    // As the desk's own refund: a full refund of an order not yet made gives its materials back.
    if (outcome.ok && outcome.changed) await this.o.onStatus?.(reference, outcome.order.status);
    return outcome;
  }

  /** Cancels before dispatch, refunding everything that is left first (no refund, no cancellation). */
  async cancel(
    reference: string,
    input: { reason?: string | undefined },
    actor: Actor,
  ): Promise<OrderOutcome> {
    return this.once('cancel', reference, actor, () => this.cancelOnce(reference, input, actor));
  }

  private async cancelOnce(
    reference: string,
    input: { reason?: string | undefined },
    actor: Actor,
  ): Promise<OrderOutcome> {
    const order = await this.o.store.findByReference(reference);
    if (!order) return notFound();
    const { row } = order;
    if (row.desk_status === 'cancelled') return this.answer(reference, false);
    const { email: contactEmail } = await this.o.seller();
    if (!allows('cancel', flowState(row)))
      return refused(refusedTransitionMessage(row.desk_status, 'cancel'));
    const reason = input.reason?.trim() || null;
    const left = await this.refundLeftOf(row);
    const { refundable } = left;
    let refunded = 0;
    // Where the refund went, for the cancellation's e-mail.
    let paidBack: PaidBack | null = null;
    let voided: readonly GiftCardTakenBack[] = [];
    let noteNumber: string | null = null;
    if (refundable > 0) {
      // Back where the money came from, as any refund: the card payment first, then the gift cards; the
      // cards the order bought are voided in the refund's transaction (what is unspent of them).
      const plan = planGiftCardRefund(refundable, left.goodsLeft, left.cards);
      const voids = this.voidsOf(reference, plan, actor);
      voided = takenBack(plan);
      const made = await this.payBack(row, reference, refundable, `cancel-${row.id}`, actor);
      if (!made) return refuse('upstream', ADMIN_MESSAGES.refundFailed);
      refunded = made.amount;
      paidBack = made;
      const { within: creditNote } = this.creditNoteOf(
        row,
        reference,
        made,
        `Order cancelled${reason ? `: ${reason}` : ''}`,
      );
      await this.o.store.recordRefund({
        ...ownerRefund(row, made, actor, ' on cancellation'),
        keepStatus: [],
        audit: null,
        ...(endsAtOf(row, left) !== undefined ? { endsAt: endsAtOf(row, left) } : {}),
        ...(creditNote || voids
          ? {
              within: async (trx: Transaction<Database>) => {
                await voids?.(trx, made.id);
                noteNumber = (await creditNote?.(trx)) ?? null;
              },
            }
          : {}),
      });
    }
    const changed = await this.o.store.transition(row.id, {
      from: [...FLOW.cancel.from, 'refunded'],
      beforeDispatch: true,
      set: { desk_status: 'cancelled', cancel_reason: reason },
      event: {
        kind: 'cancelled',
        actor: 'owner',
        by: actor.name,
        text: `Cancelled${reason ? `: ${reason}` : ''}`,
      },
      mails: (updated, keys) => [
        this.shopperMail(
          updated,
          DESK_MAIL_KINDS.cancelled,
          cancelledMail({
            reference,
            name: updated.shipping_name,
            contactEmail,
            orderPageUrl: this.pageUrlOf(updated, keys),
            testOrder: isTestOrder(updated),
            refunded: refunded || updated.refunded,
            reason,
            paidBackBy: ownerPaysBack(updated),
            ...(paidBack
              ? {
                  where: {
                    toCard: paidBack.toCard,
                    toGiftCards: paidBack.toGiftCards,
                    newCard: null,
                    voided,
                    creditNote: this.creditNoteLink(updated, noteNumber, keys),
                  },
                }
              : {}),
          }),
        ),
      ],
      audit: audit(actor, 'cancel', reference, reason),
    });
    if (changed) this.o.onMailQueued();
    return this.answer(reference, changed);
  }

  async addNote(reference: string, text: string, actor: Actor): Promise<OrderOutcome> {
    return this.once('note', reference, actor, async () => {
      const order = await this.o.store.findByReference(reference);
      if (!order) return notFound();
      // The note's text stays out of the audit row: it may hold the shopper's personal details.
      await this.o.store.addNote(order.row.id, text, audit(actor, 'note', reference, null));
      return this.answer(reference, true);
    });
  }

  /** Runs an action once per submission (audit-trail.ts `madeOnce`): a repeat answers the order as it is now. */
  private async once(action: string, reference: string, actor: Actor, run: () => Promise<OrderOutcome>) {
    const made = await madeOnce(this.o.requests, { action, target: reference, actor }, run, () =>
      this.answer(reference, false),
    );
    if (made.value.changed) await this.o.onStatus?.(reference, made.value.order.status);
    return made.value;
  }

  /**
   * charge.refunded (a refund made in the provider's dashboard, or the desk's own coming back) and
   * charge.dispute.created. True when handled (or not about any order of this shop).
   */
  async handlePaymentEvent(event: ProviderWebhookEvent): Promise<boolean> {
    const { store, log } = this.o;
    if (event.charge) {
      const row = await store.findRowByPaymentId(event.charge.paymentId);
      if (!row) return true;
      const { email: contactEmail } = await this.o.seller();
      let changed = false;
      for (const r of event.charge.refunds) {
        const recorded = await store.recordRefund({
          ...providerRefund(row, r.id, r.amount),
          mails: (updated, keys) => [
            this.shopperMail(
              updated,
              DESK_MAIL_KINDS.refund(r.id),
              refundMail({
                reference: updated.reference ?? '',
                name: updated.shipping_name,
                contactEmail,
                orderPageUrl: this.pageUrlOf(updated, keys),
                testOrder: isTestOrder(updated),
                amount: r.amount,
                refundedInAll: updated.refunded,
                total: updated.total,
                reason: null,
              }),
            ),
          ],
          audit: null,
        });
        changed ||= recorded;
      }
      // Without the refund list (newer API versions leave it out), the cumulative amount tells what is new.
      if (event.charge.refunds.length === 0 && event.charge.amountRefunded > row.refunded) {
        const missing = event.charge.amountRefunded - row.refunded;
        changed = await store.recordRefund({ ...providerRefund(row, `${event.id}`, missing), audit: null });
      }
      if (changed) {
        log.info({ orderId: row.id, event: event.type }, 'desk: refund recorded from the provider');
        this.o.onMailQueued();
        // A refund made in the provider's dashboard moves the order as the desk's own would (a full refund
        // before making gives its materials back).
        const now = row.reference ? await this.detail(row.reference) : null;
        if (now?.ok && row.reference) await this.o.onStatus?.(row.reference, now.order.status);
      }
      return true;
    }
    if (event.dispute) {
      const d = event.dispute;
      const row = await store.findRowByPaymentId(d.paymentId);
      if (!row) return true;
      const reference = row.reference ?? '';
      // The owner's notice goes to the address she set for new orders.
      const { orderEmail } = await this.o.seller();
      const changed = await store.transition(row.id, {
        from: FLOW.refund.from.concat(['refunded', 'cancelled']),
        set: {
          desk_status: 'disputed',
          dispute_reason: d.reason,
          dispute_amount: d.amount,
          dispute_respond_by: d.respondBy,
        },
        event: {
          kind: 'dispute',
          actor: 'provider',
          text: `Dispute opened (${d.reason}) for ${money(d.amount)}`,
          amount: d.amount,
          dedupeKey: `dispute:${d.id}`,
        },
        mails: () => [
          outboxRow(
            {
              orderId: row.id,
              reference,
              kind: DESK_MAIL_KINDS.dispute(d.id),
              to: orderEmail,
              ...disputeMail({
                reference,
                amount: d.amount,
                reason: d.reason,
                respondBy: d.respondBy,
                deskUrl: deskOrderUrl(this.o.publicUrl, reference),
              }),
            },
            senderDomain(this.o.mailFrom),
          ),
        ],
        audit: null,
      });
      if (changed) {
        log.warn({ orderId: row.id, dispute: d.id }, 'desk: dispute opened; owner e-mailed');
        this.o.onMailQueued();
      }
      return true;
    }
    return true;
  }

  private async providerRefund(
    row: OrderRow,
    amount: number,
    idempotencyKey: string,
  ): Promise<{ id: string; amount: number } | null> {
    // Marked paid by the owner (docs/product/orders.md §10.17): no provider holds the money, she pays it back
    // herself; recorded once under the refund's own key like a provider's refund id.
    if (ownerPaysBack(row)) return { id: `owner-${idempotencyKey}`, amount };
    if (!row.payment_id) return null;
    try {
      return await this.o.provider.refund({
        orderId: row.id,
        paymentId: row.payment_id,
        amount,
        idempotencyKey,
      });
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      this.o.log.error({ orderId: row.id, err: err.message }, 'desk: refund refused by the provider');
      return null;
    }
  }

  /** start / deliver / dispatch: check, change, queue, audit, all in one conditional transaction. */
  private async simple(
    reference: string,
    action: 'start' | 'deliver' | 'dispatch',
    actor: Actor,
    build: (row: OrderRow) => {
      set: Parameters<FulfilmentStore['transition']>[1]['set'];
      event: Parameters<FulfilmentStore['transition']>[1]['event'];
      detail: string | null;
      mails: (row: OrderRow, keys: IssuedOrderKeys) => readonly NewOutboxRow[];
      already: boolean;
    },
  ): Promise<OrderOutcome> {
    const order = await this.o.store.findByReference(reference);
    if (!order) return notFound();
    const spec = build(order.row);
    const rule = FLOW[action];
    const changed = await this.o.store.transition(order.row.id, {
      from: rule.from,
      ...(rule.beforeDispatch !== undefined ? { beforeDispatch: rule.beforeDispatch } : {}),
      notDelivered: action === 'deliver',
      set: spec.set,
      event: spec.event,
      mails: spec.mails,
      audit: audit(actor, action, reference, spec.detail),
    });
    if (changed) {
      if (action === 'dispatch') this.o.onMailQueued();
      return this.answer(reference, true);
    }
    // Nothing changed: either this very action already happened (a repeat: fine) or the flow refuses it.
    const now = await this.o.store.findByReference(reference);
    if (!now) return notFound();
    if (build(now.row).already) return this.answer(reference, false);
    return refused(refusedTransitionMessage(now.row.desk_status, action));
  }

  /** The order page's link for one e-mail, with a key of its own (stored with the e-mail, order-key.ts). */
  private pageUrlOf(row: OrderRow, keys: IssuedOrderKeys): string | null {
    return row.reference ? this.o.pageUrl(row.reference, keys.issue(row.id)) : null;
  }

  private shopperMail(row: OrderRow, kind: string, mail: RenderedMail): NewOutboxRow {
    return outboxRow(
      { orderId: row.id, reference: row.reference ?? '', kind, to: row.email, ...mail },
      senderDomain(this.o.mailFrom),
    );
  }

  /**
   * The order as the desk's own page reads it (its payments and VAT with it): the desk replaces the order
   * it shows with this answer, so a reverse-charge order never turns into "€0.00 VAT included" after an action.
   */
  private async answer(reference: string, changed: boolean): Promise<OrderOutcome> {
    return { ...(await this.detail(reference)), changed };
  }

  /** The order as the desk shows it, with the VAT its total includes (the figure of the shopper's e-mail). */
  private detailOf(order: FulfilmentOrder): OrderDetail {
    return {
      ...toDetail(order, this.o.mailLabels),
      vatIncluded: vatInOrder(
        {
          total: order.row.total,
          giftCardsSold: order.row.gift_cards_sold ?? 0,
          vatTotal: order.row.vat_total ?? null,
        },
        rowVatOf(order.row, this.o.vatBefore),
      ),
    };
  }
}

/** The history's words for a refund: the provider's, or the owner's own paying back ("Cash"). */
/** The owner's refund as the order's history records it: in her name, `after` following the amount. */
function ownerRefund(row: OrderRow, made: { id: string; amount: number }, actor: Actor, after: string) {
  const text = `${refundWords(row, made.amount)}${after}`;
  const event: NewEvent = { kind: 'refund', actor: 'owner', by: actor.name, text };
  return { orderId: row.id, refundId: made.id, amount: made.amount, event };
}

/**
 * A refund made in the provider (its dashboard, or the desk's own coming back) as the order's history
 * records it; a disputed or cancelled order keeps its status.
 */
function providerRefund(row: OrderRow, refundId: string, amount: number) {
  const event: NewEvent = {
    kind: 'refund',
    actor: 'provider',
    text: `Refunded ${money(amount)} in the payment provider`,
  };
  return { orderId: row.id, refundId, amount, event, keepStatus: ['disputed', 'cancelled'] as const };
}

function refundWords(row: OrderRow, amount: number): string {
  const method = ownerPaysBack(row);
  return method ? `Paid back ${money(amount)} by the owner (${method})` : `Refunded ${money(amount)}`;
}

/** A card bought as the desk's order shows it: never its id (the desk's Gift cards screen has it). */
function orderGiftCardOf(card: OrderGiftCard): OrderGiftCard {
  const { last4, amount, unspent, sendOn, status, voided } = card;
  return { last4, amount, unspent, sendOn, status, voided };
}

/** Paid on the built-in test checkout (its e-mails say so, as the order's first e-mails did). */
function isTestOrder(row: OrderRow): boolean {
  return row.provider === 'test-checkout';
}

function audit(actor: Actor, action: string, target: string | null, detail: string | null): AuditEntry {
  return { session: actor.session, address: actor.address, name: actor.name, action, target, detail };
}

function notFound(): never {
  return refuse('not-found', ADMIN_MESSAGES.notFound);
}

function refused(error: string): never {
  return refuse('conflict', error);
}
