/** The making feature's public face: the queue as the pages and the checkout see it. */
import type { MakingQueueState } from './making-queue-state';

export type { MakingQueueSource, MakingQueueState } from './making-queue-state';

export interface MakingFace {
  /** The making queue as the pages show it (at most a minute old). */
  readonly queue: MakingQueueState;
}

declare module 'fastify' {
  interface FastifyInstance {
    making: MakingFace;
  }
}
