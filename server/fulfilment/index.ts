/**
 * The fulfilment feature's public face: what other features may use of it (docs/architecture.md), and
 * the events it publishes.
 */
import type { FulfilmentStatus } from '../../domain/orders/admin-api';
import type { FulfilmentService } from './fulfilment-service';
import type { ExchangesOfOrder, ReturnsOfOrder } from './fulfilment-store';

export {
  type CustomsCheck,
  dispatchByOf,
  type FulfilmentService,
  type OrderOutcome,
  refundableOf,
} from './fulfilment-service';

import type { CustomsCheck } from './fulfilment-service';

export { dispatchedMail, expectedDelivery } from './fulfilment-mail';

export {
  changeEventsOfOrders,
  deleteNotesOfOrders,
  deskStepsSince,
  type ExchangesOfOrder,
  eraseChangeEventsOfOrders,
  type FulfilmentOrder,
  type FulfilmentStore,
  irishDayRange,
  type NewEvent,
  notesOfOrders,
  type ReturnRow,
  type ReturnsOfOrder,
  recordOrderEvents,
} from './fulfilment-store';

export interface FulfilmentFace {
  /** The owner's work on paid orders: making, dispatch, refunds, cancel, notes (the desk's order screens). */
  readonly service: FulfilmentService;
  /**
   * The returns feature joins here at registration: the desk's order shows its returns (docs/product/orders.md
   * §10.18). Until it joins, an order has none.
   */
  readonly joinReturns: (returns: ReturnsOfOrder) => void;
  /**
   * The exchanges feature joins here at registration: the desk's order shows its exchanges
   * (docs/product/exchanges.md). Until it joins, an order has none.
   */
  readonly joinExchanges: (exchanges: ExchangesOfOrder) => void;
  /**
   * The customs feature joins here at registration: a dispatch outside the EU is refused while its
   * products lack customs data (docs/product/customs.md §21.3). Until it joins, none is refused.
   */
  readonly joinCustoms: (check: CustomsCheck) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    fulfilment: FulfilmentFace;
  }
}

declare module '../lib/events' {
  interface ShopEvents {
    /** The owner marked an order delivered (published before the desk answers). */
    orderDelivered: { readonly reference: string };
    /** The owner changed an order's status at the desk (published before the desk answers). */
    orderStatusChanged: { readonly reference: string; readonly status: FulfilmentStatus };
  }
}
