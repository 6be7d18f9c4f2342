/**
 * Shipping (docs/product/shipping.md §22): labels through a carrier's API. ShipEngine with
 * SHIPENGINE_API_KEY, the built-in TEST provider without it. A bought label dispatches the order through
 * fulfilment's dispatch, and the carrier's tracking webhook delivers it through fulfilment's status step.
 */
import type { FastifyInstance } from 'fastify';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import type { LabelProvider } from './label-provider';
import { labelRoutes } from './label-routes';
import { LabelService, usualCustomsItems } from './label-service';
import { LabelStore } from './label-store';
import { ShipEngineProvider } from './shipengine-provider';
import { TestLabelProvider } from './test-label-provider';

type Uses = Needs<'settings' | 'fulfilment'>;

async function shipping(app: FastifyInstance, { settings, fulfilment }: Uses): Promise<void> {
  const { db, config, now } = app.platform;
  const { apiKey } = config.shipEngine;
  const provider: LabelProvider = apiKey
    ? new ShipEngineProvider({ ...config.shipEngine, apiKey })
    : new TestLabelProvider();
  const labels = new LabelService({
    store: new LabelStore(db),
    provider,
    desk: fulfilment.service,
    seller: settings.seller,
    // The products' customs data: until a product has its own, the shop's usual beaded bracelet.
    customsItemsOf: async (order) => ({ items: usualCustomsItems(order) }),
    log: app.log,
    ...(now ? { now } : {}),
  });
  app.decorate('shipping', { labels });
  await app.register(labelRoutes, { labels, webhookSecret: config.shipEngine.webhookSecret });
}

export const shippingPlugin = featurePlugin('shipping', ['settings', 'fulfilment'], shipping);
