/** Offers: the owner's discount codes and the early-bird bulk price, as the checkout's discount entries. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { bulkTierOf } from '../../domain/offers/early-bird';
import { checkoutDiscounts } from './checkout-discounts';
import { discountRoutes } from './discount-routes';
import { DiscountService } from './discount-service';
import { DiscountStore } from './discount-store';

async function offers(app: FastifyInstance): Promise<void> {
  const { db, audit, now } = app.platform;
  const orders = app.orders.store;
  // Read from memory (the settings cache), not the database: the checkout asks on every order.
  const settings = app.settings.cache;
  const store = new DiscountStore(db);
  const atCheckout = checkoutDiscounts(store, async () => {
    const { earlyBird } = await settings.current();
    return earlyBird && bulkTierOf(earlyBird);
  });
  const discounts = new DiscountService({
    store,
    requests: audit,
    audit: (entry) => audit.audit(entry),
    // The paid orders are counted when the desk asks.
    paidByCode: () => orders.paidByDiscountCode(),
    ...(now ? { now } : {}),
  });
  app.decorate('offers', { atCheckout, discounts, store });
  await app.register(discountRoutes, { discounts });
}

export const offersPlugin = fp(offers, {
  name: 'offers',
  dependencies: ['platform', 'settings', 'catalogue', 'orders'],
});
