/**
 * Shipping (docs/product/shipping.md §22): labels through a carrier's API. ShipEngine with
 * SHIPENGINE_API_KEY, the built-in TEST provider without it. A bought label dispatches the order through
 * fulfilment's dispatch, and the carrier's tracking webhook delivers it through fulfilment's status step.
 */
import type { FastifyInstance } from 'fastify';
import type { SizeCode } from '../../domain/config';
import {
  type CustomsOrder,
  customsItems,
  describeMissingCustoms,
  missingCustomsData,
} from '../../domain/customs/customs-items';
import type { ProductCustoms } from '../../domain/customs/product-customs';
import type { OrderDetail } from '../../domain/orders/admin-api';
import type { CatalogueService } from '../catalogue';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import type { LabelProvider } from './label-provider';
import { labelRoutes } from './label-routes';
import { type CustomsItemsOf, LabelService } from './label-service';
import { LabelStore } from './label-store';
import { ShipEngineProvider } from './shipengine-provider';
import { TestLabelProvider } from './test-label-provider';

type Uses = Needs<'settings' | 'fulfilment' | 'catalogue'>;

/**
 * An order's customs items from its products' customs data now (domain/customs/customs-items.ts: the same
 * items as the CN23 and the day's customs CSV), or what is missing.
 */
function customsFromCatalogue(catalogue: CatalogueService): CustomsItemsOf {
  return async (order: OrderDetail) => {
    const known = new Map<string, ProductCustoms>();
    for (const id of new Set(order.lines.map((l) => l.productId))) {
      const product = await catalogue.getAdminProduct(id).catch(() => null);
      if (product?.customs) known.set(id, product.customs);
    }
    const customsOrder: CustomsOrder = {
      lines: order.lines.map((l) => ({
        productId: l.productId,
        name: l.name,
        // A product sold without sizes weighs as its medium.
        size: (l.size ?? 'M') as SizeCode,
        quantity: l.quantity,
        lineTotal: l.lineTotal,
      })),
      discount: order.discount ?? 0,
      currency: order.currency,
    };
    const lookup = (id: string) => known.get(id);
    const missing = missingCustomsData(customsOrder, lookup);
    if (missing.length > 0) return { missing: describeMissingCustoms(missing) };
    return { items: customsItems(customsOrder, lookup) };
  };
}

async function shipping(app: FastifyInstance, { settings, fulfilment, catalogue }: Uses): Promise<void> {
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
    customsItemsOf: customsFromCatalogue(catalogue.service),
    log: app.log,
    ...(now ? { now } : {}),
  });
  app.decorate('shipping', { labels });
  await app.register(labelRoutes, { labels, webhookSecret: config.shipEngine.webhookSecret });
}

export const shippingPlugin = featurePlugin('shipping', ['settings', 'fulfilment', 'catalogue'], shipping);
