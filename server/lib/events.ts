/**
 * The shop's in-process events: a feature that owns a fact publishes it (an order was paid, delivered),
 * and the features that care subscribe in their own plugin. Nothing is wired by hand in a central file.
 * Each feature declares the events it publishes by augmenting `ShopEvents` in its public face (index.ts),
 * so a subscriber names an event and gets its payload's type.
 *
 * Delivery is in-process and after the fact: the publisher's work is committed before `emit` is called.
 */
import type { FastifyBaseLogger } from 'fastify';

// biome-ignore lint/suspicious/noEmptyInterface: filled by each feature's declaration merging.
export interface ShopEvents {}

type Listener<T> = (payload: T) => unknown;

export class ShopEventBus {
  private readonly listeners = new Map<keyof ShopEvents, Listener<never>[]>();

  constructor(private readonly log: FastifyBaseLogger) {}

  on<K extends keyof ShopEvents>(event: K, listener: Listener<ShopEvents[K]>): void {
    const list = this.listeners.get(event) ?? [];
    list.push(listener as Listener<never>);
    this.listeners.set(event, list);
  }

  /**
   * Calls every listener and settles when all have: a publisher that promises its caller the reactions
   * (marking delivered queues the review request in the same step) awaits it, others need not. A
   * listener's failure, thrown or rejected, is logged with the event's name and reaches nobody else.
   */
  async emit<K extends keyof ShopEvents>(event: K, payload: ShopEvents[K]): Promise<void> {
    const listeners = (this.listeners.get(event) ?? []) as Listener<ShopEvents[K]>[];
    await Promise.all(
      listeners.map(async (listener) => {
        try {
          await listener(payload);
        } catch (err) {
          this.log.error({ err, event }, 'event listener failed');
        }
      }),
    );
  }
}
