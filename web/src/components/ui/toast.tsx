/**
 * Toasts through sonner, loaded on demand. sonner and its <Toaster> cost about 9 KB gzip, a tenth of the
 * home page's JS budget, yet no toast can appear before the shopper does something. `toast(...)` has
 * sonner's call shapes; the first call (or the browser's first idle moment) loads sonner and mounts the
 * Toaster, then shows the toast. Region label 'Notifications' and hotkey Alt+T are sonner's defaults.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
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

/** Mounted once in the shell; renders nothing until a toast is asked for or the browser is idle. */
export function LazyToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    requestMount = () => setMounted(true);
    const idle = window.requestIdleCallback?.(() => setMounted(true), { timeout: 5000 });
    return () => {
      requestMount = null;
      if (idle !== undefined) window.cancelIdleCallback?.(idle);
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
