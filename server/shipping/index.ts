/**
 * The shipping feature's public face: what other features may use of it (docs/architecture.md). It
 * publishes no event: it dispatches and delivers orders through fulfilment's own steps.
 */
import type { LabelService } from './label-service';

export type { CustomsItem } from './label-provider';
export type { CustomsItemsOf, LabelService } from './label-service';

export interface ShippingFace {
  /** Labels bought, voided, printed; the carrier's tracking (docs/product/shipping.md §22). */
  readonly labels: LabelService;
}

declare module 'fastify' {
  interface FastifyInstance {
    shipping: ShippingFace;
  }
}
