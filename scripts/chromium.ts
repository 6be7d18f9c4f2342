// Debian's Chromium, the one browser the journeys (playwright.config.ts) and the Lighthouse benchmark use:
// test tools never download a browser of their own (scripts/ensure-chromium.ts installs this one).
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The machine's network is closed: without these Chromium keeps trying to reach Google services. */
export const CHROMIUM_OFFLINE_FLAGS = [
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;
