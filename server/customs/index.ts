/** The customs feature's public face (docs/product/customs.md §21): the declarations of parcels leaving the EU. */
import type { CustomsService } from './customs-service';

export type { Cn23Declaration } from './cn23-pdf';
export type { CustomsService } from './customs-service';

export interface CustomsFace {
  readonly service: CustomsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    customs: CustomsFace;
  }
}
