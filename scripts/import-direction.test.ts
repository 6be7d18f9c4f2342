/**
 * Which way imports may point is enforced by biome.json (noRestrictedImports per folder, noImportCycles),
 * so `npm run lint` fails on a wrong one. Here the repository's own biome.json lints a scratch tree of
 * small files, each importing one thing, and every import the rules forbid must be reported while the
 * allowed ones pass: a rule whose pattern or folder stops matching would otherwise go quiet unnoticed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PLATFORM_FOLDERS, serverFeatures } from './features';
import { allFloorOverrides, BUILDINGS, isFloorOverride, roomsOf } from './floors';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');

/** A file of the scratch tree and the one module it imports. */
const FORBIDDEN: readonly (readonly [file: string, imports: string])[] = [
  ['domain/probe.ts', '../web/src/lib/router'],
  ['domain/catalogue/probe.ts', '../../server/config'],
  ['web/src/probe.ts', '../../server/config'],
  ['web/src/features/cart/probe-app.tsx', '../../app/page-registry'],
  ['web/src/features/cart/probe-server.ts', '../../../../server/config'],
  ['web/src/lib/probe.ts', '../features/cart/cart-context'],
  ['server/security/probe.ts', '../orders'],
  ['server/mail/probe.ts', '../orders/order-store'],
  ['server/db/probe.ts', '../ops/backup'],
  ['server/lib/probe.ts', '../db/schema'],
  ['server/quotes/probe.ts', '../orders/order-store'],
  ['server/orders/probe.ts', '../../tests/support/test-app'],
  // The storefront's features import one way (docs/architecture.md, "Imports"): each folder below may not
  // import the features above it, so no two of them import each other.
  ['web/src/features/catalogue-snapshot/probe.ts', '../catalogue/product-card'],
  ['web/src/features/catalogue-snapshot/probe-face.ts', '../cart'],
  ['web/src/features/catalogue-snapshot/probe-server.ts', '../../../../server/config'],
  ['web/src/features/compare/probe.ts', '../catalogue/compare-button'],
  ['web/src/features/recently-viewed/probe.ts', '../catalogue/recently-viewed-strip'],
  ['web/src/features/settings/probe.ts', '../catalogue/product-actions'],
  ['web/src/features/wishlist/probe.ts', '../cart/cart-context'],
  ['web/src/features/cart/probe-catalogue.ts', '../catalogue/product-status'],
  ['web/src/features/cart/probe-checkout.ts', '../checkout/checkout-section'],
  ['web/src/features/cart/probe-making.ts', '../making/dispatch-notes'],
  ['web/src/features/making/probe.ts', '../catalogue/product-details'],
  ['web/src/features/making/probe-checkout.ts', '../checkout/order-confirmed'],
  ['web/src/features/checkout/probe.ts', '../catalogue/product-card'],
  ['web/src/features/checkout/probe-reviews.ts', '../reviews/order-reviews'],
  ['web/src/features/reviews/probe.ts', '../catalogue/rating'],
  ['web/src/features/reviews/probe-app.tsx', '../../app/providers'],
  ['web/src/components/ui/probe.ts', '../../features/cart/cart-context'],
  // A feature meets another through its public face (index.ts), never a file inside it.
  ['web/src/features/cart/probe-inner.ts', '../catalogue-snapshot/catalogue-context'],
  ['web/src/features/checkout/probe-inner.ts', '../events/events'],
  ['web/src/features/catalogue/probe-inner.ts', '../wishlist/wishlist-context'],
  ['web/src/features/catalogue/probe-cart-inner.ts', '../cart/cart-context'],
  ['web/src/features/checkout/probe-making-inner.ts', '../making/order-delivery'],
  ['web/src/features/catalogue/probe-reviews-inner.ts', '../reviews/rating'],
  ['web/src/features/quotes/probe-orders-inner.ts', '../orders/order-page-api'],
  // A storefront feature biome.json never names (a throwaway folder) is held to the same rules: reached
  // through its face only, and itself reaching others through theirs; a feature without a face too.
  ['web/src/features/cart/probe-throwaway-inner.ts', '../throwaway-probe/inner'],
  ['web/src/features/throwaway-probe/probe-inner.ts', '../cart/cart-context'],
  ['web/src/features/throwaway-probe/probe-server.ts', '../../../../server/config'],
  ['web/src/features/catalogue-snapshot/probe-throwaway.ts', '../throwaway-probe'],
  ['web/src/features/catalogue/probe-newsletter-inner.ts', '../newsletter/newsletter-form'],
  ['web/src/features/probe-beside.ts', '../cart/cart-context'],
  // A feature of the server is any folder but the platform's: one that biome.json never names (here a
  // throwaway gift-cards folder, and the newest real ones) is held to the same rules as the first.
  ['server/gift-cards/probe.ts', '../orders/order-store'],
  ['server/gift-cards/probe-tests.ts', '../../tests/support/test-app'],
  ['server/quotes/probe-gift-cards-inner.ts', '../gift-cards/gift-card-store'],
  ['server/security/probe-gift-cards.ts', '../gift-cards'],
  ['server/db/probe-gift-cards-inner.ts', '../gift-cards/gift-card-store'],
  ['server/quotes/probe-people-inner.ts', '../people/passkey-ceremonies'],
  ['server/mail/probe-customers.ts', '../customers'],
  ['server/audit/probe-app.ts', '../app'],
  // domain/ and the desk import one way, floor by floor (scripts/floors.ts): never up, never sideways.
  ['domain/catalogue/probe-settings.ts', '../settings/storefront-settings'],
  ['domain/customs/probe-catalogue.ts', '../catalogue/sizes'],
  ['domain/shared/probe-config.ts', '../config'],
  ['domain/config.ts', './vat/rates'],
  ['domain/vat/probe-people.ts', '../people/people-api'],
  ['domain/checkout/probe-orders.ts', '../orders'],
  ['web/src/desk/returns/probe-fulfilment.ts', '../fulfilment/order-page'],
  ['web/src/desk/manual-orders/probe-fulfilment.ts', '../fulfilment/order-actions'],
  ['web/src/desk/customers/probe-fulfilment.ts', '../fulfilment/orders-page'],
  ['web/src/desk/quotes/probe-fulfilment.ts', '../fulfilment/order-page'],
  ['web/src/desk/enquiries/probe-quotes.ts', '../quotes/quotes-api'],
  ['web/src/desk/vat/probe-people.ts', '../people/desk-person'],
  ['web/src/desk/routes/probe-screens.ts', '../fulfilment/order-page'],
  ['web/src/desk/ui/probe-people.ts', '../people/desk-person'],
  ['web/src/desk/desk-router.ts', './desk-app'],
];

