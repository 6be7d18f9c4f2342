/**
 * Server-side entry, loaded by the server's page renderer (server/pages/page-renderer.ts) at start: renders
 * a route of the same App the browser runs (no second copy of any page) from a catalogue snapshot, waiting
 * for lazy page chunks, and exposes the route table, the metadata and the boot protocol's scripts and names
 * the renderer needs.
 */
import { prerender } from 'react-dom/static.edge';
import { indexCatalogue } from '../../domain/catalogue/catalogue-index';
import { imageSrcSet } from '../../domain/catalogue/product-image';
import type { CatalogueSnapshot } from '../../domain/catalogue/snapshot';
import { LCP_SIZES, SITE_IMAGES, srcSet } from '../../domain/media/images';
import { LISTING_CARD_SIZES, PRODUCT_GALLERY_SIZES } from '../../domain/media/page-image-sizes';
import { type PageMeta, pageMeta as seoPageMeta } from '../../domain/pages/seo';
import { EMPTY_REVIEWS, type ReviewsSnapshot } from '../../domain/reviews/reviews';
import { reviewsJsonLd } from '../../domain/reviews/reviews-json-ld';
import { type RouteMatch, resolvePath, STATIC_PATHS } from '../../domain/routes';
import { App } from './app/app';
import { preloadPage, pageModuleId as registryModuleId } from './app/page-registry';
import { ReviewsProvider } from './features/reviews/reviews-data';

export { type BootAssets, bootScript, REACT_DOM_CHUNK } from './boot/page-scripts';
export { CATALOGUE_ATTRIBUTE, PRERENDERED_ATTRIBUTE, ROOT_ID } from './boot/protocol';
export type { RouteMatch };
export { resolvePath };

/**
 * The route's metadata from the catalogue the page is rendered with; a product's JSON-LD carries
 * `aggregateRating` and `review` from its published reviews, and neither without any.
 */
export function pageMeta(
  match: RouteMatch,
  publicUrl: string,
  catalogue: CatalogueSnapshot,
  reviews: ReviewsSnapshot = EMPTY_REVIEWS,
): PageMeta {
  const meta = seoPageMeta(match, publicUrl, indexCatalogue(catalogue).getProduct, catalogue.shop);
  if (match.id !== 'product' || !meta.jsonLd) return meta;
  const ratings = reviewsJsonLd(reviews.byProduct[match.params.id ?? '']);
  return { ...meta, jsonLd: { ...meta.jsonLd, ...ratings } };
}

/** Every path the server answers without the hash, each prerendered at build time. */
export function prerenderPaths(catalogue: CatalogueSnapshot): string[] {
  return [...Object.keys(STATIC_PATHS), ...catalogue.products.map((p) => `/product/${p.id}`), '/404'];
}

/** The route's HTML from the catalogue and the published reviews (cards, product page, home quotes). */
export async function renderPath(
  path: string,
  catalogue: CatalogueSnapshot,
  reviews: ReviewsSnapshot = EMPTY_REVIEWS,
): Promise<string> {
  const resolution = resolvePath(path);
  if (resolution.kind === 'route') await preloadPage(resolution.match.id);
  // No progressive chunking: above React's default 12.8 KB a completed Suspense boundary is emitted as a
  // hidden segment that an inline script reveals later, so the page would be blank without JavaScript
  // and its LCP image and footer would paint (and shift) only after that reveal.
  // React's web-streams build: its Node build keeps each render's request in an AsyncLocalStorage, and on
  // Node 20 the first use of one turns on a hook that every promise, tick and timer of the server then
  // pays for, each request's too (bench:api --instructions, docs/performance.md). Same renderer, same HTML.
  const { prelude } = await prerender(
    <ReviewsProvider reviews={reviews}>
      <App catalogue={catalogue} initialLocation={{ path, search: '' }} />
    </ReviewsProvider>,
    {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  return new Response(prelude).text();
}

/** The page's LCP image, preloaded in the prerendered <head> with fetchpriority=high. */
export function lcpImage(
  match: RouteMatch,
  catalogue: CatalogueSnapshot,
): { srcset: string; sizes: string } | null {
  if (match.id === 'home') {
    return { srcset: srcSet(SITE_IMAGES.hero.id, 'hero', 'avif'), sizes: LCP_SIZES.hero };
  }
  const index = indexCatalogue(catalogue);
  if (match.id === 'shop' || match.id === 'best-sellers') {
    // The listing's first card, in the default order (the prerendered page has no query).
    const first = match.id === 'shop' ? index.listable[0] : index.bestSellers[0];
    const image = first?.images[0];
    if (image) return { srcset: imageSrcSet(image, 'avif'), sizes: LISTING_CARD_SIZES };
  }
  if (match.id === 'product') {
    const image = index.getProduct(match.params.id ?? '')?.images[0];
    if (image) return { srcset: imageSrcSet(image, 'avif'), sizes: PRODUCT_GALLERY_SIZES };
  }
  return null;
}

/** The route's page module as the client build's manifest names it (its chunk is preloaded at boot). */
export function pageModuleId(match: RouteMatch): string {
  return registryModuleId(match.id);
}
