/** A product page's structured data as a search engine reads it (server/pages/page-renderer.ts writes it). */

export interface ProductJsonLd {
  readonly '@type'?: string;
  readonly aggregateRating?: { readonly ratingValue: number; readonly reviewCount: number };
  readonly review?: readonly { readonly author: { readonly name: string } }[];
}

/** The page's `<script type="application/ld+json" id="product-jsonld">`, parsed; throws without one. */
export function productJsonLdOf(html: string): ProductJsonLd {
  const json = /<script type="application\/ld\+json" id="product-jsonld">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('the page has no product JSON-LD');
  return JSON.parse(json) as ProductJsonLd;
}
