/**
 * Toasts through sonner, loaded after the page. sonner and its <Toaster> cost about 9 KB gzip, a tenth of
 * the home page's JS budget, yet no toast can appear before the shopper does something. `toast(...)` has
 * sonner's call shapes. On a page with product cards (quick add), sonner is loaded and the Toaster mounted
 * in an idle period once the page has hydrated (mountToaster, from product-card.tsx): not in the way of the
 * shopper's first tap (loading sonner and inserting its styles there delayed the tap's click by 50-200 ms
 * on a slow phone, bench:inp). Elsewhere, or first, the end of the shopper's first interaction (a click,
 * a key released, a gesture the browser took over for scrolling), once its frame is painted, or else the
 * first call, does it; not at the first idle moment of every page: evaluating sonner and mounting it is a
 * long task on a slow phone while the page is still starting. Not at the interaction's start either: the
 * mount's render, sonner's evaluation and its injected styles then landed between the tap's pointerdown
 * and its click, inside the tap (bench:inp's cart steps, the first tap of the cart page). The live region
 * exists before any toast is added, so screen readers announce it. Region label 'Notifications' and
 * hotkey Alt+T are sonner's defaults.
 */
import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import type { ExternalToast } from 'sonner';
import { afterNextPaint } from '../../lib/after-next-paint';

type Sonner = typeof import('./shop-toaster');

let sonnerModule: Promise<Sonner> | null = null;
const loadSonner = (): Promise<Sonner> => {
  sonnerModule ??= import('./shop-toaster');
  return sonnerModule;
};

let requestMount: (() => void) | null = null;
let markReady: (() => void) | null = null;
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/**
 * A toast appears a frame after the tap that asked for it: the tap's own frame shows what the tap
 * changed (the header's cart count). Shown at once, its placement (the header's box, a layout of the
 * whole page just re-rendered) and sonner's render (flushSync from a timer that ran before the frame
 * was painted) were inside the tap: Add to Cart 80 -> 120 ms on a slowed phone (bench:inp).
 */
async function show(fn: (s: Sonner) => void): Promise<void> {
  requestMount?.();
  const s = await loadSonner();
  await toasterReady;
  afterNextPaint(() => {
    s.placeBelowHeader();
    fn(s);
  });
}

export interface Toast {
  (message: string, data?: ExternalToast): void;
  success: (message: string, data?: ExternalToast) => void;
  error: (message: string, data?: ExternalToast) => void;
}

export const toast: Toast = Object.assign(
  (message: string, data?: ExternalToast) => void show((s) => s.toast(message, data)),
  {
    success: (message: string, data?: ExternalToast) => void show((s) => s.toast.success(message, data)),
    error: (message: string, data?: ExternalToast) => void show((s) => s.toast.error(message, data)),
  },
);

const SonnerToaster = lazy(() => loadSonner().then((m) => ({ default: m.ShopToaster })));

function ReadySignal() {
  // Effects run in tree order, so the Toaster (rendered before this) is subscribed by now.
  useEffect(() => {
    markReady?.();
  }, []);
  return null;
}

/** Loads sonner and mounts the Toaster now (product-card.tsx, in an idle period after hydration). */
export function mountToaster(): void {
  requestMount?.();
}

/** How a first interaction ends: a tap's click, a key released, a touch the browser turned into a scroll. */
const FIRST_INTERACTION_END = ['click', 'keyup', 'pointercancel'] as const;

/** Mounted once in the shell; renders nothing until the shopper interacts or a toast is asked for. */
export function LazyToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    // In a transition: a state update from an input event is rendered synchronously, inside the event's
    // frame; the toaster can mount a frame later.
    const mount = () => startTransition(() => setMounted(true));
    requestMount = mount;
    let cancel: (() => void) | null = null;
    const interacted = () => {
      for (const type of FIRST_INTERACTION_END) window.removeEventListener(type, interacted, true);
      cancel = afterNextPaint(mount);
    };
    for (const type of FIRST_INTERACTION_END) {
      window.addEventListener(type, interacted, { capture: true, passive: true });
    }
    return () => {
      requestMount = null;
      cancel?.();
      for (const type of FIRST_INTERACTION_END) window.removeEventListener(type, interacted, true);
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
      <ReadySignal />
    </Suspense>
  );
}
