// Debian's Chromium, the one browser the journeys (playwright.config.ts) and the benchmarks use: test tools
// never download a browser of their own (scripts/ensure-chromium.ts installs these packages).

/** Full Chromium (package `chromium`): Lighthouse and bench:inp, whose figures were calibrated on it. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * The same Chromium build as headless shell only (package `chromium-headless-shell`), which the Playwright
 * journeys run in. Full Chromium's headless mode is the whole browser without a window: a GPU process
 * running SwiftShader and a browser-UI renderer for every new context. The shell has neither. The same 190
 * journeys took 14.8 minutes in full Chromium and 8.6 in the shell, back to back on one 2-core host
 * (docs/performance.md), and the suite is CPU-bound there.
 */
export const CHROMIUM_HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/** Debian's package that provides each binary. */
export const CHROMIUM_PACKAGES = [
  { path: CHROMIUM_PATH, pkg: 'chromium' },
  { path: CHROMIUM_HEADLESS_SHELL_PATH, pkg: 'chromium-headless-shell' },
] as const;

/** The machine's network is closed: without these Chromium keeps trying to reach Google services. */
export const CHROMIUM_OFFLINE_FLAGS = [
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;
