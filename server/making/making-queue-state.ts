/**
 * The making queue as the shop's pages need it (domain/making/making-queue.ts): the pieces paid and not yet
 * dispatched and the owner's capacity, read at most once a minute per instance (the browser's
 * dates may be a minute old, never computed per order). The stored date of a paid order does not come
 * from here: the payment reads the queue itself, in its own transaction (OrderStore.markPaidAndQueue).
 * The owner's settings read with it (the early-bird price) reach the pages the same way, as old at most;
 * the checkout reads its own.
 */

import type { MakingQueue, MakingQueueSource } from '../../domain/making/making-queue';

export type { MakingQueueSource } from '../../domain/making/making-queue';

import type { ShopSettings } from '../../domain/making/today';
import type { SettingsStore } from '../settings';

export const QUEUE_MAX_AGE_MS = 60_000;

export class MakingQueueState implements MakingQueueSource {
  private cached: {
    readonly at: number;
    readonly state: Promise<{ queue: MakingQueue; settings: ShopSettings }>;
  } | null = null;

  constructor(
    private readonly settings: Pick<SettingsStore, 'read'>,
    private readonly queuedPieces: () => Promise<number>,
    private readonly clock: () => number = Date.now,
  ) {}

  async capacity(): Promise<number> {
    return (await this.settings.read()).makingCapacityPerDay;
  }

  current(): Promise<MakingQueue> {
    return this.fresh().then((s) => s.queue);
  }

  /** The owner's settings as the pages show them, read with the queue: at most QUEUE_MAX_AGE_MS old. */
  shownSettings(): Promise<ShopSettings> {
    return this.fresh().then((s) => s.settings);
  }

  private fresh(): Promise<{ queue: MakingQueue; settings: ShopSettings }> {
    const now = this.clock();
    if (this.cached && now - this.cached.at < QUEUE_MAX_AGE_MS) return this.cached.state;
    const state = Promise.all([this.queuedPieces(), this.settings.read()]).then(
      ([queuedPieces, settings]) => ({
        queue: { queuedPieces, capacity: settings.makingCapacityPerDay },
        settings,
      }),
    );
    this.cached = { at: now, state };
    // A failed read is not kept: the next caller asks the database again.
    state.catch(() => {
      if (this.cached?.state === state) this.cached = null;
    });
    return state;
  }

  invalidate(): void {
    this.cached = null;
  }
}
