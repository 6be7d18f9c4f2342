/** The maker's queue and the desk's Today: what to make and post, and the capacity the dates follow. */
import type { FastifyInstance } from 'fastify';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import type { QueueFront, TodayPart } from './index';
import { MakingQueueState } from './making-queue-state';
import { todayRoutes } from './today-routes';

type Uses = Needs<'settings' | 'orders'>;

async function making(app: FastifyInstance, uses: Uses): Promise<void> {
  const { audit, now, wakeOutbox } = app.platform;
  const settings = uses.settings.store;
  const orders = uses.orders.store;
  // The pieces still to make are the orders' to count, asked when the queue is read.
  const queue = new MakingQueueState(settings, () => orders.queuedPieces());
  // A capacity saved on any instance reaches the pages' dates when the settings are read again.
  uses.settings.cache.subscribe(() => queue.invalidate());
  const parts: TodayPart[] = [];
  const fronts: QueueFront[] = [];
  app.decorate('making', {
    queue,
    joinToday: (part) => parts.push(part),
    joinFront: (front) => fronts.push(front),
  });
  await app.register(todayRoutes, {
    settings,
    parts,
    fronts,
    audit,
    onMailQueued: wakeOutbox,
    ...(now ? { now } : {}),
  });
}

export const makingPlugin = featurePlugin('making', ['settings', 'orders'], making);
