/**
 * The owner's own order, taken by phone or at a craft fair (docs/product/orders.md §10.17): priced from the
 * catalogue the server serves now (her own price for a line, with its reason, audited), VAT and shipping as
 * for any order to the zone, then either marked paid now (cash, card reader, bank transfer: into the making
 * queue, no e-mail unless she asks) or paid by the customer through the same hosted checkout as any order
 * (a link; confirmed as any order once paid). One order per desk submission (the Idempotency-Key, kept on
 * the order, unique). Sales paused in the settings do not stop it.
 */

import type { Transaction } from 'kysely';
import type { PricedLineInput } from '../../domain/cart/pricing';
import { nameWithSize } from '../../domain/catalogue/sizes';
import type { CatalogueProduct } from '../../domain/catalogue/snapshot';
import { checkGiftMessage } from '../../domain/checkout/gift-message';
import { ORDER_CHANNELS, type OrderChannel } from '../../domain/checkout/order-channels';
import { pricedOrder, storedTotals } from '../../domain/checkout/priced-order';
import { BRAND, DEFAULT_SIZE, type SizeCode } from '../../domain/config';
import type { DiscountedTotals } from '../../domain/offers/discounts';
import { ADMIN_MESSAGES } from '../../domain/orders/admin-api';
import {
  countryOutsideZoneMessage,
  MANUAL_ORDER_LIMITS,
  MANUAL_ORDER_MESSAGES,
  type ManualCustomer,
  type ManualOrderCreated,
  type ManualOrderPreviewRequest,
  type ManualOrderRequest,
  type ManualOrderTotals,
  notOrderableMessage,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../domain/orders/manual-order';
import {
  type AllSettings,
  currentZone,
  shippingRates,
  zoneClosedMessage,
} from '../../domain/settings/shop-settings';
import { checkEmail, maskEmail } from '../../domain/shared/email';
import { cents } from '../../domain/shared/money';
import { refusesDestination } from '../../domain/vat/vat-breakdown';
import { type Actor, type AuditTrail, oncePerAction, type RequestClaims } from '../audit/audit-trail';
import type { CatalogueSource } from '../catalogue';
import type { CheckoutService, MarkPaid } from '../checkout';
import type { Database } from '../db/schema';
import { type NewEvent, recordOrderEvents } from '../fulfilment';
import { randomAlphanumeric } from '../lib/ids';
import { Refusal, refuse } from '../lib/refusal';
import { escapeHtml, htmlLink, htmlMail, htmlParagraph, money } from '../mail/layout';
import { outboxRow } from '../mail/outbox';
import { senderDomain } from '../mail/transport';
import type { OrderRow, OrderStore } from '../orders';
import type { ShippingDetails } from '../payments';
import { MANUAL_ORDERS_MAIL_KINDS } from './mail-kinds';

export interface ManualOrderServiceOptions {
  readonly checkout: CheckoutService;
  /** The one step that marks an order paid (the checkout's `paid`). */
  readonly paid: MarkPaid;
  readonly store: OrderStore;
  readonly catalogue: CatalogueSource;
  readonly settings: () => Promise<Pick<AllSettings, 'shipping' | 'vat'>>;
  readonly audit: Pick<AuditTrail, 'audit'>;
  readonly requests: RequestClaims;
  readonly mailFrom: string;
  readonly onMailQueued: () => void;
  readonly log: { info(obj: object, msg: string): void };
}

/** A line as priced: what the order stores, and what the desk is shown. */
interface PricedManualLine extends PricedLineInput {
  readonly size: SizeCode;
  readonly listPrice: number;
  readonly reason: string | null;
}

interface Prepared {
  readonly lines: readonly PricedManualLine[];
  readonly totals: DiscountedTotals;
  /** '' and null while the preview has no customer yet (create always has one). */
  readonly email: string;
  readonly shipping: ShippingDetails | null;
  readonly giftMessage: string | null;
}

/** The mail kind of a payment link sent to the customer (once per order). */
export const PAYMENT_LINK_MAIL_KIND = MANUAL_ORDERS_MAIL_KINDS.paymentLink;

/** 'SOL-' and 8 letters or digits, as every order's reference (an order marked paid has no session). */
function newManualReference(): string {
  return `SOL-${randomAlphanumeric(8).toUpperCase()}`;
}

function shippingOf(customer: ManualCustomer): ShippingDetails {
  const { address } = customer;
  const optional = (v: string | undefined) => (v?.trim() ? v : null);
  return {
    name: customer.name,
    address: {
      line1: address.line1,
      line2: optional(address.line2),
      city: address.city,
      state: optional(address.state),
      postalCode: optional(address.postalCode),
      country: address.country,
    },
  };
}

function channelOf(row: OrderRow): OrderChannel {
  return (ORDER_CHANNELS as readonly string[]).includes(row.channel) ? row.channel : 'web';
}

function methodOf(row: OrderRow): PaymentMethod | null {
  const method = row.payment_method;
  return method && method !== 'gift_card' && PAYMENT_METHODS.includes(method) ? method : null;
}

export class ManualOrderService {
  constructor(private readonly o: ManualOrderServiceOptions) {}

  /** POST /api/admin/orders/preview: the server's prices and totals for the form, nothing stored. */
  async preview(body: ManualOrderPreviewRequest): Promise<ManualOrderTotals> {
    return this.totalsOf(await this.prepare(body));
  }

  /** POST /api/admin/orders. */
  async create(body: ManualOrderRequest, actor: Actor): Promise<ManualOrderCreated> {
    const key = actor.requestKey ?? null;
    // One order per desk submission (docs/product/orders.md §10.5): a repeat answers the order it made.
    const made = key === null ? null : await this.o.store.findByRequestKey(key);
    // The same submission's own wish: a repeat that finishes the order sends what the first one asked.
    const emailed = body.payment === 'paid' && body.emailCustomer === true;
    if (made) return this.repeat(made, emailed);
    if (body.payment === 'paid' && body.method === undefined)
      return refuse('invalid', MANUAL_ORDER_MESSAGES.method);
    if (body.payment === 'link' && body.method !== undefined)
      return refuse('invalid', MANUAL_ORDER_MESSAGES.methodWithLink);
    const handedOver = body.handedOver === true;
    if (handedOver && body.payment !== 'paid')
      return refuse('invalid', MANUAL_ORDER_MESSAGES.handedOverPayment);
    if (handedOver && body.customer) return refuse('invalid', MANUAL_ORDER_MESSAGES.handedOverCustomer);
    if (handedOver && body.emailCustomer) return refuse('invalid', MANUAL_ORDER_MESSAGES.handedOverEmail);
    const { customer } = body;
    if (!handedOver && !customer) return refuse('invalid', MANUAL_ORDER_MESSAGES.name);
    const p = await this.prepare(body);
    if (body.payment === 'link' && p.totals.total <= 0)
      return refuse('invalid', MANUAL_ORDER_MESSAGES.freeLink);
    const events = this.events(p, body, actor);
    const order = {
      email: p.email,
      totals: p.totals,
      giftMessage: p.giftMessage,
      lineReasons: p.lines.map((l) => l.reason),
      within: (trx: Transaction<Database>, orderId: string) => recordOrderEvents(trx, orderId, events),
    };
    try {
      if (body.payment === 'paid') {
        const reference = await this.freeReference();
        const orderId = await this.o.checkout.createManualPaid({
          ...order,
          manual: {
            reference,
            shipping: customer ? shippingOf(customer) : null,
            paymentMethod: body.method ?? null,
            requestKey: key,
            handedOver,
          },
        });
        await this.o.paid.markPaid(orderId, { by: 'owner', emailCustomer: body.emailCustomer === true });
        await this.audited(reference, p, body, actor);
        return this.answer(orderId);
      }
      const outcome = await this.o.checkout.createManualCheckout({
        ...order,
        manual: { shipping: customer ? shippingOf(customer) : null, paymentMethod: null, requestKey: key },
      });
      const orderId = outcome.logged.orderId;
      const stored = await this.o.store.findById(orderId);
      const reference = stored?.reference ?? '';
      if (body.emailCustomer === true && stored) await this.queueLink(stored, outcome.url);
      await this.audited(reference, p, body, actor);
      return this.answer(orderId, outcome.url);
    } catch (err) {
      // Refused (the payment provider): the order stored for it was abandoned, not made; the refusal stands.
      if (err instanceof Refusal) throw err;
      // The same submission stored meanwhile by another request or instance (the key is unique).
      const other = key === null ? null : await this.o.store.findByRequestKey(key);
      if (other) return this.repeat(other, emailed);
      throw err;
    }
  }

  /**
   * POST .../payment-link: the unpaid order's link e-mailed to the customer again (the owner left the
   * screen that showed it, or the customer lost the first e-mail); a message of its own each time.
   */
  async emailLink(reference: string, actor: Actor): Promise<{ ok: true }> {
    const sent = { ok: true } as const;
    return oncePerAction(
      this.o.requests,
      { action: 'order-payment-link', target: reference, actor },
      async () => {
        const row = await this.o.store.findByReference(reference);
        if (!row) return refuse('not-found', ADMIN_MESSAGES.notFound);
        if (row.status !== 'pending' || !row.checkout_url)
          return refuse('conflict', MANUAL_ORDER_MESSAGES.noLink);
        if (row.email === '') return refuse('conflict', MANUAL_ORDER_MESSAGES.noCustomer);
        await this.queueLink(row, row.checkout_url, `${PAYMENT_LINK_MAIL_KIND}:resend:${Date.now()}`);
        await this.o.audit.audit({
          ...actor,
          action: 'order-resend',
          target: reference,
          detail: 'payment link',
        });
        return sent;
      },
      async () => sent,
    );
  }

  /** A repeated submission: the order it made, finished if a crash stopped it between its two steps. */
  private async repeat(row: OrderRow, emailCustomer: boolean): Promise<ManualOrderCreated> {
    if (row.status === 'pending' && row.payment_method !== null)
      await this.o.paid.markPaid(row.id, { by: 'owner', emailCustomer });
    // A link order still unpaid: its payment link again.
    return this.answer(row.id, row.status === 'pending' ? (row.checkout_url ?? undefined) : undefined);
  }

  private async answer(orderId: string, paymentUrl?: string): Promise<ManualOrderCreated> {
    const row = await this.o.store.findRowById(orderId);
    if (!row) throw new Error(`manual order ${orderId} vanished`);
    const lines = await this.o.store.linesOf(orderId);
    const products = new Map(this.o.catalogue.current().products.map((p) => [p.id, p]));
    return {
      ok: true,
      order: {
        reference: row.reference ?? '',
        status: row.desk_status,
        channel: channelOf(row),
        paymentMethod: methodOf(row),
        lines: lines.map((l) => ({
          id: l.product_id,
          name: l.name,
          size: l.size,
          quantity: l.quantity,
          unitPrice: l.unit_price,
          listPrice: products.get(l.product_id)?.price ?? l.unit_price,
          lineTotal: l.line_total,
          reason: l.price_reason ?? null,
        })),
        subtotal: row.subtotal + row.discount,
        shipping: row.shipping,
        giftWrap: row.gift_wrap,
        total: row.total,
      },
      ...(paymentUrl ? { paymentUrl } : {}),
    };
  }

  private totalsOf(p: Prepared): ManualOrderTotals {
    return {
      lines: p.totals.lines.map((l, i) => ({
        id: l.id,
        name: l.name,
        size: l.size ?? DEFAULT_SIZE,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        listPrice: p.lines[i]?.listPrice ?? l.unitPrice,
        lineTotal: l.lineTotal,
        reason: p.lines[i]?.reason ?? null,
      })),
      subtotal: p.totals.subtotal,
      shipping: p.totals.shipping,
      giftWrap: p.totals.giftWrap,
      total: p.totals.total,
    };
  }

  /** The body checked against the catalogue and the settings, and priced; a refusal names the field. */
  private async prepare(body: ManualOrderPreviewRequest): Promise<Prepared> {
    const invalid = (error: string) => refuse('invalid', error);
    const products = new Map<string, CatalogueProduct>(
      this.o.catalogue.current().products.map((p) => [p.id, p]),
    );
    const seen = new Set<string>();
    const lines: PricedManualLine[] = [];
    for (const [i, item] of body.items.entries()) {
      const at = `items[${i}]`;
      if (item.quantity < 1 || item.quantity > MANUAL_ORDER_LIMITS.quantity)
        return invalid(`${at}.quantity: ${MANUAL_ORDER_MESSAGES.quantity}`);
      if (
        item.unitPrice !== undefined &&
        (item.unitPrice < 0 || item.unitPrice > MANUAL_ORDER_LIMITS.unitPrice)
      )
        return invalid(`${at}.unitPrice: ${MANUAL_ORDER_MESSAGES.unitPrice}`);
      const product = products.get(item.id);
      if (!product) return invalid(`${at}.id: ${MANUAL_ORDER_MESSAGES.unknownProduct}`);
      if (product.status !== 'active')
        return invalid(`${at}.id: ${notOrderableMessage(product.name, product.status)}`);
      const size: SizeCode = item.size ?? DEFAULT_SIZE;
      if (!product.sizes.includes(size))
        return invalid(`${at}.size: ${product.name} is not made in size ${size}`);
      if (seen.has(`${product.id}:${size}`)) return invalid(`${at}: ${MANUAL_ORDER_MESSAGES.duplicate}`);
      seen.add(`${product.id}:${size}`);
      const own = item.unitPrice !== undefined && item.unitPrice !== product.price;
      const reason = item.reason?.trim() ? item.reason.trim() : null;
      if (own && reason === null) return invalid(`${at}.reason: ${MANUAL_ORDER_MESSAGES.reasonNeeded}`);
      lines.push({
        id: product.id,
        name: product.name,
        size,
        unitPrice: cents(own ? (item.unitPrice ?? product.price) : product.price),
        quantity: item.quantity,
        image: product.images[0]?.base ?? null,
        listPrice: product.price,
        reason: own ? reason : null,
      });
    }
    const shop = await this.o.settings();
    const zone = currentZone(shop.shipping, body.zone);
    if (!zone) return invalid(zoneClosedMessage(body.zone));
    const { customer } = body;
    const email = customer ? checkEmail(customer.email) : null;
    if (email && !email.ok) return invalid(`customer.email: ${email.message}`);
    if (customer && !zone.countries.includes(customer.address.country))
      return invalid(countryOutsideZoneMessage(customer.address.country, zone.name));
    // Its VAT is priced at payment as any order's (checkout-vat.ts): none where the owner does not sell.
    if (customer && refusesDestination(shop.vat.gb, customer.address.country))
      return invalid(MANUAL_ORDER_MESSAGES.noSaleToGb);
    const giftWrap = body.giftWrap ?? false;
    const gift = checkGiftMessage(body.giftMessage, giftWrap);
    if (!gift.ok) return invalid(`giftMessage: ${gift.error}`);
    // Handed over on the spot: nothing is delivered, so no shipping.
    const rates = shippingRates(shop.shipping);
    // The one priced order (domain/checkout/priced-order.ts), stored as it comes: no discount, no card
    // paying; its VAT is priced at payment on the address (checkout-vat.ts), by the same per-line rule.
    const totals = storedTotals(
      pricedOrder(lines, {
        zone: body.zone,
        giftWrap,
        shippingRates:
          body.handedOver === true ? { ...rates, [body.zone]: { ...zone, fee: cents(0) } } : rates,
        discounts: [],
        tax: null,
        payments: [],
        cardsBought: [],
      }),
    );
    return {
      lines,
      totals,
      email: email?.ok ? email.email : '',
      giftMessage: gift.message,
      shipping: customer ? shippingOf(customer) : null,
    };
  }

  /** The order's history: who took it and how, and each line's own price with its reason. */
  private events(p: Prepared, body: ManualOrderRequest, actor: Actor): NewEvent[] {
    const paid = `paid (${PAYMENT_METHOD_LABELS[body.method ?? 'cash']})`;
    const how =
      body.handedOver === true
        ? `handed over on the spot, ${paid}`
        : body.payment === 'paid'
          ? `marked ${paid}`
          : 'sent a payment link';
    const events: NewEvent[] = [
      {
        kind: 'created',
        actor: 'owner',
        by: actor.name,
        text: `Order taken in the desk by phone or at a fair; ${how}`,
      },
    ];
    for (const [i, line] of p.lines.entries()) {
      if (line.reason === null) continue;
      events.push({
        kind: 'changed',
        actor: 'owner',
        by: actor.name,
        text: `Price of line ${i + 1} (${nameWithSize(line.name, line.size)}): ${money(line.unitPrice)} instead of ${money(line.listPrice)}. Reason: ${line.reason}`,
      });
    }
    return events;
  }

  private async audited(
    reference: string,
    p: Prepared,
    body: ManualOrderRequest,
    actor: Actor,
  ): Promise<void> {
    const how = body.payment === 'paid' ? `paid (${body.method ?? '?'})` : 'payment link';
    const own = p.lines.filter((l) => l.reason !== null).length;
    await this.o.audit.audit({
      ...actor,
      action: 'create-order',
      target: reference,
      detail: `manual, ${how}, total ${money(p.totals.total)}, ${p.totals.itemCount} pieces, to ${maskEmail(p.email)}${own > 0 ? `, ${own} own price${own > 1 ? 's' : ''}` : ''}`,
    });
    for (const [i, line] of p.lines.entries()) {
      if (line.reason === null) continue;
      await this.o.audit.audit({
        ...actor,
        action: 'order-price',
        target: reference,
        detail: `line ${i + 1} ${nameWithSize(line.name, line.size)}: ${money(line.unitPrice)} instead of ${money(line.listPrice)}; ${line.reason}`,
      });
    }
    this.o.log.info(
      { reference, total: p.totals.total, payment: body.payment, to: maskEmail(p.email) },
      'manual order created',
    );
  }

  /** A reference no order has (an order marked paid has no session to derive one from). */
  private async freeReference(): Promise<string> {
    for (;;) {
      const reference = newManualReference();
      if (!(await this.o.store.findByReference(reference))) return reference;
    }
  }

  /** The payment link e-mailed to the customer, once (the outbox's unique order and kind). */
  private async queueLink(
    order: { id: string; reference: string | null; email: string; total: number },
    url: string,
    kind: string = PAYMENT_LINK_MAIL_KIND,
  ) {
    const reference = order.reference ?? '';
    const subject = `Your order from ${BRAND.name} (${reference}): pay by card`;
    const lines = [
      'Hello,',
      '',
      `Thank you for your order ${reference}: ${money(order.total)} in all, delivery included.`,
      'You can pay it by card here:',
      '',
      `  ${url}`,
      '',
      'Once it is paid you get the confirmation e-mail with the date it is dispatched by.',
      '',
      `${BRAND.name}: ${BRAND.tagline}`,
      '',
    ];
    const html = htmlMail(subject, [
      htmlParagraph('Hello,'),
      htmlParagraph(
        escapeHtml(`Thank you for your order ${reference}: ${money(order.total)} in all, delivery included.`),
      ),
      htmlParagraph(htmlLink(url, 'Pay your order by card')),
      htmlParagraph('Once it is paid you get the confirmation e-mail with the date it is dispatched by.'),
    ]);
    await this.o.store.queueMail([
      outboxRow(
        {
          orderId: order.id,
          reference,
          kind,
          to: order.email,
          subject,
          text: lines.join('\n'),
          html,
        },
        senderDomain(this.o.mailFrom),
      ),
    ]);
    this.o.onMailQueued();
  }
}
