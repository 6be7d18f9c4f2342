/** Numbers and Exports: the desk's sales figures and the CSV files the owner downloads. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { exportRoutes } from './export-routes';
import { statsRoutes } from './stats-routes';

async function numbers(app: FastifyInstance): Promise<void> {
  const { db, audit, config } = app.platform;
  const { provider, testCheckout } = app.payments;
  await app.register(statsRoutes, {
    source: { db, provider: provider.id, testMode: testCheckout !== null },
    audit,
    distanceSales: () => app.vat.distanceSales(),
  });
  await app.register(exportRoutes, {
    config,
    audit,
    fulfilment: app.orders.fulfilment,
    newsletter: app.newsletter.store,
    seller: app.settings.seller,
  });
}

export const numbersPlugin = fp(numbers, {
  name: 'numbers',
  dependencies: ['platform', 'settings', 'payments', 'orders', 'newsletter', 'vat'],
});
