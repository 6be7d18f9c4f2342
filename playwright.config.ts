import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_HEADLESS_SHELL_PATH, CHROMIUM_OFFLINE_FLAGS } from './scripts/chromium';

/**
 * Journeys against the real server serving the real build, in Debian's Chromium (its headless shell:
 * scripts/chromium.ts says why). The server gets its own port and a fresh DATA_DIR for each run; the
 * shop-wide journeys get a second one (the next port, E2E_SHOP_WIDE_DATA_DIR).
 * E2E_PORT / E2E_DIST let parallel work use separate builds.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const dist = process.env.E2E_DIST ?? 'dist/web';
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'solas-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const baseURL = `http://127.0.0.1:${port}`;
const shopWidePort = port + 1;
const shopWideDataDir =
  process.env.E2E_SHOP_WIDE_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'solas-e2e-shop-wide-'));
process.env.E2E_SHOP_WIDE_DATA_DIR = shopWideDataDir;
const shopWideURL = `http://127.0.0.1:${shopWidePort}`;
/** What scripts/e2e-servers.ts prints once both servers answer. */
const READY_LINE = 'e2e servers: every server answers';
/** Journeys that change what every other journey on their server sees. */
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
  'people-first-owner.spec.ts',
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
  // Most journeys share one server. Those that change the whole shop for a moment (sales paused, a
  // product paused or added, the capacity, an early-bird tier) have a server of their own and run one at a
  // time, so no journey sees another's moment; those that start their own servers need neither. The two
  // smaller projects are listed first, so they are handed out first, one worker each, and the shared
  // server's many journeys fill both workers to the end. One cluster at a time: their 5-second budgets
  // are measured beside one other journey, never beside a second cluster.
  projects: [
    {
      name: 'shop-wide',
      use: { ...devices['Desktop Chrome'], baseURL: shopWideURL },
      testMatch: SHOP_WIDE,
      workers: 1,
    },
    {
      name: 'own-servers',
      use: { ...devices['Desktop Chrome'] },
      testMatch: OWN_SERVERS,
      workers: 1,
    },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: [...SHOP_WIDE, ...OWN_SERVERS],
    },
  ],
  // Both servers start together (scripts/e2e-servers.ts): Playwright would start two entries in turn.
  webServer: {
    command: 'node --import tsx scripts/e2e-servers.ts',
    wait: { stdout: new RegExp(READY_LINE) },
    timeout: 60_000,
    env: {
      E2E_READY_LINE: READY_LINE,
      E2E_SERVERS: JSON.stringify([
        shopServerEnv(port, dataDir),
        shopServerEnv(shopWidePort, shopWideDataDir),
      ]),
    },
  },
});

/** The environment of the real server on `serverPort` with its own data directory. */
function shopServerEnv(serverPort: number, serverDataDir: string): Record<string, string> {
  const base = `http://127.0.0.1:${serverPort}`;
  return {
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    DATA_DIR: serverDataDir,
    PUBLIC_URL: base,
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
  };
}
