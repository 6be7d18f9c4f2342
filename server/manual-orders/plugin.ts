/**
 * The owner's own orders, by phone or at a fair (docs/product/orders.md §10.17). Registered after the
 * checkout, which knows nothing of it: an order is stored as a pending order and either marked paid
 * through the checkout's one payment step (`checkout.paid`) or opened as a hosted checkout for the
 * customer's payment link (`checkout.service`), so it is confirmed as any order.
 */
import type { FastifyInstance } from 'fastify';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import { manualOrderRoutes } from './manual-order-routes';
import { ManualOrderService } from './manual-order-service';

type Uses = Needs<'checkout' | 'orders' | 'catalogue' | 'settings'>;

async function manualOrders(app: FastifyInstance, uses: Uses): Promise<void> {
  const { config, wakeOutbox, audit } = app.platform;
  // The owner's settings from memory (no query per order).
  const shop = uses.settings.cache;
  const service = new ManualOrderService({
    checkout: uses.checkout.service,
    paid: uses.checkout.paid,
    store: uses.orders.store,
    catalogue: uses.catalogue.source,
    settings: () => shop.current(),
    audit,
    requests: audit,
    mailFrom: config.mailFrom,
    onMailQueued: wakeOutbox,
    log: app.log,
  });
  app.decorate('manualOrders', { service });
  await app.register(manualOrderRoutes, { manual: service });
}

export const manualOrdersPlugin = featurePlugin(
  'manual-orders',
  ['checkout', 'orders', 'catalogue', 'settings'],
  manualOrders,
);
