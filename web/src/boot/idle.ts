/**
 * Work the shop can do before the shopper asks for it, one piece per idle period once the page has
 * hydrated: loading the mini cart's chunk, sonner and mounting the toaster, the product page's chunk on a
 * listing. Each would otherwise run on the shopper's first tap, in the tap's own frame (bench:inp, the
 * input delay of a page's first interaction; docs/performance.md). One piece per idle callback, each
 * waited for before the next starts, so none of them adds up with another into a long task, and none
 * competes with hydration (whose slices leave no idle period) or with the first paint.
 *
 * Browsers without requestIdleCallback (and jsdom, where component tests run) keep the lazy behaviour:
 * every piece also runs on demand, so skipping the warm-up only makes the first tap slower.
 */
import { whenHydrated } from './protocol';

type Piece = () => unknown;

const queue: Piece[] = [];
let running = false;

function next(): void {
  const piece = queue.shift();
  if (!piece) {
    running = false;
    return;
  }
  // The timeout bounds the wait on a page that never idles (an endless animation); the piece is then run
  // between two frames anyway.
  requestIdleCallback(
    () => {
      let done: unknown;
      try {
        done = piece();
      } catch {
        // A warm-up that fails (a chunk that cannot load offline) is retried on demand, where its error
        // is shown; here it is only skipped.
      }
      Promise.resolve(done).then(next, next);
    },
    { timeout: 2000 },
  );
}

/** Runs `piece` in an idle period after the page has hydrated, after every piece queued before it. */
export function whenIdle(piece: Piece): void {
  if (typeof requestIdleCallback !== 'function') return;
  queue.push(piece);
  if (running) return;
  running = true;
  void whenHydrated().then(next);
}

/**
 * Runs `task` once the current frame has been painted: in a task after the next animation frame. For
 * work a tap starts that does not need to be in the tap's own frame (bench:inp counts a tap until its
 * frame is painted). At once in a hidden tab, which paints no frame. Returns a cancel function.
 */
export function afterNextPaint(task: () => void): () => void {
  if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') {
    task();
    return () => {};
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
