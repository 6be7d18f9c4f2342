/**
 * The shopper's side after the sale (docs/product/order-flow.md §6.8-§6.10): the order page behind its key, "Find your
 * order" (the page's link e-mailed, never shown) and the notice of withdrawal. The timeline reads the
 * desk's statuses and times (see `facts`).
 */

import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { sizeLabel } from '../../domain/catalogue/sizes';
import type { ExchangeOffer, ShopperExchange } from '../../domain/exchanges/exchanges';
import { deliveryEstimate } from '../../domain/making/dispatch';
import { CARRIER_LABELS, CARRIERS } from '../../domain/orders/admin-api';
import {
  buildTimeline,
  isOrderKey,
  isReference,
  normalizeReference,
  type OrderFacts,
  type OrderPage,
  type OrderPageLine,
  orderEnded,
  orderPagePath,
  type WithdrawalRequest,
  withdrawalWindow,
} from '../../domain/orders/order-page';
import type { ShopperReturn } from '../../domain/orders/return-info';
import { orderDiscountLabel } from '../../domain/quotes/quotes';
import { type IsoDate, irishDate } from '../../domain/shared/calendar-date';
import { isCustomLineId } from '../../domain/shared/custom-line';
import { canonicalEmail, checkEmail } from '../../domain/shared/email';
import type { SettledVat, VatStatement } from '../../domain/vat/vat-statement';
import type { Database } from '../db/schema';
import { outboxRow } from '../mail/outbox';
import { memoryCounters, type SharedCounters } from '../security/shared-counters';
import { ORDERS_MAIL_KINDS } from './mail-kinds';
import {
  addressLines,
  deskOrderUrl,
  orderLinkMail,
  withdrawalAcknowledgement,
  withdrawalOwnerNotice,
} from './order-mail';
import type { OrderPageRecord, OrderStore, StoredOrder } from './order-store';
import { legalFacts, type OrderMailSetup, orderVatOf, vatInOrder } from './order-vat';
import type { OrderLineRow, OrderRow } from './tables';

const TEST_PROVIDER_ID = 'test-checkout';

export interface OrderPageLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface OrderPageServiceOptions extends OrderMailSetup {
  readonly store: OrderStore;
  readonly log: OrderPageLogger;
  readonly onMailQueued: () => void;
  /**
   * "Find your order" requests allowed per e-mail address and per reference from one client in each
   * window, and link e-mails per order in each window.
   */
  readonly findLimit?: { readonly requests: number; readonly windowMs: number };
  /**
   * Where "Find your order" counts, shared by every instance (security/shared-counters.ts); default this
   * process's memory on `now`'s clock.
   */
  readonly counters?: SharedCounters;
  readonly now?: () => Date;
  /** The order's returns (docs/product/orders.md §10.18): shown on the page, and opened by a withdrawal notice. */
  readonly returns?: ReturnsOfPage;
  /** The order's exchanges for another size and the sizes on offer; absent: none. */
  readonly exchanges?: ExchangesOfPage;
  /** The VAT its payment settled (server/vat, docs/product/vat.md §20); none: every order is stated as before it. */
  readonly vat?: VatOfPage;
  /** The gift cards that paid an order; absent: none ever did. */
  readonly payments?: PaymentsOfPage;
}

/** The VAT feature's part of the page: an order's VAT as its payment settled it; null before the VAT rules. */
export interface VatOfPage {
  settledOf(orderId: string): Promise<SettledVat | null>;
}

/** The gift cards' parts of a paid order, each by its last 4 (the gift cards feature answers). */
export interface PaymentsOfPage {
  giftCardsOf(reference: string): Promise<readonly { readonly amount: number; readonly last4?: string }[]>;
  /** The cards the order bought, by their last 4, each with its amount and the day its e-mail goes. */
  giftCardsBoughtOf?(
    reference: string,
  ): Promise<readonly { readonly last4: string; readonly amount: number; readonly sendOn: string }[]>;
}

