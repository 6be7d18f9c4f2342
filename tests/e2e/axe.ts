import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * An axe scan of the page as it is now, for the journeys' accessibility checks. Chain `include`,
 * `exclude` or `withTags` on it (after this call: `options` would replace the tags).
 *
 * - **Legacy mode** runs `axe.run` in the page itself. The default (`runPartial` in each frame, then
 *   `finishRun` in a blank page the builder opens and injects axe into again) only matters for
 *   cross-origin frames. The shop's one frame (/diagnostics frames the home page) is same-origin, and
 *   legacy mode scans same-origin frames too.
 * - **`resultTypes: ['violations']`**: axe still runs every rule and reports every node of a violation,
 *   but builds the details (selectors, HTML) of passes and incomplete checks for one node each, not for
 *   every node of the page. The journeys only read violations.
 *
 * Together: a scan of /shop took 1.9 s instead of 5.7-6.3 s in the headless shell on a 2-core machine,
 * with the same violations, passes and incomplete rules (docs/performance.md).
 */
export function axeScan(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
}

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const line = (v: Violation) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`;

/** Fails with one line per serious or critical violation of the scan ("rule: selectors"). */
export async function expectNoSeriousViolations(scan: AxeBuilder): Promise<void> {
  const results = await scan.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map(line)).toEqual([]);
}

/** Every violation of a scan, whatever its impact, one line each. */
export async function allViolations(scan: AxeBuilder): Promise<string[]> {
  return (await scan.analyze()).violations.map(line);
}
