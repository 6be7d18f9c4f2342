/**
 * Checkout: the hosted checkout (a cart's, a quote's, the owner's payment link), its confirmation (the
 * page, the provider's webhook, the reconcile pass) and the one step that marks an order paid, whichever
 * way it was paid. Publishes `orderPaid`, `reminderRequested` and `checkoutRecoverable`.
 */

import type { FastifyInstance } from 'fastify';
import { dutyNotice } from '../../domain/customs/duty-notice';
import { DEFAULT_US_DUTY_PERCENT } from '../../domain/settings/shop-settings';
import { giftCardsAtCheckout, giftCardsAtPayment } from '../gift-cards';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import { vatAtPayment, vatStep } from '../vat';
import { CheckoutHolds } from './checkout-holds';
import { checkoutRoutes } from './checkout-routes';
import { CheckoutService } from './checkout-service';
import { confirmationRoutes } from './confirmation-routes';
import { discountCheckRoutes } from './discount-check-routes';
import { MarkPaid } from './mark-paid';
import { declareAdjustments } from './pricing';
import {
  type ReconcileParts,
  type ReconcileTimings,
  reconcilePass,
  reconcilePendingOrders,
} from './reconcile';
import { webhookRoutes } from './webhook-routes';

export interface CheckoutPluginOptions {
  /** Re-checks pending orders in the background (checkout/reconcile.ts); false in tests that drive it. */
  readonly reconcile?: Partial<ReconcileTimings> | false;
}

type Uses = Needs<
  'settings' | 'making' | 'payments' | 'catalogue' | 'offers' | 'orders' | 'fulfilment' | 'giftCards' | 'vat'
>;