/** The exchanges feature's part of the page (docs/product/exchanges.md). */
export interface ExchangesOfPage {
  ofOrder(
    row: OrderRow,
    lines: readonly OrderLineRow[],
  ): Promise<{ exchanges: ShopperExchange[]; offer: ExchangeOffer | null }>;
}

export interface ReturnsOfPage {
  ofOrder(orderId: string): Promise<ShopperReturn[]>;
  /** In the notice's transaction: a return of the lines it names (return-service.ts). */
  openForWithdrawal(
    trx: Transaction<Database>,
    order: { readonly id: string; readonly dispatchedAt: string | null },
    lines: readonly OrderLineRow[],
    positions: readonly number[],
  ): Promise<void>;
}

export type WithdrawalOutcome =
  | { readonly kind: 'ok'; readonly order: OrderPage }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'closed' }
  | { readonly kind: 'invalid'; readonly error: string };

/** Three a hour: enough for a shopper whose first e-mail went to spam, too few to bombard an inbox. */
export const DEFAULT_FIND_LIMIT = { requests: 3, windowMs: 60 * 60_000 } as const;

/**
 * The shared counters' names: keys are sha256 of the name and the value (the address or the reference
 * with the client's address, or the order's id).
 */
export const FIND_COUNTERS = {
  byAddress: 'find-order-address',
  byReference: 'find-order-reference',
  linksByOrder: 'find-order-links',
} as const;

/** What "Find your order" is asked (docs/product/order-flow.md §6.9). */
export interface FindRequest {
  readonly reference: string;
  readonly email: string;
  /** The order's key, when the shopper has it: a request that proves it is never limited. */
  readonly key?: string | undefined;
  /** The client's address (an IPv6 client as its /64): the counts are per client. */
  readonly client: string;
}

/**
 * When each step happened (docs/product/order-flow.md §6.8), from the desk's columns (§10.3): dispatch and delivery
 * keep their own times; "being made", refunded and cancelled are the time of the change to that status
 * (a later step counts as having passed through the earlier ones: see buildTimeline).
 */
export function facts(row: OrderRow): OrderFacts {
  const since = (status: OrderRow['desk_status']) => (row.desk_status === status ? row.updated_at : null);
  return {
    paidAt: row.paid_at ?? row.created_at,
    productionAt: since('in_production'),
    dispatchedAt: row.dispatched_at,
    deliveredAt: row.delivered_at,
    refundedAt: since('refunded'),
    cancelledAt: since('cancelled'),
  };
}

/** Orders the page shows: paid, and whatever the desk moves a paid order on to. */
function isShown(row: OrderRow): boolean {
  return !['pending', 'failed', 'expired'].includes(row.status);
}

export class OrderPageService {
  private readonly findLimit: { readonly requests: number; readonly windowMs: number };
  private readonly counters: SharedCounters;
  private readonly now: () => Date;

  constructor(private readonly o: OrderPageServiceOptions) {
    this.findLimit = o.findLimit ?? DEFAULT_FIND_LIMIT;
    this.now = o.now ?? (() => new Date());
    this.counters = o.counters ?? memoryCounters(() => this.now().getTime());
  }

  /** Absolute link to the order's page; the key is in the hash, so it never reaches a server log. */
  pageUrl(reference: string, key: string): string {
    return `${this.o.publicUrl}${orderPagePath(reference, key)}`;
  }

  /**
   * The order behind a reference and key, or null. A wrong key, an unknown reference, an order not paid
   * and an order without a key all take the same path: one select that looks the key's hash up.
   */
  async open(referenceInput: string, key: string): Promise<OrderPageRecord | null> {
    const reference = normalizeReference(referenceInput);
    if (!isReference(reference) || !isOrderKey(key)) return null;
    const found = await this.o.store.findByReferenceAndKey(reference, key);
    if (!found?.keyMatches || !isShown(found.row)) return null;
    return this.o.store.pageRecord(found.row);
  }

  async view(reference: string, key: string): Promise<OrderPage | null> {
    const record = await this.open(reference, key);
    return record ? this.page(record) : null;
  }

