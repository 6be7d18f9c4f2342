/**
 * Loads one of the shop's own pages in a hidden, inert, same-origin frame sized like the current
 * viewport, waits for its hero to render (page chunks load lazily) and its images to settle, then hands
 * the frame's document to a reader. The frame is always removed afterwards.
 */
import { isStale } from '../../boot/protocol';
import { findHero } from './hero-snapshot';

export const FRAME_LOAD_TIMEOUT_MS = 10_000;
export const HERO_WAIT_MS = 6_000;
export const IMAGE_WAIT_MS = 4_000;
const POLL_MS = 100;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, ms));
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (check()) return true;
    await delay(POLL_MS);
  }
  return check();
}

/** The frame URL: this very app at a hash route, so the server, build and flags are the same. */
export function frameUrl(path: string): string {
  const route = path.startsWith('/') ? path : `/${path}`;
  return `${window.location.origin}${window.location.pathname}#${route}`;
}

export async function withPageInFrame<T>(path: string, read: (doc: Document, win: Window) => T): Promise<T> {
  const frame = document.createElement('iframe');
  frame.title = 'Page being inspected by the diagnostics tool';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.inert = true;
  // Laid out like the visitor's own screen, but invisible and out of the way.
  Object.assign(frame.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    width: `${window.innerWidth}px`,
    height: `${window.innerHeight}px`,
    border: '0',
    opacity: '0',
    pointerEvents: 'none',
    zIndex: '-1',
  });
  try {
    const loaded = new Promise<void>((resolve, reject) => {
      const timer = window.setTimeout(
        () => reject(new Error('The page did not load in time')),
        FRAME_LOAD_TIMEOUT_MS,
      );
      frame.addEventListener('load', () => {
        window.clearTimeout(timer);
        resolve();
      });
    });
    frame.src = frameUrl(path);
    document.body.appendChild(frame);
    await loaded;
    const win = frame.contentWindow;
    const doc = frame.contentDocument;
    if (!win || !doc) throw new Error('The page could not be opened for inspection');
    // The frame opens the prerendered home page and then switches to the requested hash route; until
    // it has (the page is no longer stale), the home page's hero is still in the document.
    await waitFor(() => !isStale(doc), HERO_WAIT_MS);
    const heroShown = await waitFor(() => findHero(doc) !== null, HERO_WAIT_MS);
    if (heroShown) {
      await waitFor(() => {
        const hero = findHero(doc)?.element;
        return !hero || Array.from(hero.querySelectorAll('img')).every((img) => img.complete);
      }, IMAGE_WAIT_MS);
    }
    return read(doc, win);
  } finally {
    frame.remove();
  }
}
