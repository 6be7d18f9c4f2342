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
beforeEach(async () => {
  if (typeof window !== 'undefined') {
    const { startTest } = await import('./window-leftovers');
    startTest();
  }
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
    const { endTest } = await import('./window-leftovers');
    endTest();
  }
  const seen = errors;
  errors = [];
  if (seen.length > 0) {
    throw new Error(`Unexpected console.error:\n${seen.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});

if (typeof window !== 'undefined') {
  // A worker keeps one window for every file it runs (vitest.config.ts: isolate false): each file starts
  // as if alone, whatever the files before it left. Its own modules (the app's modules are loaded afresh:
  // a module's cache, such as the page registry's loaded pages, or a node it keeps, such as a toaster's
  // root, is the file's own), a blank page at the same URL, empty storage, and no listener or scheduled
  // work of theirs on the window. Libraries from node_modules (React, Testing Library) stay loaded.
  vi.resetModules();
  const { clearWindowLeftovers } = await import('./window-leftovers');
  clearWindowLeftovers();
  history.replaceState(null, '', '/');
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const { name } of [...document.documentElement.attributes])
    document.documentElement.removeAttribute(name);
  localStorage.clear();
  sessionStorage.clear();
  // React's act environment as a file alone finds it: unset (Testing Library's act turns it on while it
  // runs). Some files turn it on or off for their tests; one that left it on made React warn about
  // updates outside act in whichever file came next, and only then.
  delete (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
  await import('@testing-library/jest-dom/vitest');
  // Lazily loaded chunks (dialogs, panels) can take over a second on a busy 2-core CI machine.
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
}
