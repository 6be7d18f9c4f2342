/** Offers: the owner's discount codes and the early-bird bulk price, as the checkout's discount entries. */
import type { FastifyInstance } from 'fastify';
import { bulkTierOf } from '../../domain/offers/early-bird';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import { checkoutDiscounts } from './checkout-discounts';
import { discountRoutes } from './discount-routes';
import { DiscountService } from './discount-service';
import { DiscountStore } from './discount-store';

type Uses = Needs<'settings' | 'catalogue' | 'orders'>;

async function offers(app: FastifyInstance, uses: Uses): Promise<void> {
  const { db, audit, now } = app.platform;
  const orders = uses.orders.store;
  // Read from memory (the settings cache), not the database: the checkout asks on every order.
  const settings = uses.settings.cache;
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

export const offersPlugin = featurePlugin('offers', ['settings', 'catalogue', 'orders'], offers);
