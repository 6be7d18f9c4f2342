/**
 * The returns feature's public face: what other features may use of it (docs/architecture.md). It
 * publishes no event: it joins the order page (orders) and the desk's order (fulfilment) at registration.
 */
import type { ReturnService } from './return-service';

export type { ReturnService } from './return-service';
export {
  eraseReturnNotesOfOrders,
  returnLinesOf,
  returnsOfOrders,
  returnsOpenedBetween,
} from './return-store';

export interface ReturnsFace {
  /** Returns of delivered orders: opened, received, refunded or closed (docs/product/orders.md §10.18). */
  readonly service: ReturnService;
}

declare module 'fastify' {
  interface FastifyInstance {
    returns: ReturnsFace;
  }
}
