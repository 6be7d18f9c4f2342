/**
 * The cart as stored in this browser right now, read straight from storage. The confirmation and
 * cancellation pages record it once on arrival, when a hydrating provider may still show its server
 * snapshot (an empty cart).
 */
import {
  cartLineViews,
  parseStoredCart,
  parseStoredGiftWrap,
  parseStoredZone,
  pricedLines,
} from '../../../../domain/cart/cart';
import { priceOrder } from '../../../../domain/cart/pricing';
import type { CatalogueIndex } from '../../../../domain/catalogue/catalogue-index';
import { STORAGE_KEYS } from '../../../../domain/config';
import { readStored } from '../../lib/browser-storage';

export function storedCartSummary(catalogue: CatalogueIndex): {
  readonly total: number;
  readonly itemCount: number;
} {
  const views = cartLineViews(
    parseStoredCart(readStored(STORAGE_KEYS.cart), catalogue.isProductId),
    catalogue,
  );
  // The zones' prices and thresholds the owner set (the snapshot's), as the cart and the checkout charge;
  // the first start's only when the snapshot carries none.
  const zones = catalogue.snapshot.shop?.shipping.zones;
  const rates = zones && Object.fromEntries(zones.map((z) => [z.id, { fee: z.price, freeOver: z.freeFrom }]));
  const totals = priceOrder(
    pricedLines(views),
    parseStoredZone(readStored(STORAGE_KEYS.zone)),
    parseStoredGiftWrap(readStored(STORAGE_KEYS.giftWrap)),
    rates,
  );
  return { total: totals.total, itemCount: totals.itemCount };
}
