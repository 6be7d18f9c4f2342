/**
 * The making queue as the shop's pages need it (domain/making-queue.ts): the pieces paid and not yet
 * dispatched and the owner's capacity, read at most once a minute per instance (the browser's
 * dates may be a minute old, never computed per order). The stored date of a paid order does not come
 * from here: the payment reads the queue itself, in its own transaction (OrderStore.markPaidAndQueue).
 */
import type { MakingQueue } from '../../domain/making-queue';
import type { SettingsStore } from './settings-store';

export const QUEUE_MAX_AGE_MS = 60_000;

export interface MakingQueueSource {
  /** The owner's capacity now (the setting, or MAKING_CAPACITY_PER_DAY). */
  capacity(): Promise<number>;
  /** The queue, at most QUEUE_MAX_AGE_MS old. */
  current(): Promise<MakingQueue>;
  /** Forget the cached queue (a payment or a setting changed it on this instance). */
  invalidate(): void;
}

export class MakingQueueState implements MakingQueueSource {
  private cached: { readonly at: number; readonly queue: Promise<MakingQueue> } | null = null;

  constructor(
    private readonly settings: Pick<SettingsStore, 'read'>,
    private readonly queuedPieces: () => Promise<number>,
    private readonly clock: () => number = Date.now,
  ) {}

  async capacity(): Promise<number> {
    return (await this.settings.read()).makingCapacityPerDay;
  }

  current(): Promise<MakingQueue> {
    const now = this.clock();
    if (this.cached && now - this.cached.at < QUEUE_MAX_AGE_MS) return this.cached.queue;
    const queue = Promise.all([this.queuedPieces(), this.capacity()]).then(([queuedPieces, capacity]) => ({
      queuedPieces,
      capacity,
    }));
    this.cached = { at: now, queue };
    // A failed read is not kept: the next caller asks the database again.
    queue.catch(() => {
      if (this.cached?.queue === queue) this.cached = null;
    });
    return queue;
  }

  invalidate(): void {
    this.cached = null;
  }
}
