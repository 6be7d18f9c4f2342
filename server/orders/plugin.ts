/**
 * Orders: the order record and the shopper's order page ("Find your order", a withdrawal notice). The
 * checkout (server/checkout) stores the orders and marks them paid; what the owner does to a paid order
 * is fulfilment's (server/fulfilment), its returns are returns' (server/returns), which joins the order
 * page at registration.
 */
import type { FastifyInstance } from 'fastify';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import { orderPageRoutes } from './order-page-routes';
import {
  type ExchangesOfPage,
  OrderPageService,
  type PaymentsOfPage,
  type ReturnsOfPage,
  type VatOfPage,
} from './order-page-service';
import { OrderStore } from './order-store';

type Uses = Needs<'settings'>;

async function orders(app: FastifyInstance, uses: Uses): Promise<void> {
  const { db, config, counters, now, wakeOutbox } = app.platform;
  const store = new OrderStore(db);
  // Filled when the returns feature registers; the order page reaches it only when a request comes.
  let returns: ReturnsOfPage | null = null;
  let payments: PaymentsOfPage | null = null;
  // Filled when the VAT feature registers (it needs orders first); until then no order has settled VAT.
  let vat: VatOfPage | null = null;
  let exchanges: ExchangesOfPage | null = null;
  const pages = new OrderPageService({
    store,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    // The seller is read from the owner's settings whenever an e-mail or a page is made; an order's VAT
    // is its own (order-vat.ts), the first start's (VAT_RATE, SELLER_VAT_NUMBER) before it was kept.
    seller: uses.settings.seller,
    zoneName: uses.settings.zoneName,
    vatBefore: { vatRate: config.seller.vatRate, vatNumber: config.seller.vatNumber },
    log: app.log,
    onMailQueued: wakeOutbox,
    counters,
    now,
    returns: {
      ofOrder: async (orderId) => (returns ? returns.ofOrder(orderId) : []),
      openForWithdrawal: async (trx, order, lines, positions) =>
        returns?.openForWithdrawal(trx, order, lines, positions),
    },
    exchanges: {
      ofOrder: async (row, lines) =>
        exchanges ? exchanges.ofOrder(row, lines) : { exchanges: [], offer: null },
    },
    vat: { settledOf: async (orderId) => (vat ? vat.settledOf(orderId) : null) },
    payments: {
      giftCardsOf: async (reference) => (payments ? payments.giftCardsOf(reference) : []),
      giftCardsBoughtOf: async (reference) => (await payments?.giftCardsBoughtOf?.(reference)) ?? [],
    },
  });
  app.decorate('orders', {
    store,
    pages,
    joinReturns: (part: ReturnsOfPage) => {
      returns = part;
    },
    joinExchanges: (part: ExchangesOfPage) => {
      exchanges = part;
    },
    joinVat: (part: VatOfPage) => {
      vat = part;
    },
    joinPayments: (part: PaymentsOfPage) => {
      payments = part;
    },
  });

  await app.register(orderPageRoutes, { pages });
}

export const ordersPlugin = featurePlugin('orders', ['settings'], orders);
