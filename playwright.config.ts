import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_HEADLESS_SHELL_PATH, CHROMIUM_OFFLINE_FLAGS } from './scripts/chromium';
import { shopServerEnv } from './tests/e2e/shop-env';

/**
 * Journeys against the real server serving the real build, in Debian's Chromium (its headless shell:
 * scripts/chromium.ts says why). Most journeys share one server, with its own port and a fresh DATA_DIR
 * for each run; a journey that changes what every shopper sees runs on a shop of its file's own
 * (tests/e2e/own-shop.ts), and the cluster journeys start their own servers.
 * E2E_PORT / E2E_DIST let parallel work use separate builds.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const dist = process.env.E2E_DIST ?? 'dist/web';
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'solas-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const baseURL = `http://127.0.0.1:${port}`;
/** What scripts/e2e-servers.ts prints once the server answers. */
const READY_LINE = 'e2e servers: every server answers';
/**
 * The cluster journeys that time how soon another instance follows a change ("within 5 s": the catalogue,
 * the settings, the reviews). They run first and alone: beside two other journeys on a 2-core machine
 * their measure was 5.5 s, the machine's wait and not the shop's. The other journeys that start servers
 * of their own (tests/support/shop-cluster.ts: multi-instance, cart-reminder, the people journeys) time
 * nothing of the kind and run with the rest.
 */
const TIMED_CLUSTERS = [
  'catalogue-cluster.spec.ts',
  'reviews-instances.spec.ts',
  'settings-cluster.spec.ts',
].map((f) => `**/${f}`);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Three workers on a 2-core machine: a journey mostly waits (on the page, the server, an e-mail), and the
  // journeys' processes used about one core of two with two workers (257 s of CPU in a 264 s run). Three
  // took the run from 402 to 313 s on the same loaded machine, every journey green.
  workers: 3,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    baseURL,
    // A failed journey keeps a screenshot, with the error and the page's console in the report. No trace
    // is recorded: recording one for every journey (each action's DOM snapshot, in case it fails) cost
    // 14% of the journeys' time on a 2-core machine, where they are CPU-bound (103 s -> 89 s for the
    // browse and shell journeys). To debug a journey, run it with `--trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_HEADLESS_SHELL_PATH,
      args: [...CHROMIUM_OFFLINE_FLAGS],
    },
  },
  // The timed cluster journeys run one at a time and first, alone (their 5-second budgets are measured
  // with no other journey beside them); the other journeys follow them on three workers.
  projects: [
    {
      name: 'timed-clusters',
      use: { ...devices['Desktop Chrome'] },
      testMatch: TIMED_CLUSTERS,
      workers: 1,
    },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: TIMED_CLUSTERS,
      dependencies: ['timed-clusters'],
    },
  ],
  // scripts/e2e-servers.ts bundles the server once (the own shops start the same bundle) and starts it.
  webServer: {
    command: 'node --import tsx scripts/e2e-servers.ts',
    wait: { stdout: new RegExp(READY_LINE) },
    timeout: 60_000,
    env: {
      E2E_READY_LINE: READY_LINE,
      E2E_SERVERS: JSON.stringify([shopServerEnv(port, dataDir, dist)]),
    },
  },
});
