import { test as base, expect } from '@playwright/test';

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
