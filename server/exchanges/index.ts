/**
 * The exchanges feature's public face (docs/product/exchanges.md). It publishes no event: it joins the
 * desk's order (fulfilment) and the making queue's front (making) at registration.
 */
import type { ExchangeService } from './exchange-service';

export type { ExchangeService } from './exchange-service';

export interface ExchangesFace {
  /** A piece of a delivered order swapped for another size: asked, accepted or declined, received. */
  readonly service: ExchangeService;
}

declare module 'fastify' {
  interface FastifyInstance {
    exchanges: ExchangesFace;
  }
}
