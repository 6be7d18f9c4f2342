/**
 * Writes a page's metadata into <head>. The server writes the same tags into path-form pages from the same
 * `pageMeta`, so a crawler and the SPA agree.
 */

import type { CatalogueIndex } from '../../../../domain/catalogue/catalogue-index';
import { BRAND } from '../../../../domain/config';
import { type PageMeta, pageMeta } from '../../../../domain/pages/seo';
import type { RouteMatch } from '../../../../domain/routes';

function upsertMeta(attr: 'name' | 'property', key: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

function upsertLink(rel: string, href: string): void {
  let el = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!el) {
    el = document.createElement('link');
    el.rel = rel;
    document.head.appendChild(el);
  }
  el.href = href;
}

export function applyMeta(meta: PageMeta, publicUrl: string): void {
  document.title = meta.title;
  const canonical = `${publicUrl}${meta.canonicalPath}`;
  const image = `${publicUrl}${meta.image}`;
  upsertMeta('name', 'description', meta.description);
  upsertMeta('name', 'keywords', meta.keywords);
  upsertMeta('name', 'robots', meta.noindex ? 'noindex, nofollow' : 'index, follow');
  upsertMeta('property', 'og:title', meta.title);
  upsertMeta('property', 'og:description', meta.description);
  upsertMeta('property', 'og:type', meta.ogType);
  upsertMeta('property', 'og:url', canonical);
  upsertMeta('property', 'og:image', image);
  upsertMeta('property', 'og:image:alt', meta.imageAlt);
  upsertMeta('property', 'og:locale', BRAND.locale);
  upsertMeta('property', 'og:site_name', BRAND.name);
  upsertMeta('name', 'twitter:card', 'summary_large_image');
  upsertMeta('name', 'twitter:title', meta.title);
  upsertMeta('name', 'twitter:description', meta.description);
  upsertMeta('name', 'twitter:image', image);
  upsertLink('canonical', canonical);

  const existing = document.getElementById('product-jsonld');
  if (meta.jsonLd) {
    const script = existing ?? document.createElement('script');
    script.id = 'product-jsonld';
    script.setAttribute('type', 'application/ld+json');
    script.textContent = JSON.stringify(meta.jsonLd);
    if (!existing) document.head.appendChild(script);
  } else {
    existing?.remove();
  }
}

/** The current route's metadata, with this origin as the public URL (the server uses PUBLIC_URL). */
export function applyRouteMeta(match: RouteMatch, catalogue: CatalogueIndex): void {
  applyMeta(
    pageMeta(match, window.location.origin, catalogue.getProduct, catalogue.snapshot.shop),
    window.location.origin,
  );
}