  /**
   * "Find your order" (docs/product/order-flow.md §6.9). Returns 'limited' when this client asked too often for the
   * address or the reference (counted whether or not they match, so the limit says nothing either);
   * otherwise the caller answers the same either way while `deliver` e-mails the link on a match.
   *
   * The counts are per client and address, and per client and reference: a stranger who asks for
   * someone's address or order only uses up their own allowance, never the owner's. What protects the
   * order's inbox from many clients at once is the count of link e-mails per order (a match beyond it is
   * answered the same, and sends nothing). A request with the order's right key is never limited.
   */
  async find(request: FindRequest): Promise<{ limited: boolean; deliver: () => Promise<void> }> {
    const reference = normalizeReference(request.reference);
    const email = checkEmail(request.email);
    const emailKey = canonicalEmail(email.ok ? email.email : request.email);
    const keyed = request.key !== undefined && (await this.open(reference, request.key)) !== null;
    if (!keyed) {
      // Both are counted on every request, so a flood on one cannot hide behind the other.
      const { requests, windowMs } = this.findLimit;
      const [byAddress, byReference] = await Promise.all([
        this.counters.count(FIND_COUNTERS.byAddress, `${emailKey} ${request.client}`, windowMs),
        this.counters.count(FIND_COUNTERS.byReference, `${reference} ${request.client}`, windowMs),
      ]);
      if (byAddress.current > requests || byReference.current > requests) {
        return { limited: true, deliver: async () => {} };
      }
    }
    return {
      limited: false,
      deliver: async () => {
        if (!email.ok || !isReference(reference)) return;
        const row = await this.o.store.findByReference(reference);
        if (!row || !isShown(row) || row.email.trim().toLowerCase() !== email.email.toLowerCase()) return;
        if (!keyed) {
          const { requests, windowMs } = this.findLimit;
          const links = await this.counters.count(FIND_COUNTERS.linksByOrder, row.id, windowMs);
          if (links.current > requests) {
            this.o.log.info({ orderId: row.id }, 'find your order: link limit reached; nothing sent');
            return;
          }
        }
        // A key of its own for this e-mail: the keys sent before keep working (order-key.ts).
        const key = await this.o.store.issueKey(row.id);
        const { order } = await this.o.store.pageRecord(row);
        const mail = orderLinkMail({
          ...(await this.mailContext(order, reference)),
          orderPageUrl: this.pageUrl(reference, key),
        });
        await this.o.store.queueMail([
          outboxRow(
            {
              orderId: order.id,
              reference,
              kind: `${ORDERS_MAIL_KINDS.orderLink}-${randomUUID().slice(0, 8)}`,
              to: order.email,
              ...mail,
            },
            this.senderDomain(),
          ),
        ]);
        this.o.log.info({ orderId: order.id }, 'find your order: link queued');
        this.o.onMailQueued();
      },
    };
  }

