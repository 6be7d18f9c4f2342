/**
 * The orders feature's public face: what other features may use of it (docs/architecture.md), and the
 * events it publishes.
 */
import type { FulfilmentService } from './fulfilment-service';
import type { OrderPageService } from './order-page-service';
import type { OrderStore } from './order-store';

export { dispatchByOf, type FulfilmentService } from './fulfilment-service';
export type { OrderPageService } from './order-page-service';
export {
  lastPaidAt,
  type OrderStore,
  queuedOrdersWithLines,
  referencesOfOrders,
  type StoredOrder,
} from './order-store';

export interface OrdersFace {
  /** Every query about orders. */
  readonly store: OrderStore;
  /** The shopper's order page and "Find your order". */
  readonly pages: OrderPageService;
  /** The owner's work on orders: making, dispatch, refunds, notes (the desk's order screens). */
  readonly fulfilment: FulfilmentService;
}

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersFace;
  }
}

declare module '../lib/events' {
  interface ShopEvents {
    /** The owner marked an order delivered (published before the desk answers). */
    orderDelivered: { readonly reference: string };
  }
}

export {
  deleteNotesOfOrders,
  deskStepsSince,
  eraseChangeEventsOfOrders,
  irishDayRange,
  type NewEvent,
  recordOrderEvents,
} from './fulfilment-store';
export { hashKey, newOrderKey } from './order-key';
export { customerConfirmation, deskOrderUrl, ownerNotification } from './order-mail';
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
export {
  legalFacts,
  type OrderMailSetup,
  type OrderVat,
  orderVatOf,
  rowVatOf,
  type SellerNow,
  type ZoneNameNow,
} from './order-vat';
export { type OrderPersonalRecords, personalRecordsOfOrders } from './personal-records';
export { eraseReturnNotesOfOrders, returnLinesOf, returnsOpenedBetween } from './return-store';
