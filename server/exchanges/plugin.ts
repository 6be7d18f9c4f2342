/**
 * Exchanges for another size (docs/product/exchanges.md). Registered after the features it uses, which
 * know nothing of it: it opens an order by its page key as the order page does (orders), refuses a line
 * already in a return (returns), asks the materials what can be made and reserves the remake's
 * (materials), puts accepted remakes at the front of the making queue (making.joinFront), shows an
 * order's exchanges on the desk's order (fulfilment.joinExchanges), and refunds a difference through the
 * desk's refund path.
 */
import type { FastifyInstance } from 'fastify';
import { CARRIER_LABELS, trackingUrlFor } from '../../domain/orders/admin-api';
import { dispatchedMail, expectedDelivery } from '../fulfilment';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import { deskOrderUrl } from '../orders';
import { returnLinesOf, returnsOfOrders } from '../returns';
import { exchangeRoutes } from './exchange-routes';
import { ExchangeService, type ExchangeServiceOptions } from './exchange-service';
import { ExchangeStore } from './exchange-store';

type Uses = Needs<'orders' | 'fulfilment' | 'returns' | 'materials' | 'making' | 'catalogue' | 'settings'>;

async function exchanges(app: FastifyInstance, uses: Uses): Promise<void> {
  const { db, config, wakeOutbox, now } = app.platform;
  const tuned = app.platform.tuning.exchanges ?? {};
  const store = new ExchangeStore(db);
  const materials = uses.materials.service;
  const service = new ExchangeService({
    store,
    openOrder: (reference, key) => uses.orders.pages.open(reference, key),
    orderById: async (orderId) => {
      const row = await uses.orders.store.findRowById(orderId);
      return row ? { row } : null;
    },
    returnedLines: async (orderId) => {
      const rows = await returnsOfOrders(db, [orderId]);
      return new Set(
        rows.filter((r) => r.status !== 'closed').flatMap((r) => returnLinesOf(r).map((l) => l.lineId)),
      );
    },
    catalogue: () => uses.catalogue.source.current(),
    materials: {
      canMake: (productId, size) => materials.canMake(productId, size),
      reserveFor: (trx, holder, pieces) => materials.reserveFor(trx, holder, pieces),
      putBack: (trx, pieces) => materials.putBack(trx, pieces),
      consume: (trx, holder) => materials.consumeFor(trx, holder),
      afterChange: () => materials.afterPaid(),
    },
    ...(tuned.priceOf ? { priceOf: tuned.priceOf } : {}),
    refund: async (reference, amount, reason, actor) => {
      await uses.fulfilment.service.refundForReturn(reference, { amount, reason }, actor);
    },
    paymentLink:
      tuned.paymentLink ??
      (async () => {
        throw new Error('no payment link for an exchange: a size never changes a price');
      }),
    ownerEmail: async () => (await uses.settings.seller()).orderEmail,
    dispatchMail: async (order, parcel, orderPageUrl) =>
      dispatchedMail({
        reference: order.reference ?? order.id,
        name: order.shipping_name,
        contactEmail: (await uses.settings.seller()).email,
        orderPageUrl,
        // Paid on the built-in test checkout: its e-mails say so, as the order's own did.
        testOrder: order.provider === 'test-checkout',
        carrier: CARRIER_LABELS[parcel.carrier],
        trackingNumber: parcel.trackingNumber,
        trackingUrl: parcel.trackingUrl || trackingUrlFor(parcel.carrier, parcel.trackingNumber),
        delivery: expectedDelivery(order.zone, now?.() ?? new Date()),
      }),
    mailFrom: config.mailFrom,
    pageUrl: (reference, key) => uses.orders.pages.pageUrl(reference, key),
    deskUrl: (reference) => deskOrderUrl(config.publicUrl, reference),
    onMailQueued: wakeOutbox,
    log: app.log,
    ...(now ? { now } : {}),
  });
  uses.orders.joinExchanges({ ofOrder: (row, lines) => service.pagePart(row, lines) });
  uses.fulfilment.joinExchanges((orderId, reference) => service.ofOrder(orderId, reference));
  uses.making.joinFront(() => service.remakes());
  app.decorate('exchanges', { service });
  await app.register(exchangeRoutes, { exchanges: service });
}

export const exchangesPlugin = featurePlugin(
  'exchanges',
  ['orders', 'fulfilment', 'returns', 'materials', 'making', 'catalogue', 'settings'],
  exchanges,
);

declare module '../platform' {
  interface ShopTuning {
    /** Tests: a size's price (a size never changes a price in the shop today) and the payment link. */
    readonly exchanges?: {
      readonly priceOf?: ExchangeServiceOptions['priceOf'];
      readonly paymentLink?: ExchangeServiceOptions['paymentLink'];
    };
  }
}
