/**
 * <picture> with AVIF and WebP srcsets, intrinsic width/height (no layout shift) and lazy loading unless
 * the image is the page's LCP candidate (`priority`). ResponsiveImage draws the site's own pictures (hero,
 * story) from their kind; ProductPicture a product's picture from its ProductImage record in the catalogue.
 */
import type { CSSProperties } from 'react';
import { imageSrcSet, renditionUrl } from '../../../../domain/catalogue/product-image';
import type { ProductImage } from '../../../../domain/catalogue/snapshot';
import { IMAGE_KINDS, type ImageKind, imageUrl, srcSet } from '../../../../domain/media/images';

interface PictureProps {
  readonly alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  readonly sizes: string;
  /** LCP image: eager, fetchpriority high, never lazy. */
  readonly priority?: boolean;
  readonly className?: string;
}

export interface ResponsiveImageProps extends PictureProps {
  readonly id: string;
  readonly kind: ImageKind;
}

interface PictureSources {
  readonly avif: string;
  readonly webp: string;
  readonly src: string;
  readonly width: number;
  readonly height: number;
  readonly style?: CSSProperties;
}

function Picture({
  sources,
  alt,
  sizes,
  priority = false,
  className,
}: PictureProps & { sources: PictureSources }) {
  return (
    <picture>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      <img
        src={sources.src}
        alt={alt}
        width={sources.width}
        height={sources.height}
        loading={priority ? 'eager' : 'lazy'}
        // Also for the priority (LCP) image: decoding="sync" made the first paint wait for a main-thread
        // decode of the hero (a 33 ms task on this host, 100+ ms in Lighthouse's phone); off the main
        // thread the hero still shows within the same few frames (LCP 1.25 -> 0.95-1.0 s in traces).
        decoding="async"
        fetchPriority={priority ? 'high' : 'auto'}
        className={className}
        style={sources.style}
      />
    </picture>
  );
}

/** The second-smallest width is the fallback `src`: what a browser without srcset support gets. */
function fallbackWidth(widths: readonly number[], width: number): number {
  return widths[Math.min(1, widths.length - 1)] ?? width;
}

export function ResponsiveImage({ id, kind, ...props }: ResponsiveImageProps) {
  const spec = IMAGE_KINDS[kind];
  const sources: PictureSources = {
    avif: srcSet(id, kind, 'avif'),
    webp: srcSet(id, kind, 'webp'),
    src: imageUrl(id, fallbackWidth(spec.widths, spec.width), 'webp'),
    width: spec.width,
    height: spec.height,
  };
  return <Picture sources={sources} {...props} />;
}

export interface ProductPictureProps extends Omit<PictureProps, 'alt'> {
  /** Absent for a product the owner added without pictures: a plain square keeps the layout. */
  readonly image: ProductImage | undefined;
  /** The image's own alt text unless given ('' for a decorative copy, e.g. a thumbnail beside its label). */
  readonly alt?: string;
}

export function ProductPicture({ image, alt, ...props }: ProductPictureProps) {
  if (!image)
    return <span aria-hidden="true" className={`block aspect-square bg-sand ${props.className ?? ''}`} />;
  const sources: PictureSources = {
    avif: imageSrcSet(image, 'avif'),
    webp: imageSrcSet(image, 'webp'),
    src: renditionUrl(image, fallbackWidth(image.widths, image.width), 'webp'),
    width: image.width,
    height: image.height,
    // A photo's tiny blurred preview shows behind it until the rendition has loaded over it.
    style: image.placeholder
      ? { backgroundImage: `url("${image.placeholder}")`, backgroundSize: 'cover' }
      : undefined,
  };
  return <Picture sources={sources} alt={alt ?? image.alt} {...props} />;
}
