/**
 * Full-screen image viewer for the product gallery (docs/product/pages.md §2.5: close, previous/next, counter 'n / N', Escape
 * and Left/Right keys, swipe over SWIPE_THRESHOLD_PX). Radix Dialog traps focus and returns it to the
 * image that opened it.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { type PointerEvent, useRef } from 'react';
import type { CatalogueProduct as Product } from '../../../../domain/catalogue/snapshot';
import { SWIPE_THRESHOLD_PX } from '../../../../domain/config';
import { ChevronIcon, CloseIcon } from '../../components/ui/icons';
import { ProductPicture } from '../../components/ui/responsive-image';
import { useReturnFocus } from './use-return-focus';

export interface LightboxProps {
  readonly product: Product;
  readonly index: number;
  readonly onIndexChange: (index: number) => void;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}

/** Which way a horizontal drag from `startX` to `endX` pages: -1 previous, 1 next, 0 not far enough. */
export function swipeDirection(
  startX: number,
  endX: number,
  threshold: number = SWIPE_THRESHOLD_PX,
): -1 | 0 | 1 {
  const dx = endX - startX;
  if (Math.abs(dx) <= threshold) return 0;
  return dx < 0 ? 1 : -1;
}

const NAV_BUTTON =
  'inline-flex h-12 w-12 items-center justify-center rounded-full bg-cream/10 text-cream hover:bg-cream/20 focus-visible:outline-cream';

export function Lightbox({ product, index, onIndexChange, open, onOpenChange }: LightboxProps) {
  const images = product.images;
  const count = images.length;
  const current = images[index] ?? images[0];
  const start = useRef<{ x: number; y: number } | null>(null);
  const returnFocus = useReturnFocus(open);

  const go = (step: number) => onIndexChange((index + step + count) % count);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    start.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const from = start.current;
    start.current = null;
    if (!from || count < 2) return;
    // A mostly vertical drag is a scroll attempt, not a swipe.
    if (Math.abs(e.clientY - from.y) > Math.abs(e.clientX - from.x)) return;
    const direction = swipeDirection(from.x, e.clientX);
    if (direction !== 0) go(direction);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/95" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col text-cream focus:outline-none"
          onCloseAutoFocus={returnFocus}
          onKeyDown={(e) => {
            if (count < 2) return;
            if (e.key === 'ArrowLeft') {
              e.preventDefault();
              go(-1);
            } else if (e.key === 'ArrowRight') {
              e.preventDefault();
              go(1);
            }
          }}
        >
          <div className="flex items-center justify-between gap-4 px-4 py-3">
            <Dialog.Title className="truncate font-serif text-lg">{product.name}</Dialog.Title>
            <Dialog.Description className="sr-only">
              Use the left and right arrow keys or swipe to see the other images.
            </Dialog.Description>
            <Dialog.Close aria-label="Close" className={NAV_BUTTON}>
              <CloseIcon className="h-6 w-6" />
            </Dialog.Close>
          </div>
          <div
            className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 select-none sm:px-20"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              start.current = null;
            }}
            data-testid="lightbox-stage"
          >
            <div className="h-full max-h-[min(80vh,1080px)] w-full max-w-[min(80vh,1080px)]">
              <ProductPicture
                key={current?.id}
                image={current}
                sizes="(min-width: 1080px) 1080px, 100vw"
                className="pointer-events-none h-full w-full object-contain"
              />
            </div>
            {count > 1 ? (
              <>
                <button
                  type="button"
                  onClick={() => go(-1)}
                  aria-label="Previous image"
                  className={`${NAV_BUTTON} absolute top-1/2 left-2 -translate-y-1/2 sm:left-4`}
                >
                  <ChevronIcon direction="left" className="h-6 w-6" />
                </button>
                <button
                  type="button"
                  onClick={() => go(1)}
                  aria-label="Next image"
                  className={`${NAV_BUTTON} absolute top-1/2 right-2 -translate-y-1/2 sm:right-4`}
                >
                  <ChevronIcon direction="right" className="h-6 w-6" />
                </button>
              </>
            ) : null}
          </div>
          <p
            className="py-4 text-center text-sm tabular-nums"
            aria-live="polite"
            data-testid="lightbox-counter"
          >
            {index + 1} / {count}
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
