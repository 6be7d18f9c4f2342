/**
 * The orders feature's public face: what other features may use of it (docs/architecture.md), and the
 * events it publishes.
 */
import type { SizeCode } from '../../domain/config';
import type { DeskService } from './fulfilment-service';
import type { OrderPageService } from './order-page-service';
import type { OrderService } from './order-service';
import type { OrderStore } from './order-store';

export { type DeskService, dispatchByOf } from './fulfilment-service';
export type { OrderPageService } from './order-page-service';
export type { OrderService } from './order-service';
export {
  lastPaidAt,
  type OrderStore,
  queuedOrdersWithLines,
  referencesOfOrders,
  type StoredOrder,
} from './order-store';

export interface OrdersFace {
  /** Checkout, confirmation and the provider's webhooks. */
  readonly service: OrderService;
  /** Every query about orders. */
  readonly store: OrderStore;
  /** The shopper's order page and "Find your order". */
  readonly pages: OrderPageService;
  /** The owner's work on orders: making, dispatch, refunds, notes (the desk's order screens). */
  readonly fulfilment: DeskService;
}

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersFace;
  }
}

declare module '../lib/events' {
  interface ShopEvents {
    /** An order was paid, once (a paid quote's order names the enquiry it answered). */
    orderPaid: {
      readonly orderId: string;
      readonly enquiryId: string | null;
      /** The address on the order (the cart reminder forgets the address's earlier checkouts). */
      readonly email: string;
    };
    /**
     * A checkout was opened by a shopper who ticked "E-mail me once if I don't finish my order"
     * (docs/product.md §5.10a): their consent, its time and the cart (ids, sizes, quantities). Awaited by
     * the checkout before it answers.
     */
    reminderRequested: {
      readonly orderId: string;
      readonly sessionId: string;
      readonly email: string;
      readonly lines: readonly { readonly id: string; readonly size: SizeCode; readonly quantity: number }[];
      readonly at: Date;
    };
    /** The provider ended an unpaid checkout and gave a link back to it (Stripe's recovery URL). */
    checkoutRecoverable: { readonly orderId: string; readonly recoveryUrl: string };
    /** The owner marked an order delivered (published before the desk answers). */
    orderDelivered: { readonly reference: string };
  }
}

export {
  deleteNotesOfOrders,
  deskStepsSince,
  eraseChangeEventsOfOrders,
  irishDayRange,
} from './fulfilment-store';
export { hashKey, newOrderKey } from './order-key';
export type { CheckoutOutcome } from './order-service';
export {
  anonymiseOrders,
  checkoutsOpenedBetween,
  customerOrderRows,
  linesOfOrders,
  type OrderPageRecord,
  ordersHoldingPersonalData,
  ordersOfEmail,
  paidLinesForStats,
  paidOrdersForStats,
  paymentsOfEmail,
} from './order-store';
export { type OrderVat, rowVatOf } from './order-vat';
export { type OrderPersonalRecords, personalRecordsOfOrders } from './personal-records';
export { eraseReturnNotesOfOrders, returnLinesOf, returnsOpenedBetween } from './return-store';
