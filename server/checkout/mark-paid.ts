/**
 * The one step that makes an order paid, whichever way the money came: the confirmation page and the
 * provider's webhook (both through CheckoutService.confirm), the reconcile pass, the owner's order marked
 * paid, a payment link paid, a quote paid. In ONE transaction (OrderStore.markPaidAndQueue): the order
 * moves to paid, is dated behind the making queue (domain/making/making-queue.ts), every paid participant
 * runs, and its confirmation e-mails are queued. Idempotent: a second call for a paid order changes nothing
 * and answers the same order.
 */

import type { Transaction } from 'kysely';
import { type DispatchCalendar, dispatchDate } from '../../domain/making/dispatch';
import { type MakingQueueSource, promisedQueue } from '../../domain/making/making-queue';
import { quoteDispatchDate } from '../../domain/quotes/quotes';
import type { SellerSettings } from '../../domain/settings/shop-settings';
import { type IsoDate, irishDate } from '../../domain/shared/calendar-date';
import type { Database, NewOutboxRow } from '../db/schema';
import { MAIL_KINDS, outboxRow } from '../mail/outbox';
import { senderDomain } from '../mail/transport';
import {
  customerConfirmation,
  deskOrderUrl,
  legalFacts,
  type OrderMailSetup,
  type OrderStore,
  orderVatOf,
  ownerNotification,
  type StoredOrder,
} from '../orders';
import type { ShippingDetails } from '../payments';

/**
 * A feature's part in every payment, run inside the payment's transaction by the winning call only (a
 * gift card issued or its reserved balance spent, the VAT lines and the invoice number recorded). What it
 * throws rolls the payment back: the order stays unpaid and the next confirmation tries again.
 */
export interface PaidParticipant {
  /** For the error a failure is reported with. */
  readonly name: string;
  readonly onPaid: (trx: Transaction<Database>, order: StoredOrder, mail: PaidMail) => Promise<void>;
}

/** What a participant adds to the payment's e-mails: the VAT invoice it issued (the confirmation links it). */
export interface PaidMail {
  invoiceNumber: string | null;
}

/** How the money came. */
export type PaymentWay =
  /** The hosted checkout (a cart's, a quote's, a payment link's): the provider's session says paid. */
  | {
      readonly by: 'provider';
      readonly sessionId: string;
      readonly shipping: ShippingDetails | null;
      readonly paymentId: string | null;
    }
  /** The owner's order marked paid (docs/product.md §10.17): her e-mail to the customer only if she asks. */
  | { readonly by: 'owner'; readonly emailCustomer: boolean };

export interface PaidOutcome {
  /** True only for the one call that moved the order to paid (and queued its e-mails). */
  readonly first: boolean;
  /** The order as stored after the call. */
  readonly order: StoredOrder;
}

export interface MarkPaidOptions extends OrderMailSetup {
  readonly store: OrderStore;
  /** The order page's absolute link (OrderPageService.pageUrl). */
  readonly pageUrl: (reference: string, key: string) => string;
  readonly log: { info(obj: object, msg: string): void };
  /** Called after e-mails were queued (wakes the outbox sender). */
  readonly onMailQueued: () => void;
  readonly calendar?: () => Promise<DispatchCalendar>;
  readonly now?: () => number;
  /** The maker's queue and capacity; none: every order is dated as if it were the only one. */
  readonly queue?: MakingQueueSource;
  /** Once per order, after the payment committed (the /metrics counter, the `orderPaid` event). */
  readonly onPaid?: (order: {
    readonly orderId: string;
    readonly enquiryId: string | null;
    readonly email: string;
  }) => void;
}

/** Without the settings (tests): Monday to Friday, no closures, never away. */
const NO_CALENDAR: DispatchCalendar = {};

export class MarkPaid {
  private readonly participants: PaidParticipant[] = [];
  private sealed = false;

  constructor(private readonly o: MarkPaidOptions) {}

  /**
   * A feature joins every payment; at plugin registration only (the list is declared before the first
   * request, so every payment runs the same participants).
   */
  join(participant: PaidParticipant): void {
    if (this.sealed) throw new Error(`paid participant ${participant.name} joined after the shop started`);
    this.participants.push(participant);
  }

  /** No participant joins once the shop serves requests. */
  seal(): void {
    this.sealed = true;
  }

  /** The participants in the order they run. */
  get declared(): readonly string[] {
    return this.participants.map((p) => p.name);
  }

