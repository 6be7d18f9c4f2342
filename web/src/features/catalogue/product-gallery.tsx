/**
 * Product page gallery (its main image is the page's LCP element, preloaded by the prerendered page with
 * PRODUCT_GALLERY_SIZES, so the layout keeps to those sizes): the main image (a button that opens the lightbox, loaded on first use) and a
 * thumbnail per image. Thumbnails are buttons (Tab + Enter/Space); Left/Right arrows move between them.
 */
import { type KeyboardEvent, lazy, Suspense, useRef, useState } from 'react';
import type { CatalogueProduct as Product } from '../../../../domain/catalogue/snapshot';
import { PRODUCT_GALLERY_SIZES } from '../../../../domain/media/page-image-sizes';
import { ZoomIcon } from '../../components/ui/icons';
import { preloadOnIntent } from '../../components/ui/preload-on-intent';
import { ProductPicture } from '../../components/ui/responsive-image';
import { useLazyDialog } from './use-lazy-dialog';

const loadLightbox = () => import('./lightbox');
const Lightbox = lazy(() => loadLightbox().then((m) => ({ default: m.Lightbox })));

export function ProductGallery({ product }: { product: Product }) {
  const images = product.images;
  const [index, setIndex] = useState(0);
  const lightbox = useLazyDialog();
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = images[index] ?? images[0];

  const onThumbKey = (event: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (i + step + images.length) % images.length;
    setIndex(next);
    thumbs.current[next]?.focus();
  };

  return (
    <div>
      <button
        type="button"
        onClick={lightbox.show}
        {...preloadOnIntent(loadLightbox)}
        aria-haspopup="dialog"
        className="group relative block w-full cursor-zoom-in overflow-hidden rounded-2xl bg-sand"
      >
        <span className="sr-only">Zoom image: </span>
        <ProductPicture
          key={current?.id}
          image={current}
          sizes={PRODUCT_GALLERY_SIZES}
          priority={index === 0}
          className="aspect-square h-auto w-full object-cover"
        />
        <span className="absolute right-3 bottom-3 inline-flex h-10 w-10 items-center justify-center rounded-full bg-cream/95 text-ink shadow transition-transform group-hover:scale-110">
          <ZoomIcon />
        </span>
      </button>
      {images.length > 1 ? (
        <fieldset className="mt-3 flex gap-3">
          <legend className="sr-only">Product images</legend>
          {images.map((image, i) => (
            <button
              key={image.id}
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              type="button"
              aria-label={`Show image ${i + 1} of ${images.length}`}
              aria-pressed={i === index}
              onClick={() => setIndex(i)}
              onKeyDown={(e) => onThumbKey(e, i)}
              className="h-20 w-20 overflow-hidden rounded-xl border-2 border-transparent bg-sand opacity-80 hover:opacity-100 aria-pressed:border-wine aria-pressed:opacity-100"
            >
              <ProductPicture image={image} alt="" sizes="80px" className="h-full w-full object-cover" />
            </button>
          ))}
        </fieldset>
      ) : null}
      {lightbox.mounted ? (
        <Suspense fallback={null}>
          <Lightbox
            product={product}
            index={index}
            onIndexChange={setIndex}
            open={lightbox.open}
            onOpenChange={lightbox.setOpen}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
