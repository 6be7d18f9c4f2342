import { test as base, expect } from '@playwright/test';

/** A catalogue snapshot's content-addressed file (domain/catalogue/catalogue-url.ts). */
const SUPERSEDED_SNAPSHOT = /\/catalogue\/[0-9a-f]+\.json$/;

/**
 * Every journey fails on an unexpected console error or uncaught page error, as the unit tests do.
 * A test that expects one calls `allowConsoleErrors(page-pattern)`.
 */
export const test = base.extend<{ consoleGuard: { allow: (pattern: RegExp) => void } }>({
  consoleGuard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = msg.text();
        if (allowed.some((re) => re.test(text))) return;
        // The page's own catalogue snapshot replaced between its HTML and the snapshot's request (another
        // journey on the shared server edited the catalogue or its reviews): the browser logs the 404, and
        // the app starts from the newest snapshot instead (web/src/boot/load-catalogue.ts), as designed.
        if (SUPERSEDED_SNAPSHOT.test(msg.location().url) && text.includes('status of 404')) return;
        problems.push(`console.error: ${text}`);
      });
      page.on('pageerror', (err) => {
        if (allowed.some((re) => re.test(err.message))) return;
        problems.push(`pageerror: ${err.message}`);
      });
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(problems, 'unexpected browser errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
