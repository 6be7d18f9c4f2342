/**
 * The orders feature's public face: what other features may use of it (docs/architecture.md), and the
 * events it publishes.
 */
import type { DeskService } from './fulfilment-service';
import type { OrderPageService } from './order-page-service';
import type { OrderService } from './order-service';
import type { OrderStore } from './order-store';

export { type DeskService, dispatchByOf } from './fulfilment-service';
export type { OrderPageService } from './order-page-service';
export type { OrderService } from './order-service';
export { deskStepsSince, type OrderStore, queuedOrdersWithLines, type StoredOrder } from './order-store';

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
    orderPaid: { readonly enquiryId: string | null };
    /** The owner marked an order delivered (published before the desk answers). */
    orderDelivered: { readonly reference: string };
  }
}

export { deleteNotesOfOrders, eraseChangeEventsOfOrders, irishDayRange } from './fulfilment-store';
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
