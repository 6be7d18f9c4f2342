import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // Two projects, so that a worker runs only server-side files or only component files: the component
    // files each load the app's modules afresh (tests/setup/vitest-setup.ts), and in a worker shared with
    // the server suites that reset made the next server file load the server's modules again. Split, the
    // whole suite on a 2-core machine took 186 s instead of 233 s (import 80 -> 29 s summed, 393 -> 295 s
    // of CPU).
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['domain/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      { extends: true, test: { name: 'web', include: ['web/**/*.test.{ts,tsx}'] } },
    ],
    setupFiles: ['./tests/setup/vitest-setup.ts'],
    globalSetup: ['./tests/setup/test-databases.ts'],
    environment: 'node',
    // Component tests opt into a DOM with `// @vitest-environment jsdom` at the top of the file.
    restoreMocks: true,
    testTimeout: 20_000,
    // expect.poll waits for an event; its 1 s default failed on a busy host. A poll that never succeeds
    // still ends the test, at its timeout.
    expect: { poll: { timeout: 15_000 } },
    // Vitest's default in a run is one worker fewer than the cores: on a 2-core CI machine that is one, and
    // the server suites (child processes, sockets, databases, timers) wait far more than they compute.
    // One worker more than the cores keeps both busy: on the 2-core machine the whole suite took 305 s with
    // two workers, 260 s with three (1.6 cores used) and 269 s with four. Every suite uses its own port,
    // data dir, database schema and random Redis keys, so files do not meet.
    maxWorkers: availableParallelism() + 1,
    // Worker threads, not child processes: each test file's modules load faster in a thread (the import
    // phase 85 -> 65 s over the suite on a 2-core machine; the whole run 238 -> 193 s). Nothing here needs
    // a process of its own: the server tests that kill, signal or exit a server start it as a child
    // process (tests/support/server-process.ts), and node:sqlite and sharp load in threads.
    pool: 'threads',
    // A worker keeps the modules it loaded from one test file to the next (each file still runs its setup,
    // and mocks are restored after each test): loading the server's modules again for every file was most
    // of the import phase. The whole suite on a 2-core machine: 415 -> 323 s, import 124 -> 56 s. Suites
    // keep no state in modules between files (ports, data dirs, schemas and Redis keys are their own).
    isolate: false,
    hookTimeout: 30_000,
  },
});