  /** The notice of withdrawal: stored once, the owner told and the shopper sent a receipt. */
  async withdraw(request: WithdrawalRequest): Promise<WithdrawalOutcome> {
    const record = await this.open(request.reference, request.key);
    if (!record) return { kind: 'not-found' };
    const { order } = record;
    const existing = await this.o.store.withdrawal(order.id);
    if (existing) return { kind: 'ok', order: await this.page(record) };
    if (!withdrawalWindow(facts(record.row), order.zone, this.now()).open) return { kind: 'closed' };
    const name = request.name.trim();
    if (name === '') return { kind: 'invalid', error: 'Please enter your name' };
    const positions = [...new Set(request.lines)];
    const lines = this.lines(record);
    const chosen = positions.map((p) => lines.find((l) => l.position === p));
    if (chosen.some((l) => l === undefined)) {
      return { kind: 'invalid', error: 'One of the items is not part of this order' };
    }
    const items = chosen.flatMap((l) => (l ? [itemText(l)] : []));
    const reason = request.reason?.trim() ? request.reason.trim() : null;
    const reference = order.reference ?? '';
    // The acknowledgement links to the page with a key of its own (a repeat of the notice queues nothing).
    const key = await this.o.store.issueKey(order.id);
    const ctx = {
      ...(await this.mailContext(order, reference)),
      orderPageUrl: this.pageUrl(reference, key),
      notice: { name, items, reason, receivedAt: this.now().toISOString() },
    };
    const ack = withdrawalAcknowledgement(ctx);
    const owner = withdrawalOwnerNotice({ ...ctx, deskUrl: deskOrderUrl(this.o.publicUrl, reference) });
    const domain = this.senderDomain();
    const stored = await this.o.store.recordWithdrawal(
      order.id,
      { name, items: JSON.stringify(items), reason },
      [
        outboxRow(
          { orderId: order.id, reference, kind: ORDERS_MAIL_KINDS.withdrawalAck, to: order.email, ...ack },
          domain,
        ),
        outboxRow(
          {
            orderId: order.id,
            reference,
            kind: ORDERS_MAIL_KINDS.withdrawalOwner,
            to: ctx.orderEmail,
            replyTo: order.email,
            ...owner,
          },
          domain,
        ),
      ],
      // The notice opens the return of what it names, once, in the same transaction.
      this.o.returns
        ? (trx) =>
            this.o.returns?.openForWithdrawal(
              trx,
              { id: order.id, dispatchedAt: record.row.dispatched_at },
              record.lineRows,
              positions,
            ) ?? Promise.resolve()
        : undefined,
    );
    if (stored) {
      this.o.log.info(
        { orderId: order.id, items: items.length },
        'withdrawal notice received; e-mails queued',
      );
      this.o.onMailQueued();
    }
    return { kind: 'ok', order: await this.page(record) };
  }

  private senderDomain(): string {
    return this.o.mailFrom.slice(this.o.mailFrom.lastIndexOf('@') + 1);
  }

  /** The seller as she is now, the order's own VAT; `orderEmail` is where her notices go. */
  private async mailContext(order: StoredOrder, reference: string) {
    const seller = await this.o.seller();
    return {
      order,
      reference,
      contactEmail: seller.email,
      orderEmail: seller.orderEmail,
      legal: legalFacts(seller, orderVatOf(order, this.o.vatBefore), this.o.publicUrl),
      orderPageUrl: order.orderKey ? this.pageUrl(reference, order.orderKey) : null,
      zoneName: await this.o.zoneName(order.zone),
    };
  }

  /**
   * The settled VAT in the words of the confirmation e-mail: the seller's name now and the order's own VAT
   * number, as the e-mail's `legalFacts` take them, so the page never says it differently.
   */
  private async vatStatementOf(order: StoredOrder): Promise<VatStatement | null> {
    const vat = await this.o.vat?.settledOf(order.id);
    if (!vat) return null;
    return {
      vat,
      sellerName: (await this.o.seller()).name,
      vatNumber: orderVatOf(order, this.o.vatBefore).vatNumber,
    };
  }

  private lines(record: OrderPageRecord): OrderPageLine[] {
    return record.order.lines.map((l, i) => {
      return {
        position: record.lineRows[i]?.position ?? i,
        name: l.name,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        lineTotal: l.lineTotal,
        // A quote's custom line has no bracelet size (its stored 'M' is the column's default).
        size: isCustomLineId(l.id) ? null : l.size,
        image: l.image ?? null,
      };
    });
  }

  /** The split when gift cards paid (docs/product/gift-cards.md §19.3): theirs, then the card's rest. */
  private async paymentsOf(order: StoredOrder): Promise<{ payments?: OrderPage['payments'] }> {
    const cards = order.reference ? ((await this.o.payments?.giftCardsOf(order.reference)) ?? []) : [];
    if (cards.length === 0) return {};
    const rest = order.total - cards.reduce((sum, c) => sum + c.amount, 0);
    return {
      payments: [
        ...cards.map((c) => ({
          method: 'gift_card' as const,
          amount: c.amount,
          ...(c.last4 ? { last4: c.last4 } : {}),
        })),
        ...(rest > 0 ? [{ method: 'card' as const, amount: rest }] : []),
      ],
    };
  }

