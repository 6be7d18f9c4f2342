import { describe, expect, it } from 'vitest';
import { indexCatalogue } from '../catalogue/catalogue-index';
import { seedSnapshot } from '../catalogue/seed';
import type { CatalogueProduct } from '../catalogue/snapshot';
import { DISPATCH, SHIPPING_ZONES } from '../config';
import { resolvePath } from '../routes';
import {
  DEFAULT_STOREFRONT_SETTINGS,
  SEEDED_ZONES,
  storefrontSettings,
} from '../settings/storefront-settings';
import { pageMeta } from './seo';

const URL = 'https://solas.example';

const SEED = indexCatalogue(seedSnapshot());
const getProduct = SEED.getProduct;

function metaFor(path: string, lookup: (id: string) => CatalogueProduct | undefined = getProduct) {
  const r = resolvePath(path);
  if (r.kind !== 'route') throw new Error('expected a route');
  return pageMeta(r.match, URL, lookup);
}

/** The JSON-LD's offers.shippingDetails. */
function shippingOf(meta: ReturnType<typeof pageMeta>): Record<string, unknown>[] {
  const offers = meta.jsonLd?.offers as { shippingDetails?: Record<string, unknown>[] } | undefined;
  return offers?.shippingDetails ?? [];
}

/** Product 26 of the seed with another status. */
function withStatus(status: CatalogueProduct['status']) {
  return (id: string) => {
    const p = getProduct(id);
    return p ? { ...p, status } : undefined;
  };
}

