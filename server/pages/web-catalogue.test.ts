/**
 * The pages follow the catalogue: a new snapshot from the source is rendered and swapped in whole, so
 * `/product/1` shows the new name and price and a new product's page exists right after the swap, each
 * with a new ETag; a retired product's page answers 410, an unknown one the not-found page with 404, an
 * old link by handle moves to the product's page; the snapshot itself is served immutable under its hash.
 *
 * The pages come from a small renderer standing in for the SSR build (server/pages/page-renderer.test.ts
 * renders the real App), so each page shows exactly what it was given.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedSnapshot } from '../../domain/catalogue/seed';
import type { CatalogueProduct, CatalogueSnapshot } from '../../domain/catalogue/snapshot';
import { EMPTY_REVIEWS } from '../../domain/reviews/reviews';
import { escapeHtml } from '../../domain/shared/html';
import { formatEuro } from '../../domain/shared/money';
import { tempDataDir } from '../../tests/support/test-app';
import { type StaticCatalogueSource, staticCatalogueSource } from '../catalogue/static-catalogue-source';
import { zodValidatorCompiler } from '../lib/validation';
import type { PageRenderer } from './page-renderer';
import { webRoutes } from './web-routes';

/** Each product's page says its name, price and status; every page names the snapshot's resource. */
const standIn: PageRenderer = {
  live: true,
  async render(snapshot, catalogueUrl) {
    const page = (body: string) =>
      `<!doctype html><html><head><script>window.__p=1</script></head><body><div id="root" data-catalogue="${catalogueUrl}">${body}</div></body></html>`;
    const pages = new Map<string, string>([
      ['/', page('<h1>Home</h1>')],
      ['/404', page('<h1>Page not found</h1>')],
    ]);
    for (const p of snapshot.products) {
      pages.set(
        `/product/${p.id}`,
        page(`<h1>${escapeHtml(p.name)}</h1><p>${formatEuro(p.price)}</p><p>${p.status}</p>`),
      );
    }
    return pages;
  },
};

let data: ReturnType<typeof tempDataDir>;
let app: FastifyInstance;
let source: StaticCatalogueSource;

beforeEach(async () => {
  data = tempDataDir();
  const dist = path.join(data.dir, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  source = staticCatalogueSource(seedSnapshot());
  app = Fastify();
  app.setValidatorCompiler(zodValidatorCompiler);
  await app.register(webRoutes, {
    webDistDir: dist,
    publicUrl: 'http://shop.test',
    catalogue: source,
    renderer: standIn,
  });
  await app.ready();
});

afterEach(async () => {
  await app.close();
  data.remove();
});

function seedProduct(id: string): CatalogueProduct {
  const p = seedSnapshot().products.find((x) => x.id === id);
  if (!p) throw new Error(`no seeded product ${id}`);
  return p;
}

/** The seed with product 1 renamed and repriced and an owner's product 28 at the end. */
function edited(): CatalogueSnapshot {
  const seed = seedSnapshot();
  const first = seedProduct('1');
  const added: CatalogueProduct = {
    ...first,
    id: '28',
    handle: 'christmas-star',
    name: 'Christmas Star',
    price: 4500 as CatalogueProduct['price'],
    position: seed.products.length,
    images: [],
  };
  return {
    version: 'v2',
    formerHandles: {},
    products: [
      { ...first, name: 'First Light Deluxe', price: 4200 as CatalogueProduct['price'] },
      ...seed.products.slice(1),
      added,
    ],
  };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/** The catalogue URL the page names. */
const catalogueUrlOf = (html: string) => /data-catalogue="([^"]+)"/.exec(html)?.[1] ?? '';

