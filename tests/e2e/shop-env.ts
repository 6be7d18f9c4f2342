/**
 * The environment of a journeys' shop server: the shared one (playwright.config.ts) and each file's own
 * (./own-shop.ts) start the real server with these, so every journey meets the same shop.
 */

/** The owner's token every journeys' server starts with (the desk journeys sign in with it). */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123';

/** The environment of the real server on `port` with its own data directory and front-end build. */
export function shopServerEnv(port: number, dataDir: string, webDist: string): Record<string, string> {
  const base = `http://127.0.0.1:${port}`;
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
    // The journeys pay through the TEST MODE checkout, even if NODE_ENV=production is set around them.
    ALLOW_TEST_CHECKOUT: 'true',
    // The desk journeys sign in with this; without it the server would generate one per run.
    ADMIN_TOKEN: E2E_ADMIN_TOKEN,
    // A closure already over (in the build's year: see dispatch.spec.ts), so today's dispatch dates are
    // unaffected; dispatch.spec.ts sets the page's clock inside it to see the server's closure banner.
    CLOSED_DATES: '2026-08-03..2026-08-14',
    // The journeys pay many orders nobody dispatches: at the most the maker can set, their queue never
    // moves the dates the dispatch journeys expect. today.spec.ts lowers it on its own shop.
    MAKING_CAPACITY_PER_DAY: '1000',
  };
}
