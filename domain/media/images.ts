/**
 * Image pipeline contract, shared by the build script (scripts/images) and the front end.
 *
 * Every image, generated or photographed, is normalised to its kind's aspect ratio and encoded at the
 * kind's widths as AVIF and WebP. Because the output sizes follow from the kind alone, the front end can
 * write srcset, width and height without reading a generated manifest (no layout shift, no build-order
 * dependency for type checks and unit tests).
 */
export type ImageKind = 'product' | 'hero' | 'feature';

export interface ImageKindSpec {
  readonly width: number;
  readonly height: number;
  readonly widths: readonly number[];
}

export const IMAGE_KINDS: Readonly<Record<ImageKind, ImageKindSpec>> = {
  product: { width: 1080, height: 1080, widths: [320, 480, 720, 1080] },
  hero: { width: 1600, height: 1000, widths: [480, 800, 1200, 1600] },
  feature: { width: 1200, height: 900, widths: [480, 800, 1200] },
};

export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/**
 * Encoder settings, tuned for product pictures on the web: AVIF at quality 50 keeps bead highlights crisp
 * at a fraction of JPEG's size; 4:2:0 chroma halves colour data that the eye does not miss here. Used by
 * the build's drawn pictures and by the owner's uploaded photos alike.
 */
export const IMAGE_ENCODING = {
  // Measured on the shop's own images (2-core machine, every width): AVIF effort 1 writes as few bytes as
  // effort 2 in 60% of its time (effort 0 is faster still but ~20% larger). WebP without smartSubsample:
  // it more than doubled WebP's time here and made these files ~3% larger, not smaller. Both stay far
  // under the size budgets (product 480w ~7 KB AVIF, ~10 KB WebP).
  avif: { quality: 50, effort: 1, chromaSubsampling: '4:2:0' },
  webp: { quality: 75, effort: 4 },
} as const;

/** Public URL prefix the server and Vite serve generated images from. */
export const IMAGE_BASE_PATH = '/img';

/**
 * The JPEG of a product picture for e-mails (served by server/media/media-routes.ts): Outlook and older
 * mail programs show no WebP or AVIF. An owner's photo (`/media/{id}`) or a drawn picture (`/img/{id}`).
 */
export const MAIL_IMAGE_PREFIX = '/media/mail';

/** The path of a product picture's JPEG for e-mails, from its base; null for a base of another site. */
export function mailImagePath(base: string, width: number): string | null {
  const id = /^\/(?:media|img)\/([a-z0-9][a-z0-9-]{0,79})$/.exec(base)?.[1];
  return id ? `${MAIL_IMAGE_PREFIX}/${id}-${width}.jpg` : null;
}

export interface ImageRef {
  readonly id: string;
  readonly kind: ImageKind;
  readonly alt: string;
}

export function imageUrl(id: string, width: number, format: ImageFormat): string {
  return `${IMAGE_BASE_PATH}/${id}-${width}.${format}`;
}

export function srcSet(id: string, kind: ImageKind, format: ImageFormat): string {
  return IMAGE_KINDS[kind].widths.map((w) => `${imageUrl(id, w, format)} ${w}w`).join(', ');
}

/** The largest rendition, used for social cards and structured data. */
export function largestImageUrl(id: string, kind: ImageKind, format: ImageFormat = 'webp'): string {
  const widths = IMAGE_KINDS[kind].widths;
  const w = widths[widths.length - 1] ?? IMAGE_KINDS[kind].width;
  return imageUrl(id, w, format);
}

/** Non-product images used by the pages; the generator draws each of them. */
export const SITE_IMAGES = {
  hero: {
    id: 'hero',
    kind: 'hero',
    alt: 'A stack of handcrafted Solas beaded bracelets in burgundy, pearl and warm gold tones',
  },
  heroAlt: { id: 'hero-alt', kind: 'hero', alt: 'Solas bracelets laid out on linen in soft morning light' },
  story: { id: 'story', kind: 'feature', alt: 'Beads, thread and tools on the Solas workbench' },
  broochVelvet: {
    id: 'brooch-velvet-pearl',
    kind: 'feature',
    alt: 'Burgundy velvet brooch edged with freshwater pearls',
  },
  broochFestive: {
    id: 'brooch-festive-charm',
    kind: 'feature',
    alt: 'Festive charm brooch with red and gold beads',
  },
  broochCelestial: {
    id: 'brooch-celestial',
    kind: 'feature',
    alt: 'Celestial brooch of midnight-blue beads and golden stars',
  },
} as const satisfies Record<string, ImageRef>;

/**
 * `sizes` of the home page's hero, its LCP element (the listing's and the product page's are in
 * ./page-image-sizes.ts). The page components and the prerenderer's <link rel="preload"> use the same
 * strings, so the browser preloads exactly the rendition it will use.
 */
export const LCP_SIZES = {
  hero: '100vw',
} as const;
