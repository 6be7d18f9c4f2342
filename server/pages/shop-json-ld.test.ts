/**
 * The shop described to search engines, as the server serves its pages (the real App rendered from source
 * into a small build): the home page carries an OnlineStore with the seller's name, legal name, logo,
 * contact, address, VAT number and her return policy and shipping service; every product's Offer carries
 * the same return policy. A settings change (the seller, a zone) reaches both with the next page set.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedSnapshot } from '../../domain/catalogue/seed';
import type { CatalogueSnapshot } from '../../domain/catalogue/snapshot';
import type { SellerIdentity } from '../../domain/settings/seller';
import {
  DEFAULT_STOREFRONT_SETTINGS,
  type StorefrontSettings,
} from '../../domain/settings/storefront-settings';
import { writeFakeWebBuild } from '../../tests/support/fake-web-build';
import { productJsonLdOf } from '../../tests/support/product-json-ld';
import { tempDataDir } from '../../tests/support/test-app';
import * as entryServer from '../../web/src/entry-server';
import { type StaticCatalogueSource, staticCatalogueSource } from '../catalogue/static-catalogue-source';
import { zodValidatorCompiler } from '../lib/validation';
import { ssrPageRenderer } from './page-renderer';
import { webRoutes } from './web-routes';

const PUBLIC_URL = 'http://shop.test';

const SELLER: SellerIdentity = {
  legalName: 'Aoife Ní Bhriain, trading as Solas',
  address: '1 Quay Street, Galway, Co. Galway, Ireland',
  vatNumber: 'IE1234567T',
  vatRate: 23,
  email: 'aoife@solas.test',
};

/** Three products, so every page set renders in a moment. */
function small(version: string): CatalogueSnapshot {
  const seed = seedSnapshot();
  return { ...seed, version, products: seed.products.slice(0, 3) };
}

/** The home page's `<script type="application/ld+json" id="shop-jsonld">`, parsed. */
function shopJsonLdOf(html: string): Record<string, unknown> {
  const json = /<script type="application\/ld\+json" id="shop-jsonld">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('the page has no shop JSON-LD');
  return JSON.parse(json) as Record<string, unknown>;
}

let data: ReturnType<typeof tempDataDir>;
let web: FastifyInstance;
let source: StaticCatalogueSource;
let settings: { seller: SellerIdentity; shop: StorefrontSettings };

beforeEach(async () => {
  data = tempDataDir();
  const dist = writeFakeWebBuild(path.join(data.dir, 'web'));
  source = staticCatalogueSource(small('v1'));
  settings = { seller: SELLER, shop: DEFAULT_STOREFRONT_SETTINGS };
  web = Fastify({ pluginTimeout: 120_000 });
  web.setValidatorCompiler(zodValidatorCompiler);
  await web.register(webRoutes, {
    webDistDir: dist,
    publicUrl: PUBLIC_URL,
    catalogue: source,
    settings: async () => settings,
    renderer: ssrPageRenderer(dist, entryServer),
  });
  await web.ready();
});

afterEach(async () => {
  await web.close();
  data.remove();
});

const page = async (url: string) => (await web.inject({ method: 'GET', url })).body;

describe('the shop described to search engines', () => {
  it('describes the shop on the home page as an OnlineStore with her return policy and shipping', async () => {
    const store = shopJsonLdOf(await page('/'));
    const countries = DEFAULT_STOREFRONT_SETTINGS.shipping.zones.flatMap((z) => z.countries);
    expect(store).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'OnlineStore',
      name: 'Solas',
      legalName: SELLER.legalName,
      url: `${PUBLIC_URL}/`,
      logo: `${PUBLIC_URL}/icons/icon-512.png`,
      email: SELLER.email,
      vatID: SELLER.vatNumber,
      address: { '@type': 'PostalAddress', streetAddress: SELLER.address, addressCountry: 'IE' },
      hasMerchantReturnPolicy: {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: countries,
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: 30,
        returnMethod: 'https://schema.org/ReturnByMail',
        returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
      },
      hasShippingService: { '@type': 'ShippingService' },
    });
    // Her Irish zone: its price below the threshold, nothing from it.
    const ie = DEFAULT_STOREFRONT_SETTINGS.shipping.zones.find((z) => z.id === 'IE');
    const conditions = (store.hasShippingService as { shippingConditions: Record<string, unknown>[] })
      .shippingConditions;
    const toIreland = conditions.filter((c) =>
      (c.shippingDestination as { addressCountry: string }[]).some((d) => d.addressCountry === 'IE'),
    );
    expect(toIreland.map((c) => (c.shippingRate as { value: string }).value)).toEqual(
      ie?.freeFrom === null
        ? [((ie?.price ?? 0) / 100).toFixed(2)]
        : [((ie?.price ?? 0) / 100).toFixed(2), '0.00'],
    );
  });

  it("references the same return policy from every product's Offer", async () => {
    const store = shopJsonLdOf(await page('/'));
    for (const id of ['1', '2', '3']) {
      const product = productJsonLdOf(await page(`/product/${id}`)) as {
        offers?: { hasMerchantReturnPolicy?: unknown };
      };
      expect(product.offers?.hasMerchantReturnPolicy).toEqual(store.hasMerchantReturnPolicy);
    }
    expect(await page('/shop')).not.toContain('shop-jsonld');
  });

  it('follows her settings: a seller without VAT and a zone removed', async () => {
    settings = {
      seller: { ...SELLER, vatNumber: null, legalName: "Aoife's Beads Ltd" },
      shop: {
        ...DEFAULT_STOREFRONT_SETTINGS,
        shipping: { zones: DEFAULT_STOREFRONT_SETTINGS.shipping.zones.filter((z) => z.id === 'IE') },
      },
    };
    source.replace(small('v2'));
    await expect
      .poll(async () => shopJsonLdOf(await page('/')).legalName, { timeout: 30_000, interval: 100 })
      .toBe("Aoife's Beads Ltd");
    const store = shopJsonLdOf(await page('/'));
    expect(store).not.toHaveProperty('vatID');
    expect((store.hasMerchantReturnPolicy as { applicableCountry: string[] }).applicableCountry).toEqual([
      'IE',
    ]);
    const product = productJsonLdOf(await page('/product/1')) as {
      offers?: { hasMerchantReturnPolicy?: { applicableCountry: string[] } };
    };
    expect(product.offers?.hasMerchantReturnPolicy?.applicableCountry).toEqual(['IE']);
  }, 60_000);
});
