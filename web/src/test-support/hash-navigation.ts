import { act } from '@testing-library/react';

/**
 * Changes the hash as a link or Back does, and lets the rendered router follow. jsdom fires
 * `hashchange` late (in a later task), so the event is sent here at once, inside act.
 */
export async function goToHash(hash: string): Promise<void> {
  await act(async () => {
    window.location.hash = hash;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
}
