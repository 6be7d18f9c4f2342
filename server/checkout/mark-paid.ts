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
import { type IsoDate, irishDate } from '../../domain/shared/calendar-date';
import type { Database } from '../db/schema';
import {
  type OrderMailSetup,
  type OrderStore,
  type PaidMailParts,
  type PaidParticipant,
  paidCustomerMessage,
  paidMessages,
  type StoredOrder,
} from '../orders';
import type { ShippingDetails } from '../payments';

/** How the money came. */
export type PaymentWay =
  /** The hosted checkout (a cart's, a quote's, a payment link's): the provider's session says paid. */
  | {
      readonly by: 'provider';
      readonly sessionId: string;
      readonly shipping: ShippingDetails | null;
      readonly paymentId: string | null;
    }
  /** The owner's order marked paid (docs/product/orders.md §10.17): her e-mail to the customer only if she asks. */
  | { readonly by: 'owner'; readonly emailCustomer: boolean }
  /** Gift cards paid the whole order at checkout (docs/product/gift-cards.md §19): the same e-mails as any order. */
  | {
      readonly by: 'gift_card';
      /** The address the checkout's dialog gave (no hosted checkout collects one); null for gift cards alone. */
      readonly shipping: ShippingDetails | null;
    };

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
    const { store } = this.o;
    const order = typeof orderOrId === 'string' ? await store.findById(orderOrId) : orderOrId;
    if (!order) return null;
    if (order.status === 'paid') return { first: false, order };
    const first = await this.pay(order, way);
    return { first, order: (await store.findById(order.id)) ?? order };
  }

  /**
   * An order stored and paid in ONE transaction (the gift cards pay it in full at the checkout,
   * docs/product/gift-cards.md §19.3): `store` writes it first in the payment's transaction, so a request
   * that fails anywhere keeps nothing (no order, no hold), and one that commits has its order paid with its
   * address and its e-mails. Nothing is read after the commit: what is kept is never answered with an error.
   */
  async storeAndMarkPaid(
    draft: PaidDraft,
    store: (trx: Transaction<Database>) => Promise<void>,
    way: PaymentWay,
  ): Promise<boolean> {
    return this.pay(draft, way, store);
  }

  private async pay(
    order: PaidDraft,
    way: PaymentWay,
    storeFirst?: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<boolean> {
    const { store, log } = this.o;
    const dispatch = await this.dispatchOf(order);
    // The seller as she is now: the e-mails are composed inside the payment's transaction.
    const seller = await this.o.seller();
    const zoneName = await this.o.zoneName(order.zone);
    const emails = way.by !== 'owner' || way.emailCustomer;
    // Written by the participants inside the transaction, read by the e-mails composed after them in it:
    // the receipt lines they answer and the invoice one issued.
    const mail: PaidMailParts = {
      invoiceNumber: null,
      vat: null,
      receiptLines: [],
      boughtLines: [],
      ownerLines: [],
    };
    const first = await store.markPaidAndQueue(
      order.id,
      way.by === 'owner' ? null : way.shipping,
      (paid) =>
        way.by !== 'owner'
          ? paidMessages(this.o, paid, seller, zoneName, mail)
          : way.emailCustomer
            ? [paidCustomerMessage(this.o, paid, seller, zoneName, mail)]
            : [],
      {
        paymentId: way.by === 'provider' ? way.paymentId : null,
        dispatchDate: dispatch,
        // Nothing to make or deliver: a sale handed over on the spot, or gift cards alone (e-mailed).
        handedOver: nothingToMake(order),
        ...(storeFirst ? { store: storeFirst } : {}),
        within: async (trx, paid) => {
          mail.invoiceNumber = null;
          mail.vat = null;
          mail.businessName = null;
          mail.receiptLines.length = 0;
          mail.boughtLines.length = 0;
          mail.ownerLines.length = 0;
          for (const participant of this.participants) {
            const note = await participant.onPaid(trx, paid, mail);
            mail.receiptLines.push(...(note?.receiptLines ?? []));
            mail.boughtLines.push(...(note?.boughtLines ?? []));
            mail.ownerLines.push(...(note?.ownerLines ?? []));
          }
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
      else if (way.by === 'gift_card')
        log.info({ orderId: order.id, total: order.total }, 'order paid by gift cards; e-mails queued');
      else log.info({ orderId: order.id, total: order.total, emailed: emails }, 'manual order marked paid');
      if (emails) this.o.onMailQueued();
      this.o.onPaid?.({ orderId: order.id, enquiryId: order.enquiryId ?? null, email: order.email });
    }
    return first;
  }

  /**
   * Computed at payment, from the moment the shop learns of it (docs/product/dispatch-dates.md §14): what the
   * confirmation page and both e-mails say from now on. With the making queue, from the pieces ahead of
   * this order read in the payment's own transaction. A quote's order: the owner's date while it is still
   * ahead (docs/product/quotes.md). Handed over on the spot: nothing to make, so no date.
   */
  private async dispatchOf(order: PaidDraft): Promise<IsoDate | null | ((piecesAhead: number) => IsoDate)> {
    if (nothingToMake(order)) return null;
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
}

/** What paying an order reads of it before its transaction (an order about to be stored has no more). */
export type PaidDraft = Pick<
  StoredOrder,
  | 'id'
  | 'zone'
  | 'total'
  | 'email'
  | 'itemCount'
  | 'dispatchDate'
  | 'quoteReference'
  | 'enquiryId'
  | 'channel'
> & { readonly lines: readonly unknown[] };

/** A sale handed over on the spot, or an order of gift cards alone (no bracelet line): nothing to make. */
function nothingToMake(order: PaidDraft): boolean {
  return order.channel === 'handed_over' || order.lines.length === 0;
}
