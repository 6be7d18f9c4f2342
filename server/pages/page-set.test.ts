/**
 * Swapping page sets: the first set is ready when livePageSet resolves; snapshots arriving while one
 * renders make the rendering stop and only the newest is rendered (latest wins); a failed rendering
 * keeps the set being served; the last few catalogue resources stay servable.
 */
import { describe, expect, it } from 'vitest';
import { seedSnapshot } from '../../domain/catalogue/seed';
import type { CatalogueSnapshot } from '../../domain/catalogue/snapshot';
import type { ReviewsSnapshot } from '../../domain/reviews/reviews';
import { staticCatalogueSource } from '../catalogue/static-catalogue-source';
import { type ReviewsSource, staticReviewsSource } from '../reviews/reviews-source';
import type { PageRenderer } from './page-renderer';
import { buildPageSet, livePageSet, type PageSet } from './page-set';

const version = (v: string): CatalogueSnapshot => ({ ...seedSnapshot(), version: v });

/** A renderer whose pages wait for the test to let them through, one page a step. */
function gatedRenderer() {
  const rendered: string[] = [];
  const started: string[] = [];
  let gates: (() => void)[] = [];
  let failOn: string | null = null;
  const renderer: PageRenderer = {
    live: true,
    async render(snapshot, catalogueUrl, superseded = () => false) {
      started.push(snapshot.version);
      const pages = new Map<string, string>();
      for (const route of ['/', '/shop', '/404']) {
        if (superseded()) return null;
        if (snapshot.version !== 'v1') await new Promise<void>((resolve) => gates.push(resolve));
        if (failOn === snapshot.version) throw new Error(`rendering ${snapshot.version} failed`);
        pages.set(route, `<p>${snapshot.version} ${route} ${catalogueUrl}</p>`);
      }
      rendered.push(snapshot.version);
      return pages;
    },
  };
  /** Lets the page now waiting through, once one waits (the catalogue's compression comes first). */
  const step = async () => {
    const deadline = Date.now() + 5_000;
    while (gates.length === 0) {
      if (Date.now() > deadline) throw new Error('no page is waiting');
      await new Promise((r) => setTimeout(r, 2));
    }
    const open = gates;
    gates = [];
    for (const g of open) g();
  };
  return {
    renderer,
    rendered,
    started,
    step,
    failOn(v: string) {
      failOn = v;
    },
  };
}

async function live(gated: ReturnType<typeof gatedRenderer>) {
  const source = staticCatalogueSource(version('v1'));
  const errors: string[] = [];
  const set = await livePageSet({
    source,
    build: (snapshot, superseded) => buildPageSet(gated.renderer, snapshot, (h) => h, superseded),
    onError: (error) => errors.push(String(error)),
  });
  return { source, set, errors };
}

const versionOf = (set: PageSet) => set.snapshot.version;

describe('live page sets', () => {
  it('renders only the newest of the snapshots that arrive while one renders', async () => {
    const gated = gatedRenderer();
    const { source, set } = await live(gated);
    expect(versionOf(set.current())).toBe('v1');

    source.replace(version('v2'));
    await gated.step(); // v2's first page
    expect(versionOf(set.current())).toBe('v1');
    source.replace(version('v3'));
    source.replace(version('v4'));
    await gated.step(); // v2's second page, after which it stops
    for (let i = 0; i < 3; i++) await gated.step(); // v4's pages
    await set.settled();

    expect(versionOf(set.current())).toBe('v4');
    // v2 stopped at its next page, v3 was never started.
    expect(gated.started).toEqual(['v1', 'v2', 'v4']);
    expect(gated.rendered).toEqual(['v1', 'v4']);
    const current = set.current();
    expect([...current.pages.keys()]).toEqual(['/', '/shop', '/404']);
    // Every page of the set is of the same snapshot and names its catalogue.
    for (const page of current.pages.values()) {
      expect(page.raw.toString()).toContain(`v4 `);
      expect(page.raw.toString()).toContain(current.catalogue.url);
    }
  });

  it('keeps serving the current set when a rendering fails, and renders the next snapshot', async () => {
    const gated = gatedRenderer();
    const { source, set, errors } = await live(gated);
    gated.failOn('v2');
    source.replace(version('v2'));
    await gated.step();
    await set.settled();
    expect(versionOf(set.current())).toBe('v1');
    expect(errors).toEqual(['Error: rendering v2 failed']);

    source.replace(version('v3'));
    for (let i = 0; i < 3; i++) await gated.step();
    await set.settled();
    expect(versionOf(set.current())).toBe('v3');
  });

  it('keeps the last eight catalogue resources servable', async () => {
    const gated = gatedRenderer();
    const { source, set } = await live(gated);
    const urls = [set.current().catalogue.url];
    for (let v = 2; v <= 10; v++) {
      source.replace(version(`v${v}`));
      for (let i = 0; i < 3; i++) await gated.step();
      await set.settled();
      urls.push(set.current().catalogue.url);
    }
    expect(new Set(urls).size).toBe(10);
    expect(urls.map((u) => set.catalogue(u) !== undefined)).toEqual([
      false,
      false,
      ...Array<boolean>(8).fill(true),
    ]);
  });

  it('renders again when the published reviews change, the resource carrying them', async () => {
    const gated = gatedRenderer();
    const source = staticCatalogueSource(version('v1'));
    let announce: (r: ReviewsSnapshot) => void = () => {};
    const reviews: ReviewsSource = {
      ...staticReviewsSource(),
      subscribe(listener) {
        announce = listener;
        return () => {};
      },
    };
    const set = await livePageSet({
      source,
      reviews,
      build: (snapshot, superseded, published) =>
        buildPageSet(gated.renderer, snapshot, (h) => h, superseded, published),
      onError: (error) => {
        throw error;
      },
    });
    const before = set.current().catalogue.url;
    const summary = { average: 5, count: 1 };
    // A product the catalogue does not have is left out of the pages and the resource.
    announce({
      version: 3,
      byProduct: { '1': { summary, reviews: [] }, '999': { summary, reviews: [] } },
      testimonials: [],
    });
    await set.settled();
    const after = set.current();
    expect(after.catalogue.url).not.toBe(before);
    expect(after.reviews.version).toBe(3);
    expect(Object.keys(after.reviews.byProduct)).toEqual(['1']);
    const body = JSON.parse(after.catalogue.raw.toString()) as { version: string; reviews: ReviewsSnapshot };
    expect(body.version).toBe('v1');
    expect(body.reviews).toEqual(after.reviews);
    expect(set.catalogue(before)).toBeDefined();

    // A reviewer erased: the older resources naming them are no longer served, the others still are.
    const named = (displayName: string) => ({
      id: `r-${displayName}`,
      productId: '1',
      rating: 5,
      title: null,
      text: 'Lovely and bright.',
      displayName,
      purchasedMonth: '2026-10',
      publishedAt: '2026-11-01T10:00:00.000Z',
      reply: null,
    });
    announce({ version: 4, byProduct: { '1': { summary, reviews: [named('Aoife B.')] } }, testimonials: [] });
    await set.settled();
    const withName = set.current().catalogue.url;
    announce({ version: 5, byProduct: { '1': { summary, reviews: [named('Brid K.')] } }, testimonials: [] });
    await set.settled();
    expect(set.catalogue(withName)).toBeUndefined();
    expect(set.catalogue(before)).toBeDefined();
    expect(set.catalogue(set.current().catalogue.url)).toBeDefined();
  });
});