async function checkout(app: FastifyInstance, uses: Uses, options: CheckoutPluginOptions): Promise<void> {
  const { config, events, now, wakeOutbox } = app.platform;
  const { store, pages } = uses.orders;
  const fulfilment = uses.fulfilment.service;
  const { provider } = uses.payments;
  // The owner's settings from memory (no query per checkout), taken once here.
  const shop = uses.settings.cache;
  // Tests date orders on a fixed day (the dispatch rule reads the Irish date and time).
  const clock = now ? { now: () => now().getTime() } : {};
  const paid = new MarkPaid({
    store,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    // The seller as she is now; an order's VAT is its own, the first start's before it was kept.
    seller: uses.settings.seller,
    zoneName: uses.settings.zoneName,
    vatBefore: { vatRate: config.seller.vatRate, vatNumber: config.seller.vatNumber },
    pageUrl: (reference, key) => pages.pageUrl(reference, key),
    log: app.log,
    onMailQueued: wakeOutbox,
    calendar: uses.settings.calendar,
    queue: uses.making.queue,
    ...clock,
    onPaid: (order) => {
      app.metrics.orderPaid();
      // The payment stands whatever a listener does (events.ts logs a failure).
      void events.emit('orderPaid', order);
    },
  });
  // The steps that price a cart, in this order (domain/checkout/adjustments.ts): discounts, then the tax,
  // then payments made another way. The cart's check and every checkout run the same list.
  const [earlyBird, discountCode] = uses.offers.atCheckout.entries;
  // Gift cards are a payment, never a discount (docs/product/gift-cards.md §19): they pay the total, VAT
  // included, after the tax (a payment changes no VAT, docs/product/vat.md §20).
  const giftCards = giftCardsAtCheckout(uses.giftCards);
  const adjustments = declareAdjustments([earlyBird, discountCode, vatStep(uses.vat), giftCards.entry]);
  // A refund goes back where the money came from: the desk's refunds and returns reach the cards too.
  fulfilment.refundGiftCardsWith(giftCards);
  // The shopper's order page shows what the cards paid, as the confirmation does (§19.3).
  // And the cards the order bought, among its lines.
  uses.orders.joinPayments({
    giftCardsOf: (reference) => giftCards.paymentsOf(reference),
    giftCardsBoughtOf: (reference) => giftCards.boughtIn(reference),
  });
  // The cards' holds become spends on the order in the payment's own transaction, whichever way it came,
  // and the cards it bought become cards (gift cards' own part, gift-card-payment.ts).
  paid.join(
    giftCardsAtPayment({
      cards: giftCards,
      service: uses.giftCards.service,
      orders: store,
      log: app.log,
      now: () => (now ? now() : new Date()),
    }),
  );
  // The order's VAT settled on the day of supply and its invoice issued, in the payment's transaction.
  paid.join(vatAtPayment(uses.vat, () => (now ? now() : new Date())));
  // What a feature holds while a checkout is open (the maker's materials): joined like `paid`.
  const holds = new CheckoutHolds(app.platform.db);
  // Participants join while the features register; every payment after start runs the same list.
  app.addHook('onReady', async () => {
    paid.seal();
    holds.seal();
  });
  const service = new CheckoutService({
    store,
    provider,
    markPaid: paid,
    publicUrl: config.publicUrl,
    seller: uses.settings.seller,
    log: app.log,
    // The owner's closures, working days and away state, from memory: no query per checkout.
    calendar: uses.settings.calendar,
    queue: uses.making.queue,
    ...clock,
    // The zones' prices and the away state from memory: no query per checkout.
    settings: () => shop.current(),
    // Awaited: the link is kept before Stripe hears the event was handled (a failure is only logged).
    onRecoverable: (recoverable) => events.emit('checkoutRecoverable', recoverable),
    discounts: uses.offers.atCheckout,
    adjustments,
    giftCards,
    vat: uses.vat,
    holds,
  });
  // The owner paused sales on this instance: no checkout opened before is paid during the pause. Awaited
  // with her save (catalogueEdited), so "Saved" means none can be.
  events.on('catalogueEdited', async () => {
    if ((await shop.current()).away.mode === 'pause-sales') await service.endOpenCheckouts();
  });
  const reconciling: ReconcileParts = {
    checkout: service,
    paid,
    orders: store,
    provider,
    settings: uses.settings.store,
    log: app.log,
  };
  app.decorate('checkout', {
    service,
    paid,
    holds,
    reconcile: (timings, shouldStop) => reconcilePass(reconciling, timings, shouldStop),
  });
  // The test checkout's pages settle through this checkout (payments knows no order).
  uses.payments.settleWith({
    confirm: (sessionId) => service.confirm(sessionId),
    cancelled: (sessionId) => service.cancelled(sessionId),
  });

  await app.register(checkoutRoutes, {
    checkout: service,
    dutyNotice: async (country, valueCents) => {
      const now = await shop.current();
      return dutyNotice({
        country,
        usDutyPercent: now.seller.usDutyPercent ?? DEFAULT_US_DUTY_PERCENT,
        gb: now.vat.gb,
        valueCents,
      });
    },
    catalogue: uses.catalogue.source,
    attemptGiftCard: uses.giftCards.attempt,
    // The newsletter feature keeps the consent (docs/product/states.md §5.10a); awaited, so it is stored before
    // the shopper leaves for the hosted checkout. A failure is logged and costs only the reminder.
    onReminderRequested: (request) => events.emit('reminderRequested', request),
  });
  await app.register(confirmationRoutes, { checkout: service });
  await app.register(discountCheckRoutes, {
    adjustments,
    catalogue: uses.catalogue.source,
    shipping: async () => (await shop.current()).shipping,
    ...(now ? { now } : {}),
  });
  await app.register(webhookRoutes, { checkout: service, desk: fulfilment, settings: uses.settings.store });
  reconcilePendingOrders(app, reconciling, options.reconcile);
}

export const checkoutPlugin = featurePlugin<
  'settings' | 'making' | 'payments' | 'catalogue' | 'offers' | 'orders' | 'fulfilment' | 'giftCards' | 'vat',
  CheckoutPluginOptions
>(
  'checkout',
  ['settings', 'making', 'payments', 'catalogue', 'offers', 'orders', 'fulfilment', 'giftCards', 'vat'],
  checkout,
);