  /** The cards the order bought: lines of the page like its bracelets, above the totals that count them. */
  private async boughtOf(order: StoredOrder): Promise<{ giftCardsBought?: OrderPage['giftCardsBought'] }> {
    if ((order.giftCardsSold ?? 0) === 0 || !order.reference) return {};
    const bought = (await this.o.payments?.giftCardsBoughtOf?.(order.reference)) ?? [];
    return bought.length > 0 ? { giftCardsBought: bought.map((c) => ({ ...c })) } : {};
  }

  private async exchangesOf(
    record: OrderPageRecord,
  ): Promise<Pick<OrderPage, 'exchanges' | 'exchangeOffer'>> {
    const part = await this.o.exchanges?.ofOrder(record.row, record.lineRows);
    if (!part) return {};
    return {
      ...(part.exchanges.length > 0 ? { exchanges: part.exchanges } : {}),
      ...(part.offer ? { exchangeOffer: part.offer } : {}),
    };
  }

  private async page(record: OrderPageRecord): Promise<OrderPage> {
    const { order, row } = record;
    const f = facts(row);
    const window = withdrawalWindow(f, order.zone, this.now());
    const notice = await this.o.store.withdrawal(order.id);
    // The day it left once dispatched; before, the date promised at payment (§14), unless cancelled or
    // refunded in full first: an ended order promises nothing.
    const ended = f.cancelledAt !== null || f.refundedAt !== null;
    const dispatchDate: IsoDate | null = f.dispatchedAt
      ? irishDate(new Date(f.dispatchedAt))
      : ended
        ? null
        : order.dispatchDate;
    const tracking = row.tracking_url ?? row.tracking_number ?? row.carrier;
    return {
      reference: order.reference ?? '',
      testOrder: order.provider === TEST_PROVIDER_ID,
      timeline: buildTimeline(f),
      tracking: tracking ? { carrier: carrierName(row.carrier), url: safeUrl(row.tracking_url) } : null,
      dispatchDate,
      deliveryEstimate:
        f.deliveredAt || ended || !dispatchDate ? null : deliveryEstimate(dispatchDate, order.zone),
      lines: this.lines(record),
      giftMessage: row.gift_message,
      subtotal: order.subtotal,
      discount: order.discount,
      discountCode: order.discountCode,
      ...(order.discount > 0 ? { discountLabel: orderDiscountLabel(order) } : {}),
      shipping: order.shipping,
      giftWrap: order.giftWrap,
      total: order.total,
      ...(await this.paymentsOf(order)),
      ...(await this.boughtOf(order)),
      refunded: row.refunded,
      vatIncluded: vatInOrder(order, orderVatOf(order, this.o.vatBefore)),
      vatStatement: await this.vatStatementOf(order),
      zoneLabel: await this.o.zoneName(order.zone),
      address: order.shippingDetails ? addressLines(order.shippingDetails) : [],
      withdrawal: {
        open: window.open && notice === null,
        until: window.until,
        sent: notice ? { at: notice.createdAt, lines: parseWithdrawnItems(notice.items) } : null,
        ended: orderEnded(f),
      },
      returns: (await this.o.returns?.ofOrder(order.id)) ?? [],
      ...(await this.exchangesOf(record)),
    };
  }
}

function itemText(line: OrderPageLine): string {
  return `${line.quantity} x ${line.name}${line.size ? ` (${sizeLabel(line.size)})` : ''}`;
}

/** The lines a withdrawal notice names, as the shopper saw them ("1 x Sea Glass (size M)"). */
export function parseWithdrawnItems(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The carrier as the shopper knows it ("An Post"), not the desk's code; null when none was given. */
function carrierName(code: string | null): string | null {
  const carrier = CARRIERS.find((c) => c === code);
  return carrier ? CARRIER_LABELS[carrier] : code;
}

/** Only http(s) links reach the page's href (a carrier URL typed by the owner). */
function safeUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}