/** Publishes `snapshot` and waits until `url` answers `status` (the swap), at most the 5 s. */
async function publishAndWait(snapshot: CatalogueSnapshot, url: string, status: number): Promise<void> {
  source.replace(snapshot);
  const deadline = Date.now() + 5_000;
  while ((await get(url)).statusCode !== status) {
    if (Date.now() > deadline) throw new Error(`${url} never answered ${status}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('pages from the current catalogue', () => {
  it('serves a new snapshot on /product/1 and a new /product/28 right after the swap, with new ETags', async () => {
    const before = await get('/product/1');
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain(`<h1>${escapeHtml(seedProduct('1').name)}</h1>`);
    expect(before.body).toContain(formatEuro(seedProduct('1').price));
    expect((await get('/product/28')).statusCode).toBe(404);
    const oldCatalogue = catalogueUrlOf(before.body);
    expect(oldCatalogue).toMatch(/^\/catalogue\/[0-9a-f]{20}\.json$/);
    // A browser holding the old page revalidates it: still the same.
    const etag = String(before.headers.etag);
    expect((await get('/product/1', { 'if-none-match': etag })).statusCode).toBe(304);

    await publishAndWait(edited(), '/product/28', 200);

    const after = await get('/product/1');
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('<h1>First Light Deluxe</h1>');
    expect(after.body).toContain(formatEuro(4200 as CatalogueProduct['price']));
    expect(after.headers.etag).not.toBe(etag);
    // The browser's revalidation with the old ETag gets the new page, not a 304.
    const revalidated = await get('/product/1', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.body).toContain('First Light Deluxe');

    const added = await get('/product/28');
    expect(added.body).toContain('<h1>Christmas Star</h1>');
    expect(added.body).toContain(formatEuro(4500 as CatalogueProduct['price']));

    // Every page names the new snapshot, which lists the new product; the old one stays servable for a
    // page rendered before the swap.
    const newCatalogue = catalogueUrlOf(after.body);
    expect(newCatalogue).not.toBe(oldCatalogue);
    expect(catalogueUrlOf(added.body)).toBe(newCatalogue);
    const snapshot = JSON.parse((await get(newCatalogue)).body) as CatalogueSnapshot;
    expect(snapshot.version).toBe('v2');
    expect(snapshot.products.map((p) => p.id)).toContain('28');
    expect((await get(oldCatalogue)).statusCode).toBe(200);
  });

  it('answers a retired product with its page and 410, an unknown one with the not-found page and 404', async () => {
    const seed = seedSnapshot();
    await publishAndWait(
      {
        ...seed,
        version: 'retired-2',
        products: seed.products.map((p) => (p.id === '2' ? { ...p, status: 'retired' } : p)),
      },
      '/product/2',
      410,
    );
    const retired = await get('/product/2');
    expect(retired.body).toContain(`<h1>${escapeHtml(seedProduct('2').name)}</h1>`);
    expect(retired.body).toContain('retired');
    expect(retired.headers['content-type']).toBe('text/html; charset=utf-8');

    for (const url of ['/product/999', '/product/999/', '/no-such-page']) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body, url).toContain('Page not found');
    }
    // A trailing slash is the same product page.
    expect((await get('/product/3/')).statusCode).toBe(200);
  });

  it('moves an old link by handle, current or former, to the product page', async () => {
    const seed = seedSnapshot();
    const third = seedProduct('3');
    expect((await get(`/product/${third.handle}`)).headers.location).toBe('/product/3');
    await publishAndWait(
      {
        ...seed,
        version: 'renamed-3',
        formerHandles: { [third.handle]: '3' },
        products: seed.products.map((p) => (p.id === '3' ? { ...p, handle: 'new-handle' } : p)),
      },
      '/product/new-handle',
      301,
    );
    const old = await get(`/product/${third.handle}`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/product/3');
  });

  it('serves the snapshot immutable under its hash, precompressed, and points current.json at it', async () => {
    const url = catalogueUrlOf((await get('/')).body);
    const br = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    const snapshot = JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8')) as CatalogueSnapshot;
    // The catalogue with the published reviews the pages were rendered with (none here).
    expect(snapshot).toEqual(JSON.parse(JSON.stringify({ ...seedSnapshot(), reviews: EMPTY_REVIEWS })));
    expect(br.headers.etag).toBe(`"${/\/([0-9a-f]+)\.json$/.exec(url)?.[1]}"`);
    expect((await get(url, { 'if-none-match': String(br.headers.etag) })).statusCode).toBe(304);
    expect((await get(url, { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');

    const current = await get('/catalogue/current.json');
    expect(current.statusCode).toBe(302);
    expect(current.headers.location).toBe(url);
    expect(current.headers['cache-control']).toBe('no-store');
    expect((await get('/catalogue/0123456789abcdef0123.json')).statusCode).toBe(404);
  });
});

describe('a snapshot another instance has already named', () => {
  it('is answered once this instance has rendered it, instead of a 404 while it is rendering', async () => {
    // Behind nginx, the instance that rendered an edit first serves pages naming the new snapshot while
    // another is still rendering it: the browser's request for it may reach the one a moment behind.
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let named = '';
    const slow: PageRenderer = {
      live: true,
      async render(snapshot, catalogueUrl, superseded) {
        if (snapshot.version === 'v2') {
          named = catalogueUrl;
          await gate;
        }
        return standIn.render(snapshot, catalogueUrl, superseded);
      },
    };
    const behind = Fastify();
    behind.setValidatorCompiler(zodValidatorCompiler);
    const ownSource = staticCatalogueSource(seedSnapshot());
    await behind.register(webRoutes, {
      webDistDir: path.join(data.dir, 'dist'),
      publicUrl: 'http://shop.test',
      catalogue: ownSource,
      renderer: slow,
    });
    await behind.ready();
    try {
      ownSource.replace(edited());
      while (!named) await new Promise((r) => setTimeout(r, 5));
      let answered = false;
      const asked = behind.inject({ method: 'GET', url: named }).then((res) => {
        answered = true;
        return res;
      });
      await new Promise((r) => setTimeout(r, 50));
      expect(answered).toBe(false);
      open();
      const res = await asked;
      expect(res.statusCode).toBe(200);
      expect((JSON.parse(res.body) as CatalogueSnapshot).version).toBe('v2');
      // A name no rendering will ever give is still a 404, at once.
      expect(
        (await behind.inject({ method: 'GET', url: '/catalogue/0123456789abcdef0123.json' })).statusCode,
      ).toBe(404);
    } finally {
      await behind.close();
    }
  });
});

describe('a save answered once the pages show it', () => {
  it('hands over a wait that ends when the rendering in progress is swapped in', async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const slow: PageRenderer = {
      live: true,
      async render(snapshot, catalogueUrl, superseded) {
        if (snapshot.version === 'v2') await gate;
        return standIn.render(snapshot, catalogueUrl, superseded);
      },
    };
    const saving = Fastify();
    saving.setValidatorCompiler(zodValidatorCompiler);
    const ownSource = staticCatalogueSource(seedSnapshot());
    let renderingWait: (() => Promise<void>) | null = null;
    await saving.register(webRoutes, {
      webDistDir: path.join(data.dir, 'dist'),
      publicUrl: 'http://shop.test',
      catalogue: ownSource,
      renderer: slow,
      renderingWait: (wait) => {
        renderingWait = wait;
      },
    });
    await saving.ready();
    const page = async () => (await saving.inject({ method: 'GET', url: '/product/1' })).body;
    try {
      if (!renderingWait) throw new Error('no wait handed over');
      const wait: () => Promise<void> = renderingWait;
      // Nothing rendering: the wait ends at once.
      await wait();
      // The save's new snapshot is rendering: the wait lasts until its pages are served.
      ownSource.replace(edited());
      let waited = false;
      const waiting = wait().then(() => {
        waited = true;
      });
      await new Promise((r) => setImmediate(r));
      expect(waited).toBe(false);
      expect(await page()).not.toContain('First Light Deluxe');
      open();
      await waiting;
      expect(await page()).toContain('First Light Deluxe');
    } finally {
      await saving.close();
    }
  });
});
