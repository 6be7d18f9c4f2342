/**
 * Orders: the order record and what happens after payment: the shopper's order page, the owner's work on
 * orders (making, dispatch, refunds, changes, returns). Publishes `orderDelivered`. The checkout
 * (server/checkout) stores the orders and marks them paid.
 */
import type { FastifyInstance } from 'fastify';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import { deskRoutes } from './desk-routes';
import { FulfilmentService } from './fulfilment-service';
import { FulfilmentStore, recordOrderEvents } from './fulfilment-store';
import { orderEditRoutes } from './order-edit-routes';
import { OrderEditService } from './order-edit-service';
import { orderPageRoutes } from './order-page-routes';
import { OrderPageService } from './order-page-service';
import { OrderStore } from './order-store';
import { returnRoutes } from './return-routes';
import { ReturnService } from './return-service';
import { ReturnStore, returnsOfOrder } from './return-store';
import { returnInfo, shopperReturn } from './return-view';

type Uses = Needs<'settings' | 'payments'>;

async function orders(app: FastifyInstance, uses: Uses): Promise<void> {
  const { db, config, counters, events, now, wakeOutbox } = app.platform;
  const store = new OrderStore(db);
  // The seller is read from the owner's settings whenever an e-mail, a slip or an order is made; an
  // order's VAT is its own (order-vat.ts), the first start's (VAT_RATE, SELLER_VAT_NUMBER) before it was kept.
  const seller = uses.settings.seller;
  const vatBefore = { vatRate: config.seller.vatRate, vatNumber: config.seller.vatNumber };
  const zoneName = uses.settings.zoneName;
  const returnStore = new ReturnStore(db, recordOrderEvents);
  // Built with the desk below; the order page reaches it only when a request comes.
  let returnService: ReturnService | null = null;
  const pages = new OrderPageService({
    store,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    seller,
    zoneName,
    vatBefore,
    log: app.log,
    onMailQueued: wakeOutbox,
    counters,
    now,
    returns: {
      ofOrder: async (orderId) => (await returnStore.ofOrder(orderId)).map(shopperReturn),
      openForWithdrawal: async (trx, order, lines, positions) =>
        returnService?.openForWithdrawal(trx, order, lines, positions),
    },
  });
  // What the desk's services share: who pays back, who writes, who is written to.
  const shared = {
    provider: uses.payments.provider,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    seller,
    vatBefore,
    pageUrl: (reference: string, key: string) => pages.pageUrl(reference, key),
    log: app.log,
    onMailQueued: wakeOutbox,
  };
  const deskStore = new FulfilmentStore(db);
  deskStore.joinReturns({ rowsOf: returnsOfOrder, infoOf: returnInfo });
  const fulfilment = new FulfilmentService({
    store: deskStore,
    requests: app.platform.audit,
    ...shared,
    // "Delivered" queues the review request in the same step (the reviews feature listens).
    onDelivered: (reference) => events.emit('orderDelivered', { reference }),
  });
  app.decorate('orders', { store, pages, fulfilment });

  await app.register(orderPageRoutes, { pages });
  await app.register(deskRoutes, {
    config,
    desk: fulfilment,
    seller,
    audit: app.platform.audit,
    sessions: app.platform.sessions,
    signIns: app.platform.signIns,
    people: app.platform.people,
  });
  // Changes before dispatch and e-mails sent again (docs/product.md §10.16).
  const edits = new OrderEditService({
    desk: fulfilment,
    deskStore,
    orders: store,
    requests: app.platform.audit,
    mailFrom: config.mailFrom,
    publicUrl: config.publicUrl,
    seller,
    zoneName,
    vatBefore,
    pageUrl: shared.pageUrl,
    onMailQueued: wakeOutbox,
  });
  await app.register(orderEditRoutes, { edits });
  // Returns of delivered orders (docs/product.md §10.18), refunded through the desk's refund.
  returnService = new ReturnService({
    store: returnStore,
    desk: fulfilment,
    deskStore,
    requests: app.platform.audit,
    writeEvents: recordOrderEvents,
    log: app.log,
    ...(now ? { now } : {}),
  });
  await app.register(returnRoutes, { returns: returnService });
}

export const ordersPlugin = featurePlugin('orders', ['settings', 'payments'], orders);
