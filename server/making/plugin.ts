/** The maker's queue and the desk's Today: what to make and post, and the capacity the dates follow. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MakingQueueState } from './making-queue-state';
import { todayRoutes } from './today-routes';

async function making(app: FastifyInstance): Promise<void> {
  const { audit, now, wakeOutbox } = app.platform;
  const settings = app.settings.store;
  const orders = app.orders.store;
  // The pieces still to make are the orders' to count, asked when the queue is read.
  const queue = new MakingQueueState(settings, () => orders.queuedPieces());
  // A capacity saved on any instance reaches the pages' dates when the settings are read again.
  app.settings.cache.subscribe(() => queue.invalidate());
  app.decorate('making', { queue });
  await app.register(todayRoutes, {
    settings,
    audit,
    onMailQueued: wakeOutbox,
    ...(now ? { now } : {}),
  });
}

export const makingPlugin = fp(making, { name: 'making', dependencies: ['platform', 'settings', 'orders'] });
