/**
 * docs/product/pages.md §2.1: path-form URLs answer with the page's own prerendered HTML (head and body, no
 * JavaScript needed), then the app hydrates it on the matching hash route without replacing it; the
 * server's caching and compression headers; sitemap and robots.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { BEST_SELLERS, getProduct, PRODUCTS, type Product } from '../../domain/catalogue';
import { applyQuery } from '../../domain/catalogue/catalogue-query';
import { type PageMeta, pageMeta } from '../../domain/pages/seo';
import { resolvePath } from '../../domain/routes';
import { expect, test } from './fixtures';
import { SEED_DEFAULT_QUERY as DEFAULT_QUERY, SEED_CATALOGUE, SEED_PRODUCTS } from './seed-catalogue';

function product(id: string): Product {
  const p = getProduct(id);
  if (!p) throw new Error(`missing product ${id}`);
  return p;
}

function metaFor(path: string, baseURL: string): PageMeta {
  const resolution = resolvePath(path);
  if (resolution.kind !== 'route') throw new Error(`${path} is not a route`);
  return pageMeta(resolution.match, baseURL, SEED_CATALOGUE.getProduct);
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  quot: '"',
  lt: '<',
  gt: '>',
  '#x27': "'",
  '#39': "'",
};
const decode = (s: string) => s.replace(/&(amp|quot|lt|gt|#x27|#39);/g, (_, e: string) => ENTITIES[e] ?? _);

/** The value of the attribute `attr` of the first <tag> in `html` whose attribute `key` is `value`. */
function attrOf(html: string, tag: string, key: string, value: string, attr: string): string | undefined {
  for (const m of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'gi'))) {
    const el = m[0];
    if (!el.includes(`${key}="${value}"`)) continue;
    const found = new RegExp(`\\s${attr}="([^"]*)"`).exec(el);
    return found?.[1] === undefined ? undefined : decode(found[1]);
  }
  return undefined;
}

function headOf(html: string): string {
  const end = html.indexOf('</head>');
  expect(end, 'the page has a </head>').toBeGreaterThan(0);
  return html.slice(0, end);
}

async function getHtml(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path);
  expect(res.status(), `GET ${path}`).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  return res.text();
}