describe('pageMeta', () => {
  it('gives every route a title, a description within 155 characters and a canonical path', () => {
    for (const path of [
      '/',
      '/shop',
      '/about',
      '/cart',
      '/privacy-policy',
      '/product/1',
      '/product/999',
      '/x',
    ]) {
      const m = metaFor(path);
      expect(m.title.length).toBeGreaterThan(3);
      expect(m.description.length).toBeLessThanOrEqual(155);
      expect(m.canonicalPath.startsWith('/')).toBe(true);
    }
  });

  it('describes products truthfully, with an Offer and shipping details but no invented ratings', () => {
    const m = metaFor('/product/26');
    const product = getProduct('26');
    expect(m.title).toBe(`${product?.name} | Solas`);
    expect(m.ogType).toBe('product');
    expect(m.canonicalPath).toBe('/product/26');
    const json = JSON.stringify(m.jsonLd);
    expect(json).toContain('"@type":"Offer"');
    expect(json).toContain('"priceCurrency":"EUR"');
    expect(json).toContain('OfferShippingDetails');
    expect(json).not.toMatch(/aggregateRating|reviewCount|"review"/);
  });

  it('claims Great Britain nowhere while the checkout refuses it, and once she sells there', () => {
    const countriesOf = (meta: ReturnType<typeof pageMeta>) => {
      const offer = meta.jsonLd?.offers as { hasMerchantReturnPolicy: { applicableCountry: string[] } };
      const shipped = shippingOf(meta).flatMap((d) =>
        (d.shippingDestination as { addressCountry: string }[]).map((c) => c.addressCountry),
      );
      return { shipped, returns: offer.hasMerchantReturnPolicy.applicableCountry };
    };
    const r = resolvePath('/product/26');
    if (r.kind !== 'route') throw new Error('expected a route');
    // The world zone as seeded lists it; the first start does not sell there (vat.gb 'no_sale').
    expect(SEEDED_ZONES.flatMap((z) => z.countries)).toContain('GB');
    for (const meta of [
      metaFor('/product/26'),
      pageMeta(
        r.match,
        URL,
        getProduct,
        storefrontSettings({
          ...DEFAULT_STOREFRONT_SETTINGS,
          shipping: { zones: SEEDED_ZONES },
          vat: { gb: 'no_sale' },
        }),
      ),
    ]) {
      const { shipped, returns } = countriesOf(meta);
      expect(shipped).toContain('US');
      expect(shipped).not.toContain('GB');
      expect(returns).not.toContain('GB');
    }
    expect(DEFAULT_STOREFRONT_SETTINGS.shipping.zones.flatMap((z) => z.countries)).not.toContain('GB');
    const selling = storefrontSettings({
      ...DEFAULT_STOREFRONT_SETTINGS,
      shipping: { zones: SEEDED_ZONES },
      vat: { gb: 'uk_vat' },
    });
    const { shipped, returns } = countriesOf(pageMeta(r.match, URL, getProduct, selling));
    expect(shipped).toContain('GB');
    expect(returns).toContain('GB');
  });

  it('gives one OfferShippingDetails per zone the owner ships to, with her prices, countries and working days', () => {
    const r = resolvePath('/product/26');
    if (r.kind !== 'route') throw new Error('expected a route');
    const product = getProduct('26');
    if (!product) throw new Error('seed changed: product 26 is missing');
    const zones = SEEDED_ZONES.filter((z) => z.id !== 'WORLD').map((z) =>
      z.id === 'IE'
        ? { ...z, countries: ['IE'], price: 650, freeFrom: product.price }
        : { ...z, countries: ['FR', 'DE'], price: 1250, freeFrom: null },
    );
    const meta = pageMeta(r.match, URL, getProduct, { shipping: { zones }, workingDays: [6, 2, 3, 4, 5] });
    const [ie, eu, ...rest] = shippingOf(meta);
    expect(rest).toEqual([]);
    // The piece alone reaches Ireland's threshold: posting it there is free.
    expect(ie?.shippingRate).toEqual({ '@type': 'MonetaryAmount', value: '0.00', currency: 'EUR' });
    expect(ie?.shippingDestination).toEqual([{ '@type': 'DefinedRegion', addressCountry: 'IE' }]);
    expect(eu?.shippingRate).toEqual({ '@type': 'MonetaryAmount', value: '12.50', currency: 'EUR' });
    expect(eu?.shippingDestination).toEqual([
      { '@type': 'DefinedRegion', addressCountry: 'FR' },
      { '@type': 'DefinedRegion', addressCountry: 'DE' },
    ]);
    expect(eu?.deliveryTime).toEqual({
      '@type': 'ShippingDeliveryTime',
      businessDays: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map(
          (d) => `https://schema.org/${d}`,
        ),
      },
      handlingTime: {
        '@type': 'QuantitativeValue',
        minValue: 2,
        maxValue: DISPATCH.productionDays,
        unitCode: 'DAY',
      },
      transitTime: {
        '@type': 'QuantitativeValue',
        minValue: SHIPPING_ZONES.EU.deliveryDays[0],
        maxValue: SHIPPING_ZONES.EU.deliveryDays[1],
        unitCode: 'DAY',
      },
    });
    // A threshold above the piece's price: the zone's price.
    const dearer = zones.map((z) => (z.id === 'IE' ? { ...z, freeFrom: product.price + 1 } : z));
    const below = pageMeta(r.match, URL, getProduct, { shipping: { zones: dearer }, workingDays: [1] });
    expect(shippingOf(below)[0]?.shippingRate).toMatchObject({ value: '6.50' });
  });

  it('states the Irish zone’s free-shipping threshold in the descriptions, and none without one', () => {
    expect(metaFor('/').description).toContain('Free shipping in Ireland from €40');
    const home = resolvePath('/');
    if (home.kind !== 'route') throw new Error('expected a route');
    const facts = (freeFrom: number | null) => ({
      shipping: { zones: SEEDED_ZONES.map((z) => (z.id === 'IE' ? { ...z, freeFrom } : z)) },
      workingDays: [1, 2, 3, 4, 5],
    });
    expect(pageMeta(home.match, URL, getProduct, facts(6000)).description).toContain(
      'Free shipping in Ireland from €60',
    );
    const none = pageMeta(home.match, URL, getProduct, facts(null)).description;
    expect(none).toContain('jasper and more. 30-d');
    expect(none).not.toMatch(/free shipping/i);
  });

  it('marks tools, order pages and unknown products noindex; the cart page stays indexable', () => {
    expect(metaFor('/diagnostics').noindex).toBe(true);
    expect(metaFor('/order-confirmation').noindex).toBe(true);
    expect(metaFor('/cart').noindex).toBe(false);
    expect(metaFor('/product/999').noindex).toBe(true);
    expect(metaFor('/shop').noindex).toBe(false);
  });

  it('tells search engines what a paused or retired product is: out of stock, or discontinued and not indexed', () => {
    expect(JSON.stringify(metaFor('/product/26').jsonLd)).toContain('https://schema.org/MadeToOrder');
    const paused = metaFor('/product/26', withStatus('paused'));
    expect(paused.noindex).toBe(false);
    expect(JSON.stringify(paused.jsonLd)).toContain('https://schema.org/OutOfStock');
    const retired = metaFor('/product/26', withStatus('retired'));
    expect(retired.noindex).toBe(true);
    expect(JSON.stringify(retired.jsonLd)).toContain('https://schema.org/Discontinued');
  });

  it("takes the social card from the product's first picture and its alt text", () => {
    const m = metaFor('/product/26');
    expect(m.image).toBe('/img/product-26-1-1080.webp');
    expect(m.imageAlt).toBe(getProduct('26')?.images[0]?.alt);
  });
});