const ALLOWED: readonly (readonly [file: string, imports: string])[] = [
  ['web/src/features/cart/probe-lib.tsx', '../../lib/router'],
  ['web/src/features/cart/probe.test.tsx', '../../app/providers'],
  ['web/src/app/probe.tsx', '../features/cart/cart-context'],
  ['server/security/probe-lib.ts', '../lib/api-support'],
  ['server/orders/probe-floor.ts', '../security/install'],
  ['server/quotes/probe-face.ts', '../orders'],
  ['server/security/probe.test.ts', '../orders/order-store'],
  ['server/db/probe-lib.ts', '../lib/lazy-module'],
  ['server/orders/probe.test.ts', '../../tests/support/test-app'],
  ['web/src/features/catalogue-snapshot/probe-domain.ts', '../../../../domain/catalogue/snapshot'],
  ['web/src/features/cart/probe-snapshot.ts', '../catalogue-snapshot'],
  ['web/src/features/settings/probe-snapshot.ts', '../catalogue-snapshot'],
  ['web/src/features/cart/probe-components.ts', '../../components/ui/product-status'],
  ['web/src/features/making/probe-cart.ts', '../cart'],
  ['web/src/features/checkout/probe-cart.ts', '../cart'],
  ['web/src/features/checkout/probe-making.ts', '../making'],
  ['web/src/features/reviews/probe-checkout.ts', '../checkout'],
  ['web/src/features/catalogue/probe-cart.ts', '../cart'],
  ['web/src/features/catalogue/probe-reviews.ts', '../reviews'],
  ['web/src/features/cart/probe-catalogue.test.tsx', '../catalogue/product-card'],
  ['web/src/components/ui/probe-lib.ts', '../../lib/after-next-paint'],
  ['web/src/features/making/probe-face.ts', '../catalogue-snapshot'],
  ['web/src/features/checkout/probe-face.ts', '../events'],
  ['web/src/features/catalogue/probe-face.ts', '../wishlist'],
  ['web/src/features/cart/probe-throwaway-face.ts', '../throwaway-probe'],
  ['web/src/features/throwaway-probe/probe-lib.ts', '../../lib/router'],
  ['web/src/features/throwaway-probe/probe-own.ts', './inner'],
  ['server/gift-cards/probe-face.ts', '../orders'],
  ['server/gift-cards/probe-floor.ts', '../lib/api-support'],
  ['server/gift-cards/probe-domain.ts', '../../domain/shared/money'],
  ['server/customers/probe-people.ts', '../people'],
  ['server/security/probe-config.ts', '../config'],
  ['server/probe-root.ts', '../domain/config'],
  ['domain/settings/probe-catalogue.ts', '../catalogue/snapshot'],
  ['domain/catalogue/probe-shared.ts', '../shared/custom-line'],
  ['domain/orders/probe-config.ts', '../config'],
  ['domain/catalogue/probe.test.ts', '../settings/storefront-settings'],
  ['web/src/desk/fulfilment/probe-returns.ts', '../returns/order-returns'],
  ['web/src/desk/customers/probe-routes.ts', '../routes/fulfilment'],
  ['web/src/desk/quotes/probe-enquiries.ts', '../enquiries/enquiries-api'],
  ['web/src/desk/returns/probe-gift-cards.ts', '../gift-cards/gift-card-refund-choice'],
  ['web/src/desk/enquiries/probe.test.tsx', '../quotes/quotes-api'],
  ['web/src/desk/desk-app.tsx', './fulfilment/screens'],
];

