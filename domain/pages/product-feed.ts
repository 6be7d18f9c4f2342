/**
 * The shop's products as the shopping channels read them (docs/product/feeds.md): Google's free
 * listings (Merchant Center), Instagram and Facebook shops (Meta's catalogue) and Pinterest. One item per
 * product and size, every value taken from the catalogue snapshot and the owner's settings, so the feeds
 * say what the pages say. Pure: the server writes these items as Google's RSS and Meta's CSV
 * (server/pages/feed-routes.ts).
 */
import { largestRenditionUrl } from '../catalogue/product-image';
import { offeredSizes } from '../catalogue/sizes';
import type { CatalogueProduct, CatalogueSnapshot } from '../catalogue/snapshot';
import { BRAND, PRODUCTION_DAYS, SHIPPING_ZONES } from '../config';
import { productPath } from '../routes';
import type { StorefrontSettings } from '../settings/storefront-settings';

/** Google's product taxonomy: every piece the shop makes is a bracelet (id 191). */
export const GOOGLE_PRODUCT_CATEGORY = 'Apparel & Accessories > Jewelry > Bracelets';

/** Google's size system for the shop's sizes (bracelet lengths in cm, the European way). */
export const FEED_SIZE_SYSTEM = 'EU';

/** Google takes at most 10 additional pictures per item. */
const ADDITIONAL_IMAGES_MAX = 10;

/** Google reads at most 5,000 characters of a description. */
const DESCRIPTION_MAX = 5_000;

export interface FeedShipping {
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
  /** Cents for this one piece: the zone's price, or 0 where the piece alone reaches its threshold. */
  readonly price: number;
  readonly minTransitDays: number;
  readonly maxTransitDays: number;
}

export interface FeedItem {
  /** 'SOLAS-3-M': the product's SKU (as its structured data names it) and the size. */
  readonly id: string;
  /** 'SOLAS-3': every size of one product. */
  readonly itemGroupId: string;
  readonly title: string;
  /** Plain text. */
  readonly description: string;
  /** Absolute: the product's canonical page. */
  readonly link: string;
  readonly imageLink: string;
  readonly additionalImageLinks: readonly string[];
  readonly available: boolean;
  /** Cents. */
  readonly price: number;
  readonly currency: string;
  readonly brand: string;
  readonly gtin: string | null;
  readonly productType: string;
  /** Google's "/"-separated list. */
  readonly material: string;
  readonly colour: string | null;
  /** 'Small', 'Medium', 'Large'. */
  readonly size: string;
  readonly shipping: readonly FeedShipping[];
  readonly minHandlingDays: number;
  readonly maxHandlingDays: number;
}

export interface FeedSettings {
  /** No trailing slash. */
  readonly publicUrl: string;
  /** The zones and the away state; the first start's without (the seed's snapshot). */
  readonly shop: Pick<StorefrontSettings, 'shipping' | 'away'>;
}

/** Sold and not kept out by the owner: a retired piece leaves, a paused one stays (out of stock). */
export function inFeeds(product: CatalogueProduct): boolean {
  return product.status !== 'retired' && product.excludeFromFeeds !== true && product.images.length > 0;
}

/** The description as plain text on few lines: paragraphs kept, any markup and extra space dropped. */
export function plainText(text: string, max = DESCRIPTION_MAX): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/[*_`#>]+/g, '')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
  return plain.length <= max ? plain : `${plain.slice(0, max - 3).trimEnd()}...`;
}

function shippingOf(product: CatalogueProduct, shop: FeedSettings['shop']): FeedShipping[] {
  return shop.shipping.zones.flatMap((zone) => {
    const free = zone.freeFrom !== null && product.price >= zone.freeFrom;
    const [minTransitDays, maxTransitDays] = SHIPPING_ZONES[zone.id].deliveryDays;
    return zone.countries.map((country) => ({
      country,
      price: free ? 0 : zone.price,
      minTransitDays,
      maxTransitDays,
    }));
  });
}

/** Every item of the feeds, in the catalogue's order: each product in feeds, once per size it is made in. */
export function feedItems(snapshot: CatalogueSnapshot, settings: FeedSettings): FeedItem[] {
  const { publicUrl, shop } = settings;
  const salesPaused = shop.away.mode === 'pause-sales';
  return snapshot.products.filter(inFeeds).flatMap((product) => {
    const [main, ...more] = product.images.map((image) => `${publicUrl}${largestRenditionUrl(image)}`);
    const description = plainText(product.fullDescription.trim() || product.description);
    const shipping = shippingOf(product, shop);
    const gtin = product.gtin?.trim() || null;
    const colour = product.colour?.trim() || null;
    return offeredSizes(product).map(
      (size): FeedItem => ({
        id: `SOLAS-${product.id}-${size.code}`,
        itemGroupId: `SOLAS-${product.id}`,
        title: `${product.name} (${size.name})`,
        description,
        link: `${publicUrl}${productPath(product.id)}`,
        imageLink: main ?? '',
        additionalImageLinks: more.slice(0, ADDITIONAL_IMAGES_MAX),
        // A size the materials cannot cover now is out of stock (docs/product/materials.md §23).
        available:
          product.status === 'active' && !salesPaused && !product.unmakeableSizes?.includes(size.code),
        price: product.price,
        currency: BRAND.currency,
        brand: BRAND.name,
        gtin,
        productType: product.category,
        material: product.materials.join('/'),
        colour,
        size: size.name,
        shipping,
        minHandlingDays: PRODUCTION_DAYS[0],
        maxHandlingDays: PRODUCTION_DAYS[1],
      }),
    );
  });
}

/** '40.00 EUR', as both channels write a price. */
export function feedPrice(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency}`;
}
