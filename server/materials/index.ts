/** The materials feature's public face (docs/product/materials.md §23). */
import type { MaterialService } from './material-service';

export type { MaterialService } from './material-service';

export interface MaterialsFace {
  /** The owner's materials, bills of materials, reservations and what can be made. */
  readonly service: MaterialService;
}

declare module 'fastify' {
  interface FastifyInstance {
    materials: MaterialsFace;
  }
}