/** Two modules that import each other. */
const CYCLE = ['web/src/features/cart/cycle-a.ts', 'web/src/features/cart/cycle-b.ts'] as const;

const Report = z.object({
  diagnostics: z.array(z.object({ category: z.string(), location: z.object({ path: z.string() }) })),
});

let dir = '';
/** The rule each scratch file broke, by file. */
const broken = new Map<string, string[]>();

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'solas-imports-'));
  const config = JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8')) as Record<string, unknown>;
  delete config.$schema;
  write('biome.json', JSON.stringify(config));
  for (const [file, target] of [...FORBIDDEN, ...ALLOWED]) {
    write(file, `import { value } from '${target}';\n\nexport const probe = value;\n`);
  }
  write(CYCLE[0], "import { b } from './cycle-b';\n\nexport const a = (): unknown => b;\n");
  write(CYCLE[1], "import { a } from './cycle-a';\n\nexport const b = (): unknown => a;\n");
  const run = spawnSync(BIOME, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
    cwd: dir,
    encoding: 'utf8',
  });
  for (const { category, location } of Report.parse(JSON.parse(run.stdout)).diagnostics) {
    broken.set(location.path, [...(broken.get(location.path) ?? []), category]);
  }
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('import direction (biome.json)', () => {
  it.each(FORBIDDEN)('%s may not import %s', (file) => {
    expect(broken.get(file)).toContain('lint/style/noRestrictedImports');
  });

  it.each(ALLOWED)('%s may import %s', (file) => {
    expect(broken.get(file) ?? []).not.toContain('lint/style/noRestrictedImports');
  });

  it('an import cycle is an error', () => {
    for (const file of CYCLE) expect(broken.get(file)).toContain('lint/suspicious/noImportCycles');
  });

  it("names no server feature, and the platform's folders as scripts/features.ts does", () => {
    // The server's rules read "every folder but the platform's": a feature named by hand would be the
    // start of a list that the next feature is missing from.
    const { overrides } = z
      .object({ overrides: z.array(z.object({ includes: z.array(z.string()) }).loose()) })
      .parse(JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8')));
    const server = overrides.filter(({ includes }) => includes[0]?.startsWith('server/'));
    const floor = server.find(({ includes }) => includes.length > 2)?.includes ?? [];
    const named = floor.flatMap((glob) => /^server\/(\w+)\/\*\*$/.exec(glob)?.slice(1) ?? []);
    expect(named.sort()).toEqual([...PLATFORM_FOLDERS].sort());
    const text = JSON.stringify(server);
    for (const folder of PLATFORM_FOLDERS) expect(text).toContain(`"!../${folder}/**"`);
    for (const feature of serverFeatures(ROOT)) expect(text).not.toContain(`"../${feature}`);
  });

  it('names no storefront feature in the rule that a feature is reached through its face', () => {
    // Every folder under web/src/features is a feature: the rule globs them, so a new one is covered.
    const Override = z.object({
      includes: z.array(z.string()),
      linter: z.unknown().optional(),
    });
    const { overrides } = z
      .object({ overrides: z.array(Override.loose()) })
      .parse(JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8')));
    const faces = overrides
      .filter(({ includes }) => includes[0]?.startsWith('web/src/features/'))
      .flatMap(({ linter }) =>
        z
          .object({
            rules: z.object({
              style: z.object({
                noRestrictedImports: z.object({
                  options: z.object({
                    patterns: z.array(z.object({ group: z.array(z.string()), message: z.string() })),
                  }),
                }),
              }),
            }),
          })
          .parse(linter)
          .rules.style.noRestrictedImports.options.patterns.filter(({ message }) =>
            message.includes('public face'),
          ),
      );
    expect(faces.length).toBeGreaterThan(0);
    for (const { group } of faces) expect(group).toEqual(['../*/**', '!../../**']);
  });

  it('holds the floors of domain/ and the desk as scripts/floors.ts lists them, every folder on one', () => {
    // A folder on no floor would import anything and be imported by anything: a new one is placed first.
    for (const building of BUILDINGS) {
      const placed = building.floors.flat();
      expect(new Set(placed).size).toBe(placed.length);
      expect(
        roomsOf(ROOT, building)
          .map(({ name }) => name)
          .filter((name) => !placed.includes(name)),
      ).toEqual([]);
    }
    const { overrides } = z
      .object({ overrides: z.array(z.unknown()) })
      .parse(JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8')));
    // `npx tsx scripts/floors.ts --write` writes them again after a floor changes.
    expect(overrides.filter(isFloorOverride)).toEqual(allFloorOverrides(ROOT));
  });
});
