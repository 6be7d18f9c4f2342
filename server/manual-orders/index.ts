/**
 * The owner's own orders' public face (docs/product/orders.md §10.17). It publishes no event: an order it
 * takes is stored and paid through the checkout, which publishes `orderPaid` as for any order.
 */
import type { ManualOrderService } from './manual-order-service';

export type { ManualOrderService } from './manual-order-service';

export interface ManualOrdersFace {
  /** An order taken by phone or at a fair: previewed, made (paid now or by link), its link sent again. */
  readonly service: ManualOrderService;
}

declare module 'fastify' {
  interface FastifyInstance {
    manualOrders: ManualOrdersFace;
  }
}
