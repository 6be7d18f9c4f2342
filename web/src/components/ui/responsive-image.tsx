/**
 * <picture> with AVIF and WebP srcsets at the kind's widths, intrinsic width/height (no layout shift) and
 * lazy loading unless the image is the page's LCP candidate (`priority`).
 */
import { IMAGE_KINDS, type ImageKind, imageUrl, srcSet } from '../../../../domain/images';

export interface ResponsiveImageProps {
  readonly id: string;
  readonly kind: ImageKind;
  readonly alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  readonly sizes: string;
  /** LCP image: eager, fetchpriority high, never lazy. */
  readonly priority?: boolean;
  readonly className?: string;
}

export function ResponsiveImage({ id, kind, alt, sizes, priority = false, className }: ResponsiveImageProps) {
  const spec = IMAGE_KINDS[kind];
  const fallbackWidth = spec.widths[Math.min(1, spec.widths.length - 1)] ?? spec.width;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(id, kind, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(id, kind, 'webp')} sizes={sizes} />
      <img
        src={imageUrl(id, fallbackWidth, 'webp')}
        alt={alt}
        width={spec.width}
        height={spec.height}
        loading={priority ? 'eager' : 'lazy'}
        // Also for the priority (LCP) image: decoding="sync" made the first paint wait for a main-thread
        // decode of the hero (a 33 ms task on this host, 100+ ms in Lighthouse's phone); off the main
        // thread the hero still shows within the same few frames (LCP 1.25 -> 0.95-1.0 s in traces).
        decoding="async"
        fetchPriority={priority ? 'high' : 'auto'}
        className={className}
      />
    </picture>
  );
}
