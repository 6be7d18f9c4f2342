/**
 * The maker's materials (docs/product/materials.md §23): holds a cart's pieces' materials while its
 * checkout is open (given back when it ends unpaid), joins every payment (the hold becomes the order's
 * reservation, never a refusal), follows the owner's changes of an order (made: consumed; cancelled or
 * refunded before: given back), and writes what can be made into the catalogue, which every instance
 * then serves.
 */
import type { FastifyInstance } from 'fastify';
import { setMakeable } from '../catalogue';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import { linesOfOrder } from '../orders';
import { materialRoutes } from './material-routes';
import { MaterialService } from './material-service';
import { MaterialStore } from './material-store';

async function materials(
  app: FastifyInstance,
  uses: Needs<'catalogue' | 'checkout' | 'orders' | 'making'>,
): Promise<void> {
  const { db, events } = app.platform;
  const { source } = uses.catalogue;
  const service = new MaterialService({
    store: new MaterialStore(db),
    catalogue: () => source.current(),
    setMakeable,
    refreshCatalogue: async () => {
      await source.refresh?.().catch(() => {});
    },
    linesOf: (trx, orderId) => linesOfOrder(trx, orderId),
  });
  app.decorate('materials', { service });
  // At payment the hold is the order's reservation; a lapsed one is taken again as far as stock goes.
  uses.checkout.paid.join({
    name: 'materials',
    onPaid: async (trx, order) => {
      await service.onPaid(trx, order.id);
      return undefined;
    },
  });
  // A cart's checkout holds its pieces' materials while it is open; refused when they cannot be held.
  uses.checkout.holds.join({
    name: 'materials',
    applies: (productIds) => service.applies(productIds),
    hold: (trx, checkout) => service.hold(trx, checkout),
    release: (trx, orderId) => service.releaseHold(trx, orderId),
    released: () => service.afterPaid(),
  });
  events.on('orderPaid', () => service.afterPaid());
  // Today's "Can I make these?" (docs/product/materials.md §23).
  uses.making.joinToday(async (queue) => {
    const { shortages, firstBlocked, lowStock } = await service.canIMake(queue);
    return {
      shortages,
      canMake: {
        firstBlocked,
        lowStock: lowStock.map((m) => ({
          id: m.id,
          name: m.name,
          unit: m.unit,
          onHand: m.onHand,
          reserved: m.reserved,
          lowStock: m.lowStock,
          // Enough to be above the low-stock level again with what is reserved set aside.
          toBuy: Math.max(1, m.lowStock + m.reserved - m.onHand + 1),
        })),
      },
    };
  });
  events.on('orderStatusChanged', async ({ reference, status }) => {
    const row = await uses.orders.store.findByReference(reference);
    if (row) await service.onStatus(row.id, status);
  });
  await app.register(materialRoutes, { service });
}

export const materialsPlugin = featurePlugin(
  'materials',
  ['catalogue', 'checkout', 'orders', 'making'],
  materials,
);