  /** Marks the order paid, once; null for an order the shop does not have. */
  async markPaid(orderOrId: StoredOrder | string, way: PaymentWay): Promise<PaidOutcome | null> {
    const { store, log } = this.o;
    const order = typeof orderOrId === 'string' ? await store.findById(orderOrId) : orderOrId;
    if (!order) return null;
    if (order.status === 'paid') return { first: false, order };
    const dispatch = await this.dispatchOf(order);
    // The seller as she is now: the e-mails are composed inside the payment's transaction.
    const seller = await this.o.seller();
    const zoneName = await this.o.zoneName(order.zone);
    const emails = way.by === 'provider' || way.emailCustomer;
    // The invoice a participant issued in the payment's transaction: the confirmation links its PDF.
    const mail: PaidMail = { invoiceNumber: null };
    const first = await store.markPaidAndQueue(
      order.id,
      way.by === 'provider' ? way.shipping : null,
      (paid) =>
        way.by === 'provider'
          ? this.messages(paid, seller, zoneName, mail.invoiceNumber)
          : way.emailCustomer
            ? [this.customerMessage(paid, seller, zoneName, mail.invoiceNumber)]
            : [],
      {
        paymentId: way.by === 'provider' ? way.paymentId : null,
        dispatchDate: dispatch,
        handedOver: order.channel === 'handed_over',
        within: async (trx, paid) => {
          for (const participant of this.participants) await participant.onPaid(trx, paid, mail);
        },
      },
    );
    if (first) {
      this.o.queue?.invalidate();
      if (way.by === 'provider')
        log.info(
          { orderId: order.id, sessionId: way.sessionId, total: order.total },
          'order paid; e-mails queued',
        );
      else log.info({ orderId: order.id, total: order.total, emailed: emails }, 'manual order marked paid');
      if (emails) this.o.onMailQueued();
      this.o.onPaid?.({ orderId: order.id, enquiryId: order.enquiryId ?? null, email: order.email });
    }
    return { first, order: (await store.findById(order.id)) ?? order };
  }

  /**
   * Computed at payment, from the moment the shop learns of it (docs/product.md §14): what the
   * confirmation page and both e-mails say from now on. With the making queue, from the pieces ahead of
   * this order read in the payment's own transaction. A quote's order: the owner's date while it is still
   * ahead (docs/product.md, quotes). Handed over on the spot: nothing to make, so no date.
   */
  private async dispatchOf(order: StoredOrder): Promise<IsoDate | null | ((piecesAhead: number) => IsoDate)> {
    if (order.channel === 'handed_over') return null;
    const now = new Date((this.o.now ?? Date.now)());
    const calendar = (await this.o.calendar?.()) ?? NO_CALENDAR;
    const promised = order.quoteReference ? order.dispatchDate : null;
    if (promised && quoteDispatchDate(promised, irishDate(now))) return promised;
    const capacity = await this.o.queue?.capacity();
    if (capacity === undefined) return dispatchDate(now, calendar);
    return (piecesAhead: number) =>
      dispatchDate(now, {
        ...calendar,
        queue: promisedQueue({ queuedPieces: piecesAhead, capacity }),
        pieces: order.itemCount,
      });
  }

  private mailContext(
    order: StoredOrder,
    seller: SellerSettings,
    zoneName: string,
    invoiceNumber: string | null = null,
  ) {
    const reference = referenceOf(order);
    // markPaidAndQueue gives every order its key in the same update, so every order e-mail links to its page.
    const orderPageUrl = order.orderKey ? this.o.pageUrl(reference, order.orderKey) : null;
    const legal = legalFacts(seller, orderVatOf(order, this.o.vatBefore), this.o.publicUrl);
    const invoice =
      invoiceNumber && order.orderKey
        ? {
            number: invoiceNumber,
            url: `${this.o.publicUrl}/api/orders/${encodeURIComponent(reference)}/invoice.pdf?key=${encodeURIComponent(order.orderKey)}`,
          }
        : null;
    return { order, reference, contactEmail: seller.email, legal, orderPageUrl, zoneName, invoice };
  }

  /** The customer's confirmation alone (a manual order's, when the owner asks for it). */
  private customerMessage(
    order: StoredOrder,
    seller: SellerSettings,
    zoneName: string,
    invoiceNumber: string | null = null,
  ): NewOutboxRow {
    const ctx = this.mailContext(order, seller, zoneName, invoiceNumber);
    return outboxRow(
      {
        orderId: order.id,
        reference: ctx.reference,
        kind: MAIL_KINDS.customer,
        to: order.email,
        ...customerConfirmation(ctx),
      },
      senderDomain(this.o.mailFrom),
      Date.now(),
    );
  }

  private messages(
    order: StoredOrder,
    seller: SellerSettings,
    zoneName: string,
    invoiceNumber: string | null,
  ): NewOutboxRow[] {
    const ctx = this.mailContext(order, seller, zoneName, invoiceNumber);
    const { reference } = ctx;
    const owner = ownerNotification({ ...ctx, deskUrl: deskOrderUrl(this.o.publicUrl, reference) });
    const domain = senderDomain(this.o.mailFrom);
    const now = Date.now();
    return [
      this.customerMessage(order, seller, zoneName, invoiceNumber),
      outboxRow(
        // Her Reply answers the customer.
        {
          orderId: order.id,
          reference,
          kind: MAIL_KINDS.owner,
          to: seller.orderEmail,
          replyTo: order.email,
          ...owner,
        },
        domain,
        now,
      ),
    ];
  }
}

/**
 * Every paid order has a reference: a checkout's comes with its session (OrderStore.attachSession), an
 * order the owner marked paid is stored with one. So this never throws in practice.
 */
export function referenceOf(order: StoredOrder): string {
  if (order.reference === null) throw new Error(`Order ${order.id} has no payment session, so no reference`);
  return order.reference;
}
