import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { SERVER_BUNDLE, SERVER_NODE_ARGS } from './scripts/build-server';
import { CHROMIUM_HEADLESS_SHELL_PATH, CHROMIUM_OFFLINE_FLAGS } from './scripts/chromium';

/**
 * Journeys against the real server serving the real build, in Debian's Chromium (its headless shell:
 * scripts/chromium.ts says why). The server gets its own port and a fresh DATA_DIR for each run.
 * E2E_PORT / E2E_DIST let parallel work use separate builds.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const dist = process.env.E2E_DIST ?? 'dist/web';
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'solas-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const baseURL = `http://127.0.0.1:${port}`;
/** Journeys that change what every other journey on the shared server sees. */
const SHOP_WIDE = [
  'back-in-stock.spec.ts',
  'desk-products.spec.ts',
  'discounts.spec.ts',
  'settings.spec.ts',
  'today.spec.ts',
].map((f) => `**/${f}`);
/** Journeys that start their own servers (tests/support/shop-cluster.ts). */
const OWN_SERVERS = [
  'cart-reminder.spec.ts',
  'catalogue-cluster.spec.ts',
  'multi-instance.spec.ts',
  'people-passkeys.spec.ts',
  'reviews-instances.spec.ts',
  'settings-cluster.spec.ts',
].map((f) => `**/${f}`);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    baseURL,
    // A failed journey keeps its trace (every action's DOM snapshot, network, console) and a screenshot.
    // The trace's screencast is off: recording its frames cost 15-20% of the whole run's CPU on a 2-core
    // machine (the suite is CPU-bound there), and the snapshots and the failure screenshot show the page.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_HEADLESS_SHELL_PATH,
      args: [...CHROMIUM_OFFLINE_FLAGS],
    },
  },
  // The journeys share one server. Those that change the whole shop for a moment (sales paused, a product
  // paused or added, the capacity, an early-bird tier) run after every other journey on it, one at a time,
  // so no journey sees another's moment. The journeys with their own servers need nobody before them: they
  // are listed first, so they are handed out first, and are done before the one-at-a-time tail, which
  // would otherwise leave the second worker idle.
  projects: [
    {
      name: 'own-servers',
      use: { ...devices['Desktop Chrome'] },
      testMatch: OWN_SERVERS,
    },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: [...SHOP_WIDE, ...OWN_SERVERS],
    },
    {
      name: 'shop-wide',
      use: { ...devices['Desktop Chrome'] },
      testMatch: SHOP_WIDE,
      dependencies: ['chromium'],
      workers: 1,
    },
  ],
  webServer: {
    // As `npm run serve` does: a fresh bundle of the server, run by plain node (scripts/build-server.ts).
    command: `node --import tsx scripts/build-server.ts && exec node ${SERVER_NODE_ARGS.join(' ')} '${SERVER_BUNDLE}'`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      WEB_DIST_DIR: dist,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      // The journeys pay through the TEST MODE checkout, even if NODE_ENV=production is set around them.
      ALLOW_TEST_CHECKOUT: 'true',
      // The image editor journey signs in with this; without it the server would generate one per run.
      ADMIN_TOKEN: 'e2e-admin-token-0123456789abcdef0123',
      // A closure already over (in the build's year: see dispatch.spec.ts), so today's dispatch dates are
      // unaffected; dispatch.spec.ts sets the page's clock inside it to see the server's closure banner.
      CLOSED_DATES: '2026-08-03..2026-08-14',
      // The journeys pay many orders nobody dispatches: at the most the maker can set, their queue never
      // moves the dates the dispatch journeys expect. today.spec.ts lowers it for a moment, then restores it.
      MAKING_CAPACITY_PER_DAY: '1000',
    },
  },
});
