/**
 * Server-side entry used at build time by scripts/prerender.ts: renders a route of the same App the
 * browser runs (no second copy of any page), waiting for lazy page chunks, and exposes the route table,
 * the metadata and the boot protocol's scripts and names the prerenderer needs.
 */
import { PassThrough } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { BEST_SELLERS, getProduct, PRODUCTS } from '../../domain/catalogue';
import { LCP_SIZES, SITE_IMAGES, srcSet } from '../../domain/images';
import { type RouteMatch, resolvePath, STATIC_PATHS } from '../../domain/routes';
import { pageMeta } from '../../domain/seo';
import { App } from './app/app';
import { preloadPage, pageModuleId as registryModuleId } from './app/page-registry';

export { type BootAssets, bootScript, REACT_DOM_CHUNK } from './boot/page-scripts';
export { PRERENDERED_ATTRIBUTE, ROOT_ID } from './boot/protocol';
export type { RouteMatch };
export { pageMeta, resolvePath };

/** Every path the server answers without the hash, each prerendered at build time. */
export function prerenderPaths(): string[] {
  return [...Object.keys(STATIC_PATHS), ...PRODUCTS.map((p) => `/product/${p.id}`), '/404'];
}

export async function renderPath(path: string): Promise<string> {
  const resolution = resolvePath(path);
  if (resolution.kind === 'route') await preloadPage(resolution.match.id);
  // No progressive chunking: above React's default 12.8 KB a completed Suspense boundary is emitted as a
  // hidden segment that an inline script reveals later, so the page would be blank without JavaScript
  // and its LCP image and footer would paint (and shift) only after that reveal.
  const { prelude } = await prerenderToNodeStream(<App initialLocation={{ path, search: '' }} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  prelude.pipe(sink);
  for await (const chunk of sink) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** The page's LCP image, preloaded in the prerendered <head> with fetchpriority=high. */
export function lcpImage(match: RouteMatch): { srcset: string; sizes: string } | null {
  if (match.id === 'home') {
    return { srcset: srcSet(SITE_IMAGES.hero.id, 'hero', 'avif'), sizes: LCP_SIZES.hero };
  }
  if (match.id === 'shop' || match.id === 'best-sellers') {
    // The listing's first card, in the default order (the prerendered page has no query).
    const first = match.id === 'shop' ? PRODUCTS[0] : BEST_SELLERS[0];
    if (first) return { srcset: srcSet(first.image, 'product', 'avif'), sizes: LCP_SIZES.listingCard };
  }
  if (match.id === 'product') {
    const product = getProduct(match.params.id ?? '');
    if (product) return { srcset: srcSet(product.image, 'product', 'avif'), sizes: LCP_SIZES.productGallery };
  }
  return null;
}

/** The route's page module as the client build's manifest names it (its chunk is preloaded at boot). */
export function pageModuleId(match: RouteMatch): string {
  return registryModuleId(match.id);
}