test.describe('prerendered HTML, as a crawler or a link preview sees it', () => {
  test('GET /product/3 carries the product head and its h1 without any JavaScript', async ({
    request,
    baseURL,
  }) => {
    const origin = String(baseURL);
    const p = product('3');
    const meta = metaFor('/product/3', origin);
    const html = await getHtml(request, '/product/3');
    const head = headOf(html);

    expect(decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? '')).toBe(meta.title);
    expect(meta.title).toContain(p.name);
    expect(attrOf(head, 'meta', 'name', 'description', 'content')).toBe(meta.description);
    expect(attrOf(head, 'link', 'rel', 'canonical', 'href')).toBe(`${origin}/product/3`);
    const ogImage = attrOf(head, 'meta', 'property', 'og:image', 'content') ?? '';
    expect(ogImage).toMatch(/^https?:\/\//);
    expect(ogImage.startsWith(`${origin}/img/`)).toBe(true);
    expect((await request.get(ogImage)).status(), 'the social card image exists').toBe(200);
    expect(attrOf(head, 'meta', 'property', 'og:type', 'content')).toBe('product');
    expect(attrOf(head, 'meta', 'name', 'twitter:card', 'content')).toBe('summary_large_image');

    const ld = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(head)?.[1];
    expect(ld, 'Product structured data in the head').toBeDefined();
    const data = JSON.parse(ld ?? '{}') as Record<string, unknown>;
    expect(data['@type']).toBe('Product');
    expect(data.name).toBe(p.name);
    const offers = [data.offers].flat() as Record<string, unknown>[];
    expect(offers.some((o) => o['@type'] === 'Offer' && o.priceCurrency === 'EUR')).toBe(true);

    // The body is already the product page (not an empty shell revealed by a script later).
    const body = html.slice(html.indexOf('<body'));
    const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(body)?.[1] ?? '';
    expect(decode(h1.replace(/<[^>]+>/g, ''))).toBe(p.name);
    expect(body).not.toMatch(/<div hidden id="S:/);
  });

  test('the LCP image is preloaded with high priority in the head', async ({ request }) => {
    const html = await getHtml(request, '/product/3');
    const head = headOf(html);
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(head)?.[0] ?? '';
    expect(preload).toContain('fetchpriority="high"');
    const srcset = decode(/imagesrcset="([^"]*)"/.exec(preload)?.[1] ?? '');
    expect(srcset).toMatch(/\.avif \d+w/);
    // The preload must name exactly the candidates the page's <picture> offers, or it fetches twice.
    const body = html.slice(html.indexOf('<body'));
    const sources = [...body.matchAll(/<source type="image\/avif" srcSet="([^"]*)"/g)].map((m) =>
      decode(m[1] ?? ''),
    );
    expect(sources).toContain(srcset);
  });

  test('ETag revalidation answers 304 without a body', async ({ request }) => {
    const first = await request.get('/product/3');
    const etag = first.headers().etag;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers()['cache-control']).toContain('must-revalidate');
    const again = await request.get('/product/3', { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status()).toBe(304);
    expect((await again.body()).length).toBe(0);
  });

  test('sitemap.xml lists every product in path form; robots.txt keeps crawlers out of the tools', async ({
    request,
    baseURL,
  }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${baseURL}/product/27</loc>`);
    for (const p of PRODUCTS) expect(xml).toContain(`<loc>${baseURL}/product/${p.id}</loc>`);
    expect(xml).not.toContain('#/');

    const robots = await (await request.get('/robots.txt')).text();
    expect(robots.split('\n')).toContain('Disallow: /diagnostics');
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test('hashed assets are immutable and pre-compressed; the build manifest is private', async ({
    request,
  }) => {
    const html = await getHtml(request, '/');
    // The entry module is started by the page's inline boot script after the first paint.
    const script = /\}\)\("(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, 'the entry script').toBeDefined();
    expect(html, 'no module is requested before the first paint').not.toContain('<link rel="modulepreload"');
    const res = await request.get(script ?? '', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toContain('immutable');
    expect(res.headers()['content-encoding']).toBe('br');
    const gz = await request.get(script ?? '', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers()['content-encoding']).toBe('gzip');

    expect((await request.get('/.vite/manifest.json')).status()).toBe(404);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows its hero and the best sellers', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const hero = page.locator('img[fetchpriority="high"]').first();
    await expect(hero).toBeVisible();
    for (const p of BEST_SELLERS) {
      await expect(page.getByRole('heading', { name: p.name, exact: true }).first()).toBeVisible();
    }
  });

  test('a product page in path form is the full product page', async ({ page }) => {
    const p = product('3');
    await page.goto('/product/3');
    await expect(page.getByRole('heading', { level: 1, name: p.name })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
});

test.describe("on Lighthouse's phone (412 px wide at DPR 1.75), before any script runs", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });

  test('a product page preloads and shows the rendition its 380 px image needs, once', async ({ page }) => {
    const avif: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.avif')) avif.push(new URL(r.url()).pathname);
    });
    await page.goto('/product/1');
    const main = page.locator('img[fetchpriority="high"]').first();
    await expect(main).toBeVisible();
    await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    // 380 CSS px (the page's 1rem margins) x 1.75 = 665 device px: the 720 rendition, not the 1080 one
    // '100vw' (721 px) asked for.
    expect(await main.evaluate((img: HTMLImageElement) => img.width)).toBe(380);
    const current = new URL(await main.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
    expect(current).toMatch(/-720\.avif$/);
    // The head's preload chose the same one: every rendition of that picture fetched is one an image
    // of the page shows (the main one and its thumbnail), none fetched for nothing.
    const shown = await page
      .locator('img')
      .evaluateAll((imgs) =>
        imgs
          .map((img) => (img as HTMLImageElement).currentSrc)
          .map((src) => (src ? new URL(src).pathname : '')),
      );
    const base = current.replace(/-720\.avif$/, '-');
    const fetched = avif.filter((url) => url.startsWith(base));
    expect(fetched).toContain(current);
    expect(fetched.filter((url) => !shown.includes(url))).toEqual([]);
  });
});

test.describe('with JavaScript: hydration takes over the prerendered page', () => {
  test('/product/3 ends on /#/product/3 with the same h1 and the same LCP image element', async ({
    page,
  }) => {
    const p = product('3');
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: Element[]; __cls: number };
      w.__lcp = [];
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const element = (entry as PerformanceEntry & { element: Element | null }).element;
          if (element) w.__lcp.push(element);
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          w.__cls += (entry as PerformanceEntry & { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/product/3');
    await expect(page).toHaveURL(/\/#\/product\/3$/);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveText(p.name);
    // Hydrated: React has attached itself to the server's DOM nodes (it reuses them, never re-creates).
    await expect
      .poll(() => h1.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber'))))
      .toBe(true);
    await expect(page.locator('html[data-stale]')).toHaveCount(0);

    const lcp = await page.evaluate(() => {
      const w = window as unknown as { __lcp: Element[]; __cls: number };
      const entries = w.__lcp;
      const last = entries.at(-1);
      return {
        count: entries.length,
        allConnected: entries.every((el) => el.isConnected),
        lastTag: last?.tagName,
        lastPriority: last?.getAttribute('fetchpriority'),
        cls: w.__cls,
      };
    });
    expect(lcp.count).toBeGreaterThan(0);
    // A replaced node (client render after a failed hydration, or a suspended page swapped for its
    // fallback) would leave an LCP entry pointing at a detached element and report a second LCP.
    expect(lcp.allConnected).toBe(true);
    expect(lcp.lastTag).toBe('IMG');
    expect(lcp.lastPriority).toBe('high');
    expect(lcp.cls, 'no layout shift while hydrating').toBeLessThanOrEqual(0.01);
    await expect(page).toHaveTitle(metaFor('/product/3', 'http://x').title);
  });

  test('the app hydrates from the catalogue snapshot the page names, fetched once and cached for good', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/catalogue/')) fetched.push(request.url());
    });
    const catalogueResponse = page.waitForResponse((r) =>
      new URL(r.url()).pathname.startsWith('/catalogue/'),
    );
    await page.goto('/product/3');
    const named = await page.locator('#root').getAttribute('data-catalogue');
    expect(named).toMatch(/^\/catalogue\/[0-9a-f]{20}\.json$/);
    const response = await catalogueResponse;
    expect(new URL(response.url()).pathname).toBe(named);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const h1 = page.getByRole('heading', { level: 1 });
    await expect
      .poll(() => h1.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber'))))
      .toBe(true);
    // The boot's fetch took the preload's response: one request.
    expect(fetched).toHaveLength(1);
  });

  test('a page whose snapshot is no longer served starts with the newest one, rendered afresh', async ({
    page,
    consoleGuard,
  }) => {
    const p = product('3');
    // The browser reports the gone snapshot's 404 itself.
    consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
    // As if several changes had happened since this page was rendered: its own snapshot is gone.
    await page.route(/\/catalogue\/[0-9a-f]{20}\.json$/, async (route) => {
      const referrer = route.request().redirectedFrom();
      if (referrer) return route.continue();
      return route.fulfill({ status: 404, contentType: 'application/json', body: '{"ok":false}' });
    });
    const current = page.waitForResponse((r) => r.url().endsWith('/catalogue/current.json'));
    await page.goto('/product/3');
    expect((await current).status()).toBe(302);
    await expect(page).toHaveURL(/\/#\/product\/3$/);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveText(p.name);
    await expect
      .poll(() => h1.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber'))))
      .toBe(true);
  });

  test('the inlined stylesheet is applied once: lazily loaded chunks never fetch it again', async ({
    page,
  }) => {
    const stylesheets: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'stylesheet' || new URL(r.url()).pathname.endsWith('.css'))
        stylesheets.push(r.url());
    });
    await page.goto('/product/1');
    // The dispatch dates come from a lazily loaded chunk (and the quick add's toaster from another).
    await expect(page.getByText(/dispatched by/i).first()).toBeVisible();
    await page.getByRole('button', { name: 'Add to Cart' }).first().hover();
    const sheets = await page.evaluate(() =>
      [...document.styleSheets].map((s) => ({
        href: s.href,
        disabled: s.disabled,
        owner: s.ownerNode?.nodeName,
      })),
    );
    expect(stylesheets).toEqual([]);
    // The page's own <style>, plus at most the toaster's injected one; no <link> sheet is live.
    expect(sheets.filter((s) => s.owner === 'LINK')).toEqual([]);
    expect(sheets.filter((s) => s.owner === 'STYLE' && !s.disabled).length).toBeGreaterThanOrEqual(1);
  });

  test("the listings' price slider thumbs carry their values in the HTML itself", async ({ request }) => {
    for (const path of ['/shop', '/collections/best-sellers']) {
      const html = await getHtml(request, path);
      const thumbs = [...html.matchAll(/<[^>]*\brole="slider"[^>]*>/g)].map((m) => m[0]);
      expect(thumbs, path).toHaveLength(2);
      for (const thumb of thumbs) {
        for (const attr of ['aria-valuemin', 'aria-valuenow', 'aria-valuemax']) {
          expect(thumb, `${path}: ${attr}`).toMatch(new RegExp(`\\s${attr}="\\d+"`));
        }
      }
    }
  });

  test('a hash URL with a prerendered page loads that page in path form, and Back still works', async ({
    page,
  }) => {
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() !== 'document') return;
      const url = new URL(r.url());
      documents.push(`${url.pathname}${url.search}`);
    });
    // From another document (a shared link opened from elsewhere): not a change of the hash alone.
    await page.goto('/robots.txt');
    const p = product('3');
    await page.goto('/#/product/3');
    await expect(page).toHaveURL(/\/#\/product\/3$/);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveText(p.name);
    // The product's own prerendered HTML, hydrated: not the home page's, hidden until the app had started.
    await expect
      .poll(() => h1.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber'))))
      .toBe(true);
    await expect(page.locator('html[data-stale]')).toHaveCount(0);
    expect(documents).toEqual(['/robots.txt', '/', '/product/3']);

    // The path form replaced the hash URL's entry: Back goes to the page before, in one step.
    await page.goBack();
    await expect(page).toHaveURL(/\/robots\.txt$/);

    // A listing's query comes along.
    await page.goto('/#/shop?q=pearl');
    await expect(page).toHaveURL(/\/#\/shop\?q=pearl$/);
    await expect(page.getByRole('searchbox', { name: 'Search bracelets' })).toHaveValue('pearl');
    expect(documents.slice(-2)).toEqual(['/', '/shop?q=pearl']);
  });

  test('hash deep links keep working', async ({ page, baseURL }) => {
    await page.goto('/#/shop');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Collection' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem')).toHaveCount(
      PRODUCTS.length,
    );
    await expect(page).toHaveTitle(metaFor('/shop', String(baseURL)).title);
    await expect(page.locator('html[data-stale]')).toHaveCount(0);
  });
});

/** Holds the app's entry script until the returned function is called. */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('text typed into the prerendered /shop search before the app starts is kept and applied', async ({
  page,
}) => {
  // Hold the app's entry script: the shopper meets the prerendered page alone, as on a slow phone.
  const release = await holdEntryScript(page);
  // Neither 'load' nor 'DOMContentLoaded' comes while the module script is held.
  await page.goto('/shop', { waitUntil: 'commit' });
  const search = page.getByRole('searchbox', { name: 'Search bracelets' });
  await search.fill('burgundy');
  expect(await search.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__react')))).toBe(false);
  release();
  await expect(page).toHaveURL(/\/#\/shop\?q=burgundy$/);
  await expect(search).toHaveValue('burgundy');
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem')).toHaveCount(
    applyQuery(SEED_PRODUCTS, { ...DEFAULT_QUERY, search: 'burgundy' }).length,
  );
});

test('a button pressed before the app starts is not lost: it acts once the page is hydrated', async ({
  page,
}) => {
  const release = await holdEntryScript(page);
  await page.goto('/product/1', { waitUntil: 'commit' });
  const add = page.getByRole('button', { name: 'Add to Cart', exact: true });
  await add.click();
  expect(await add.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__react')))).toBe(false);
  release();
  const cartLink = page.getByRole('banner').getByRole('button', { name: /^Cart, / });
  await expect(cartLink).toHaveAccessibleName('Cart, 1 item');
  // Replayed once: the held click is not repeated by later renders. A click on the hydrated page renders
  // again; the cart then holds exactly that click and the held one.
  await add.click();
  await expect(cartLink).toHaveAccessibleName('Cart, 2 items');
});
