/**
 * Customs declarations (docs/product/customs.md §21): the CN23 and the day's customs data for orders
 * leaving the EU, from the orders as sold and the products' customs data; joins fulfilment so that such an
 * order is not dispatched without them.
 */
import type { FastifyInstance } from 'fastify';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import { ordersOfDispatchDay, storedAddress } from '../orders';
import { customsRoutes } from './customs-routes';
import { CustomsService } from './customs-service';

type Uses = Needs<'settings' | 'orders' | 'catalogue' | 'fulfilment'>;

async function customs(app: FastifyInstance, uses: Uses): Promise<void> {
  const { db, now } = app.platform;
  const orders = uses.orders.store;
  const service = new CustomsService({
    orderByReference: (reference) => orders.findByReference(reference),
    linesOf: (orderId) => orders.linesOf(orderId),
    ordersOfDay: (day) => ordersOfDispatchDay(db, day),
    addressOf: storedAddress,
    productCustoms: async () => {
      const products = await uses.catalogue.store.products();
      return new Map(products.flatMap((p) => (p.customs ? [[p.id, p.customs] as const] : [])));
    },
    seller: () => uses.settings.seller(),
    now: () => (now ? now() : new Date()),
    refund: (reference, input, actor) => uses.fulfilment.service.refund(reference, input, actor),
  });
  app.decorate('customs', { service });
  uses.fulfilment.joinCustoms((reference) => service.dispatchRefusal(reference));
  await app.register(customsRoutes, { service });
}

export const customsPlugin = featurePlugin(
  'customs',
  ['settings', 'orders', 'catalogue', 'fulfilment'],
  customs,
);
