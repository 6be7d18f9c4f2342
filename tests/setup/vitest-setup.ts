import { afterEach, beforeEach, vi } from 'vitest';

// A test fails on any unexpected console.error: React warnings, act() warnings and swallowed errors
// are bugs. A test that expects one spies on console.error itself (vi.spyOn(...).mockImplementation).
let errors: unknown[][] = [];
/**
 * Not a bug: React's web-streams renderer (web/src/entry-server.tsx), in development, on a Node without
 * ArrayBuffer.prototype.detached (Node 20), says this once per process when it writes an empty chunk, which
 * any empty attribute is (`alt=""`).
 */
const EMPTY_CHUNK_NOTICE = 'React encountered an empty buffer when writing in an environment that does not';
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).startsWith(EMPTY_CHUNK_NOTICE) && !('detached' in ArrayBuffer.prototype)) return;
    errors.push(args);
  });
});
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
    const { unmountHydrated } = await import('../../web/src/test-support/hydrate');
    unmountHydrated();
  }
  const seen = errors;
  errors = [];
  if (seen.length > 0) {
    throw new Error(`Unexpected console.error:\n${seen.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});

if (typeof window !== 'undefined') {
  // A worker keeps one window for every file it runs (vitest.config.ts: isolate false): each file starts
  // at the same URL with empty storage, whatever the files before it left. (The page's elements stay:
  // modules keep some of them, such as a toaster's or a live region's root, from file to file.)
  history.replaceState(null, '', '/');
  localStorage.clear();
  sessionStorage.clear();
  await import('@testing-library/jest-dom/vitest');
  // Lazily loaded chunks (dialogs, panels) can take over a second on a busy 2-core CI machine.
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
}
