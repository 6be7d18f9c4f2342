/**
 * Returns of delivered orders (docs/product/orders.md §10.18): the owner opens, receives, refunds or closes
 * them at the desk, and a shopper's withdrawal notice opens one. Refunded through fulfilment's refund.
 * Orders and fulfilment are registered first and know nothing of returns: this plugin joins both, so
 * the order page shows an order's returns and a notice opens one (orders.joinReturns), and the desk's
 * order carries them (fulfilment.joinReturns).
 */
import type { FastifyInstance } from 'fastify';
import { recordOrderEvents } from '../fulfilment';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import { returnRoutes } from './return-routes';
import { ReturnService } from './return-service';
import { ReturnStore, returnsOfOrder } from './return-store';
import { returnInfo, shopperReturn } from './return-view';

type Uses = Needs<'orders' | 'fulfilment'>;

async function returns(app: FastifyInstance, { orders, fulfilment }: Uses): Promise<void> {
  const { db, now } = app.platform;
  const store = new ReturnStore(db, recordOrderEvents);
  const service = new ReturnService({
    store,
    desk: fulfilment.service,
    deskStore: fulfilment.service.store,
    requests: app.platform.audit,
    writeEvents: recordOrderEvents,
    log: app.log,
    ...(now ? { now } : {}),
  });
  orders.joinReturns({
    ofOrder: async (orderId) => (await store.ofOrder(orderId)).map(shopperReturn),
    openForWithdrawal: (trx, order, lines, positions) =>
      service.openForWithdrawal(trx, order, lines, positions),
  });
  fulfilment.joinReturns({ rowsOf: returnsOfOrder, infoOf: returnInfo });
  app.decorate('returns', { service });

  await app.register(returnRoutes, { returns: service });
}

export const returnsPlugin = featurePlugin('returns', ['orders', 'fulfilment'], returns);
