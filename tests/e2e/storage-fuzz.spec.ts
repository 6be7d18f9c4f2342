/**
 * Browser storage fuzzing: whatever another version of the shop, an extension or a curious visitor left
 * in localStorage (the cart, lists, flags, diagnostics), every page still renders its heading and throws
 * no uncaught error. Thirty cases from fast-check with a fixed seed; each loads two of the five pages in
 * turn (so every page meets twelve cases) with the values written before any script of the page runs. Two more journeys break storage itself (access
 * denied as in privacy modes, every write over the quota): the shop still renders and the bag still works
 * for the visit.
 */
import fc from 'fast-check';
import { getProduct, PRODUCTS } from '../../domain/catalogue';
import { FLAG_NAMES, flagStorageKeys, STORAGE_KEYS } from '../../domain/config';
import { expect, test } from './fixtures';

const SEED = 20_261_122;
const CASES = 30;
const ROUTES = ['/', '/shop', '/cart', '/product/1', '/checkout-health'];

const KEYS = [...Object.values(STORAGE_KEYS), ...FLAG_NAMES.flatMap(flagStorageKeys)];

const json = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v));

const nearlyValid = fc.oneof(
  fc
    .array(
      fc.record(
        {
          id: fc.oneof(fc.constantFrom('1', '2', '27', '99', '__proto__', 'constructor', ''), fc.string()),
          name: fc.string(),
          price: fc.oneof(fc.integer(), fc.double(), fc.string()),
          quantity: fc.oneof(fc.integer({ min: -5, max: 20 }), fc.constantFrom(1e308, -0, 0.5), fc.string()),
          image: fc.string(),
        },
        { requiredKeys: [] },
      ),
      { maxLength: 40 },
    )
    .map((a) => JSON.stringify(a)),
  fc
    .array(fc.oneof(fc.constantFrom('1', '3', '27', '999'), fc.integer(), fc.string()), { maxLength: 60 })
    .map((a) => JSON.stringify(a)),
  fc.constantFrom('true', 'false', 'TRUE', '1', 'yes', ''),
  fc.constantFrom('{"code":"CHECKOUT_SESSION_FAILED","message":"x","at":"yesterday"}', '{"code":null}'),
);

const garbage = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.constantFrom(
    'undefined',
    'NaN',
    'null',
    '[]',
    '{}',
    '{"__proto__":{"polluted":true}}',
    '[{"id":"1","quantity":1e999}]',
    '\u0000',
    '\ud800',
    '<img src=x onerror=alert(1)>',
  ),
  fc.integer({ min: 1, max: 5_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 10_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);

const storage = fc.dictionary(fc.constantFrom(...KEYS), fc.oneof(json, nearlyValid, garbage), {
  minKeys: 1,
  maxKeys: KEYS.length,
});

const cases = fc.sample(storage, { seed: SEED, numRuns: CASES });

// Every case has its own page and nothing on the server: the cases spread over the workers, so the
// file, the longest of the suite after browse.spec.ts, does not leave one worker running it alone at the end.
test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ consoleGuard, request }) => {
  // Until the image pipeline has run, product images 404; that is not what these checks are about.
  const probe = await request.get(`/img/${PRODUCTS[0]?.image ?? 'missing'}-320.webp`);
  if (!probe.ok()) consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
});

cases.forEach((values, i) => {
  test(`storage case ${i + 1}/${CASES}: ${Object.keys(values).join(', ').slice(0, 80)}`, async ({ page }) => {
    await page.addInitScript((entries: [string, string][]) => {
      try {
        for (const [k, v] of entries) window.localStorage.setItem(k, v);
      } catch {
        // Over the quota: whatever fitted is what the page finds.
      }
    }, Object.entries(values));
    // Two pages a case, in turn, so each page meets twelve of the thirty cases: a page load is most of a
    // case's time. The second page finds what the first page's app left, as on a real visit.
    for (const route of [ROUTES[i % ROUTES.length], ROUTES[(i + 1) % ROUTES.length]] as const) {
      if (!route) continue;
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }).first(), route).toBeVisible();
    }
  });
});

/** Storage that cannot be used at all: privacy modes deny access, a full quota refuses every write. */
const BROKEN_STORAGE = {
  denied: () => {
    const deny = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    Object.defineProperty(window, 'localStorage', { configurable: true, get: deny });
    Object.defineProperty(window, 'sessionStorage', { configurable: true, get: deny });
  },
  full: () => {
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  },
} as const;

for (const [mode, breakStorage] of Object.entries(BROKEN_STORAGE)) {
  test(`storage ${mode}: every page renders and the bag works for the visit`, async ({ page }) => {
    await page.addInitScript(breakStorage);
    await page.goto('/#/');
    // The page really has no usable storage: the probe meets the error the shop must absorb.
    const probe = await page.evaluate(() => {
      try {
        window.localStorage.setItem('probe', '1');
        return 'stored';
      } catch (error) {
        return (error as DOMException).name;
      }
    });
    expect(probe).toBe(mode === 'denied' ? 'SecurityError' : 'QuotaExceededError');
    for (const route of ROUTES) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }).first(), route).toBeVisible();
    }
    await page.goto('/#/product/1');
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    const badge = page.getByRole('banner').getByRole('button', { name: /^Cart, / });
    await expect(badge).toHaveAccessibleName('Cart, 1 item');
    const bar = page.getByRole('complementary', { name: 'Announcement' });
    await bar.getByRole('button', { name: 'Dismiss announcement' }).click();
    await expect(bar).toBeHidden();
    // A hash change keeps this document, and with it the bag held in memory.
    await page.goto('/#/cart');
    await expect(page.getByRole('link', { name: getProduct('1')?.name ?? 'product 1' })).toBeVisible();
    await expect(badge).toHaveAccessibleName('Cart, 1 item');
  });
}
