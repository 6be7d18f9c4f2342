/** The making feature's public face: the queue as the pages and the checkout see it. */
import type { SizeCode } from '../../domain/config';
import type { TodayResponse } from '../../domain/making/today';
import type { MakingQueueState } from './making-queue-state';

export type { MakingQueueSource, MakingQueueState } from './making-queue-state';

/** The queue's orders, first to be made first, as a part of Today reads them. */
export type QueuedForToday = readonly {
  readonly reference: string;
  readonly lines: readonly {
    readonly product_id: string;
    readonly size: string;
    readonly quantity: number;
  }[];
}[];

/**
 * Pieces a feature puts at the front of the queue, ahead of every order (an exchange's replacement,
 * docs/product/exchanges.md), first to make first.
 */
export type QueueFront = () => Promise<readonly FrontPiece[]>;

export interface FrontPiece {
  readonly reference: string;
  readonly productId: string;
  readonly name: string;
  readonly size: SizeCode;
}

/** What a feature adds to Today (the materials' "Can I make these?"). */
export type TodayPart = (queue: QueuedForToday) => Promise<Pick<TodayResponse, 'shortages' | 'canMake'>>;

export interface MakingFace {
  /** The making queue as the pages show it (at most a minute old). */
  readonly queue: MakingQueueState;
  /** A feature adds its part to Today at registration (the materials do). */
  readonly joinToday: (part: TodayPart) => void;
  /** A feature puts pieces at the front of the queue at registration (the exchanges' remakes). */
  readonly joinFront: (front: QueueFront) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    making: MakingFace;
  }
}
