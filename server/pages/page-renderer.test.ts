/**
 * The run-time renderer with the real App (web/src/entry-server.tsx, loaded from source here instead of
 * the SSR build) into a small client build's template: every product of the snapshot, whatever its status,
 * gets its page; each page carries its head (title, canonical, the LCP image's preload from the snapshot's
 * own pictures), the preload of the snapshot's resource, the root naming the path and the snapshot, and
 * the boot script in place of the entry module, with the stylesheet inlined.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueUrl } from '../../domain/catalogue/catalogue-url';
import { seedSnapshot } from '../../domain/catalogue/seed';
import type { CatalogueProduct, CatalogueSnapshot } from '../../domain/catalogue/snapshot';
import type { PublicReview, ReviewsSnapshot } from '../../domain/reviews/reviews';
import { writeFakeWebBuild } from '../../tests/support/fake-web-build';
import { productJsonLdOf } from '../../tests/support/product-json-ld';
import { tempDataDir } from '../../tests/support/test-app';
import * as entryServer from '../../web/src/entry-server';
import { inlineScriptHashes } from '../security/csp';
import { PUBLIC_URL_TOKEN } from './html-pages';
import { ssrPageRenderer } from './page-renderer';

let data: ReturnType<typeof tempDataDir>;
let dist = '';

beforeAll(() => {
  data = tempDataDir();
  dist = writeFakeWebBuild(path.join(data.dir, 'web'));
});

afterAll(() => data.remove());

/** The seed with product 1 photographed and retired product 2, plus an owner's product 28. */
function snapshot(): CatalogueSnapshot {
  const seed = seedSnapshot();
  const [first, second] = seed.products;
  if (!first || !second) throw new Error('the seed has products');
  const photo = { ...first.images[0], id: 'ab12', base: '/media/ab12', alt: 'First Light, photographed' };
  const added: CatalogueProduct = { ...first, id: '28', handle: 'christmas-star', position: 27 };
  return {
    version: 'v2',
    formerHandles: {},
    products: [
      { ...first, images: [photo as CatalogueProduct['images'][number]] },
      { ...second, status: 'retired' },
      ...seed.products.slice(2),
      added,
    ],
  };
}

describe('pages rendered at run time', () => {
  it('renders every page of the snapshot with its head, boot script and catalogue', async () => {
    const renderer = ssrPageRenderer(dist, entryServer);
    const url = catalogueUrl('0123456789abcdef0123');
    const pages = await renderer.render(snapshot(), url);
    if (!pages) throw new Error('not rendered');

    expect(pages.has('/')).toBe(true);
    expect(pages.has('/404')).toBe(true);
    expect(pages.has('/product/2')).toBe(true);
    expect(pages.has('/product/28')).toBe(true);
    expect(pages.size).toBe(entryServer.prerenderPaths(snapshot()).length);

    const product = pages.get('/product/1') ?? '';
    expect(product).toContain(`<div id="root" data-prerendered="/product/1" data-catalogue="${url}">`);
    expect(product).toContain(
      `<link rel="preload" as="fetch" crossorigin fetchpriority="low" href="${url}" />`,
    );
    // The LCP image is the snapshot's first picture of the product, not a compiled one.
    expect(product).toMatch(
      /<link rel="preload" as="image" [^>]*imagesrcset="\/media\/ab12-320\.avif 320w, /,
    );
    expect(product).toContain(`<link rel="canonical" href="${PUBLIC_URL_TOKEN}/product/1" />`);
    expect(product).toContain('<script type="application/ld+json" id="product-jsonld">');
    // The entry module and its preloads are the boot script's to load; the stylesheet is inlined.
    expect(product).not.toContain('<script type="module"');
    expect(product).not.toContain('rel="modulepreload"');
    expect(product).not.toContain('<!--boot-->');
    expect(product).toContain('<style>body{color:#222}</style>');
    expect(product).toContain('/assets/index-1.js');
    expect(product).toContain('/assets/product-page.js');
    // The CSP allows exactly the inline scripts written: the boot script and the JSON-LD.
    expect(inlineScriptHashes(product)).toHaveLength(2);

    const shop = pages.get('/shop') ?? '';
    const firstImage = snapshot().products[0]?.images[0]?.base;
    expect(shop).toMatch(new RegExp(`imagesrcset="${firstImage}-320\\.avif 320w`));
    for (const [route, html] of pages) expect(html, route).toContain(`data-catalogue="${url}"`);
  });

  it('stops between pages once a newer snapshot waits', async () => {
    const renderer = ssrPageRenderer(dist, entryServer);
    let asked = 0;
    const pages = await renderer.render(snapshot(), catalogueUrl('ff'), () => ++asked > 2);
    expect(pages).toBeNull();
    expect(asked).toBe(3);
  });

  it('renders the published reviews into the product page, its JSON-LD, the cards and the home quotes', async () => {
    const renderer = ssrPageRenderer(dist, entryServer);
    const review = (id: string, rating: number, text: string, displayName: string): PublicReview => ({
      id,
      productId: '3',
      rating,
      title: null,
      text,
      displayName,
      purchasedMonth: '2026-10',
      publishedAt: '2026-11-02T10:00:00.000Z',
      reply: null,
    });
    const reviews = [
      review('r1', 4, 'Bright and well made.', 'Aoife B.'),
      review('r2', 2, 'Too small <b>for me</b>.', 'Brid K.'),
    ];
    const published: ReviewsSnapshot = {
      version: 7,
      byProduct: { '3': { summary: { average: 3, count: 2 }, reviews } },
      testimonials: [
        { id: 'r1', productId: '3', rating: 4, text: 'Bright and well made.', displayName: 'Aoife B.' },
      ],
    };
    const pages = await renderer.render(snapshot(), catalogueUrl('ab'), undefined, published);
    if (!pages) throw new Error('not rendered');
    const product = pages.get('/product/3') ?? '';
    expect(product).toContain('Bright and well made.');
    expect(product).toContain('Aoife B.');
    // Markup in a review is text in the HTML, never markup.
    expect(product).toContain('Too small &lt;b&gt;for me&lt;/b&gt;.');
    const ld = productJsonLdOf(product);
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 3, reviewCount: 2 });
    expect(ld.review?.map((r) => r.author.name)).toEqual(['Aoife B.', 'Brid K.']);
    // None without any.
    const other = productJsonLdOf(pages.get('/product/4') ?? '');
    expect(other).not.toHaveProperty('aggregateRating');
    expect(other).not.toHaveProperty('review');
    expect(pages.get('/shop')).toContain('Rated </span>3.0');
    expect(pages.get('/')).toContain('Bright and well made.');
  });
});
