import { act } from '@testing-library/react';

/** Resolves after the next frame and the task after it, when the router renders a new path. */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') setTimeout(resolve, 0);
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/**
 * Changes the hash as a link or Back does, and lets the rendered router follow. jsdom fires
 * `hashchange` late (in a later task), so the event is sent here at once, inside act; a new path is
 * rendered after the next frame (HashRouter), so that is waited for too.
 */
export async function goToHash(hash: string): Promise<void> {
  await act(async () => {
    window.location.hash = hash;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
  await act(nextFrame);
}
