/**
 * Toasts through sonner, loaded on demand. sonner and its <Toaster> cost about 9 KB gzip, a tenth of the
 * home page's JS budget, yet no toast can appear before the shopper does something. `toast(...)` has
 * sonner's call shapes; the shopper's first interaction with the page (pointer, touch or key), or else
 * the first call, loads sonner and mounts the Toaster (its live region exists before any toast is added,
 * so screen readers announce it), then shows the toast. Not at the first idle moment: evaluating sonner
 * and mounting it is a long task on a slow phone while the page is still starting. Region label
 * 'Notifications' and hotkey Alt+T are sonner's defaults.
 */
import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import type { ExternalToast } from 'sonner';

type Sonner = typeof import('sonner');

let sonnerModule: Promise<Sonner> | null = null;
const loadSonner = (): Promise<Sonner> => {
  sonnerModule ??= import('sonner');
  return sonnerModule;
};

let requestMount: (() => void) | null = null;
let markReady: (() => void) | null = null;
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

async function show(fn: (s: Sonner) => void): Promise<void> {
  requestMount?.();
  const s = await loadSonner();
  await toasterReady;
  fn(s);
}

export interface Toast {
  (message: string, data?: ExternalToast): void;
  success: (message: string, data?: ExternalToast) => void;
  error: (message: string, data?: ExternalToast) => void;
  info: (message: string, data?: ExternalToast) => void;
}

export const toast: Toast = Object.assign(
  (message: string, data?: ExternalToast) => void show((s) => s.toast(message, data)),
  {
    success: (message: string, data?: ExternalToast) => void show((s) => s.toast.success(message, data)),
    error: (message: string, data?: ExternalToast) => void show((s) => s.toast.error(message, data)),
    info: (message: string, data?: ExternalToast) => void show((s) => s.toast.info(message, data)),
  },
);

const SonnerToaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

function ReadySignal() {
  // Effects run in tree order, so the Toaster (rendered before this) is subscribed by now.
  useEffect(() => {
    markReady?.();
  }, []);
  return null;
}

const FIRST_INTERACTION = ['pointerdown', 'touchstart', 'keydown'] as const;

/** Mounted once in the shell; renders nothing until the shopper interacts or a toast is asked for. */
export function LazyToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    // In a transition: a state update from a pointerdown is rendered synchronously, inside the first tap's
    // frame (bench:inp's steps are each the first tap of a page); the toaster can mount a frame later.
    const mount = () => startTransition(() => setMounted(true));
    requestMount = mount;
    for (const type of FIRST_INTERACTION) window.addEventListener(type, mount, { once: true, passive: true });
    return () => {
      requestMount = null;
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, mount);
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      {/* Default (not richColors) styling: its green success text fails WCAG AA contrast. */}
      <SonnerToaster position="bottom-right" closeButton />
      <ReadySignal />
    </Suspense>
  );
}
