import type { FocusEvent, PointerEvent } from 'react';

/**
 * Props that start loading a control's code (a dialog's chunk) when the shopper shows the intent to use
 * it ahead of the click: a mouse resting on it, or keyboard focus reaching it. Not on a touch screen:
 * there the pointer "enters" and the button takes focus inside the tap itself, between its pointerdown
 * and its click, so a preload would only add its work (the import's module-preload links) to the tap's
 * own time, which is what a shopper waits for (bench:inp: the lightbox's pointerover was about a fifth
 * of its time in that preload). The click loads the code then, as it always can.
 */
export function preloadOnIntent(load: () => unknown): {
  onPointerEnter: (event: PointerEvent<HTMLElement>) => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
} {
  return {
    onPointerEnter: (event) => {
      if (event.pointerType === 'mouse') void load();
    },
    onFocus: (event) => {
      // Focus from a pointer is not :focus-visible on a button; from the keyboard it is.
      if (event.currentTarget.matches(':focus-visible')) void load();
    },
  };
}
