/**
 * Orders: the checkout, its confirmation (page, webhook and the reconcile pass), the shopper's order page
 * and the owner's work on orders (making, dispatch, refunds). Publishes `orderPaid` and `orderDelivered`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { checkoutRoutes } from './checkout-routes';
import { deskRoutes } from './desk-routes';
import { DeskService } from './fulfilment-service';
import { DeskStore, recordOrderEvents } from './fulfilment-store';
import { manualOrderRoutes } from './manual-order-routes';
import { ManualOrderService } from './manual-order-service';
import { orderEditRoutes } from './order-edit-routes';
import { OrderEditService } from './order-edit-service';
import { orderPageRoutes } from './order-page-routes';
import { OrderPageService } from './order-page-service';
import { orderRoutes } from './order-routes';
import { OrderService } from './order-service';
import { OrderStore } from './order-store';
import { type ReconcileTimings, reconcilePendingOrders } from './reconcile';
import { returnRoutes } from './return-routes';
import { ReturnService } from './return-service';
import { ReturnStore } from './return-store';
import { shopperReturn } from './return-view';
import { webhookRoutes } from './webhook-routes';

export interface OrdersPluginOptions {
  /** Re-checks pending orders in the background (orders/reconcile.ts); false in tests that drive it. */
  readonly reconcile?: Partial<ReconcileTimings> | false;
}

async function orders(app: FastifyInstance, options: OrdersPluginOptions): Promise<void> {
  const { db, config, counters, events, now, wakeOutbox } = app.platform;
  const store = new OrderStore(db);
  // The seller is read from the owner's settings whenever an e-mail, a slip or an order is made; an
  // order's VAT is its own (order-vat.ts), the first start's (VAT_RATE, SELLER_VAT_NUMBER) before it was kept.
  const seller = app.settings.seller;
  const vatBefore = { vatRate: config.seller.vatRate, vatNumber: config.seller.vatNumber };
  const zoneName = app.settings.zoneName;
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
  // What the order service and the desk share: who pays, who writes, who is written to.
  const shared = {
    provider: app.payments.provider,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    seller,
    zoneName,
    vatBefore,
    pageUrl: (reference: string, key: string) => pages.pageUrl(reference, key),
    log: app.log,
    onMailQueued: wakeOutbox,
    // The owner's closures, working days and away state, from memory: no query per checkout.
    calendar: app.settings.calendar,
    queue: app.making.queue,
    // Tests date orders on a fixed day (the dispatch rule reads the Irish date and time).
    ...(now ? { now: () => now().getTime() } : {}),
  };
  const service = new OrderService({
    store,
    ...shared,
    // The zones' prices and the away state from memory: no query per checkout.
    settings: () => app.settings.cache.current(),
    onPaid: (order) => {
      app.metrics.orderPaid();
      // The payment stands whatever a listener does (events.ts logs a failure).
      void events.emit('orderPaid', order);
    },
    // Awaited: the link is kept before Stripe hears the event was handled (a failure is only logged).
    onRecoverable: (checkout) => events.emit('checkoutRecoverable', checkout),
    discounts: app.offers.atCheckout,
  });
  // The owner paused sales on this instance: no checkout opened before is paid during the pause. Awaited
  // with her save (catalogueEdited), so "Saved" means none can be.
  events.on('catalogueEdited', async () => {
    if ((await app.settings.cache.current()).away.mode === 'pause-sales') await service.endOpenCheckouts();
  });
  const deskStore = new DeskStore(db);
  const fulfilment = new DeskService({
    store: deskStore,
    requests: app.platform.audit,
    ...shared,
    // "Delivered" queues the review request in the same step (the reviews feature listens).
    onDelivered: (reference) => events.emit('orderDelivered', { reference }),
  });
  app.decorate('orders', { service, store, pages, fulfilment });

  await app.register(checkoutRoutes, {
    orders: service,
    catalogue: app.catalogue.source,
    // The newsletter feature keeps the consent (docs/product.md §5.10a); awaited, so it is stored before
    // the shopper leaves for the hosted checkout. A failure is logged and costs only the reminder.
    onReminderRequested: (request) => events.emit('reminderRequested', request),
  });
  await app.register(orderRoutes, { orders: service });
  await app.register(orderPageRoutes, { pages });
  await app.register(webhookRoutes, { orders: service, desk: fulfilment, settings: app.settings.store });
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
  // The owner's own orders, by phone or at a fair (docs/product.md §10.17).
  const manual = new ManualOrderService({
    orders: service,
    store,
    catalogue: app.catalogue.source,
    settings: () => app.settings.cache.current(),
    audit: app.platform.audit,
    requests: app.platform.audit,
    mailFrom: config.mailFrom,
    onMailQueued: wakeOutbox,
    log: app.log,
  });
  await app.register(manualOrderRoutes, { manual });
  reconcilePendingOrders(app, options.reconcile);
}

export const ordersPlugin = fp(orders, {
  name: 'orders',
  dependencies: ['platform', 'settings', 'making', 'payments', 'catalogue', 'offers'],
});
