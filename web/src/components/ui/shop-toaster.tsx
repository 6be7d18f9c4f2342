/**
 * sonner and where the shop puts its toasts, loaded together after the page (toast.tsx says when): none
 * of it is needed before the shopper's first toast, so none of it is in the page's initial JS.
 */
import { Toaster } from 'sonner';

export { toast } from 'sonner';

/** Sonner's own phone breakpoint: below it, toasts span the screen's width. */
const PHONE = '(max-width: 600px)';
const TOAST_TOP = '--toast-top';

/**
 * On a phone a toast spans the screen, so wherever it sits it covers what is there. At the bottom it
 * covered the mini cart's View cart and Checkout and the product page's sections; the header's buttons
 * are at the top. So it goes just below the header, wherever the header is when the toast appears (it
 * scrolls with the announcement bar above it until it sticks), over the page's text.
 */
export function placeBelowHeader(): void {
  const header = document.querySelector('header');
  const bottom = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  document.documentElement.style.setProperty(TOAST_TOP, `${Math.round(bottom) + 8}px`);
}

export function ShopToaster() {
  // Read once: the toaster mounts after the page has started, in the browser only (jsdom has no matchMedia).
  const phone = window.matchMedia?.(PHONE).matches ?? false;
  return (
    // Default (not richColors) styling: its green success text fails WCAG AA contrast.
    <Toaster
      position={phone ? 'top-center' : 'bottom-right'}
      mobileOffset={{ top: `var(${TOAST_TOP}, 16px)` }}
      closeButton
    />
  );
}
