/**
 * €40.00 ships free (domain/cart/pricing.ts: `subtotal >= freeOver`), so the rule is worded "from €40" or "on
 * orders of €40 or more" wherever the shop states it, never "over €40", which reads as €40.01 and up.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FREE_SHIPPING_THRESHOLD } from '../../../../domain/config';
import { DEFAULT_ANNOUNCEMENT_TEXT as ANNOUNCEMENT_TEXT } from '../../../../domain/settings/storefront-settings';
import { formatEuroShort } from '../../../../domain/shared/money';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(tsx?|html|md)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

/** "over €40", "over ${FREE_OVER}", "over {formatEuroShort(FREE_SHIPPING_THRESHOLD)}" and the like. */
const OVER_THE_THRESHOLD =
  /\bover\s*(€|\$?\{\s*(FREE_OVER|formatEuroShort\(FREE_SHIPPING_THRESHOLD\))|\{'\s*'\}\s*$)/m;

describe('the free shipping rule', () => {
  it('is never worded "over" the threshold, in the shop, its pages or the product description', () => {
    const files = [
      ...sourceFiles('web/src'),
      ...sourceFiles('domain'),
      'web/index.html',
      ...sourceFiles('docs/product'),
    ];
    const wrong = files.filter((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      return text.split('\n').some((line) => OVER_THE_THRESHOLD.test(line) && !/freeOver/.test(line));
    });
    expect(wrong).toEqual([]);
  });

  it('is announced as from the threshold', () => {
    expect(ANNOUNCEMENT_TEXT).toContain(
      `Free shipping in Ireland from ${formatEuroShort(FREE_SHIPPING_THRESHOLD)}`,
    );
  });
});
