/**
 * Which way imports run inside domain/ and inside the desk (docs/architecture.md, "Imports"): each folder
 * (or file at the top of the tree) stands on a floor, and imports only what stands on a lower floor, never
 * its own floor or one above. So no two folders import each other, and a folder's pieces that another
 * needs live below both of them.
 *
 * biome.json holds the rule (noRestrictedImports, one override per floor); its overrides are written from
 * the lists here: `npx tsx scripts/floors.ts --write` after moving a folder or adding one, and
 * scripts/import-direction.test.ts fails when biome.json and these lists differ, or when a folder stands
 * on no floor.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A tree whose imports run one way: its floors from the ground up, folders and top-level files alike. */
export interface Building {
  /** The tree's folder, from the repository's root. */
  readonly root: string;
  /** Each floor's folders, and its top-level modules by name without extension (`config`). */
  readonly floors: readonly (readonly string[])[];
  /** The patterns every file of the tree keeps besides the floors' (biome.json's override for the tree). */
  readonly base: readonly Pattern[];
  /** Why, in the lint's message. */
  readonly message: string;
}

interface Pattern {
  readonly group: readonly string[];
  readonly message: string;
}

const SERVER: Pattern = {
  group: ['**/server/**'],
  message: 'domain/ and web/ never import server/: code both sides need lives in domain/.',
};

export const DOMAIN: Building = {
  root: 'domain',
  floors: [
    ['shared', 'payments', 'routes'],
    ['config', 'customers', 'gift-cards', 'media', 'people', 'reviews', 'vat', 'wishlist'],
    ['compare', 'customs', 'enquiries', 'materials', 'numbers', 'recently-viewed'],
    ['catalogue'],
    ['cart', 'exchanges', 'newsletter'],
    ['offers'],
    ['checkout'],
    ['making', 'quotes'],
    ['orders', 'settings'],
    ['pages', 'shipping'],
  ],
  base: [
    { group: ['**/web/**'], message: 'domain/ is shared by browser and server and imports nothing of web/.' },
    SERVER,
  ],
  message:
    'domain/ imports run one way (docs/architecture.md, scripts/floors.ts): a folder imports only lower floors; move what both need down, to the lower folder or to shared.',
};

export const DESK: Building = {
  root: 'web/src/desk',
  floors: [
    ['desk-api', 'desk-router', 'desk-test-fixtures'],
    ['desk-screens', 'routes', 'ui'],
    ['customers', 'enquiries', 'gift-cards', 'materials', 'newsletter', 'offers', 'people', 'reviews', 'vat'],
    ['catalogue', 'customs', 'exchanges', 'numbers', 'returns', 'settings', 'shipping'],
    ['making', 'manual-orders', 'quotes'],
    ['fulfilment'],
    ['desk-app'],
    ['main'],
  ],
  base: [SERVER],
  message:
    "The desk's imports run one way (docs/architecture.md, scripts/floors.ts): a folder imports only lower floors; links go through desk/routes/, shared pieces move down.",
};

export const BUILDINGS: readonly Building[] = [DOMAIN, DESK];

const TESTS = ['!**/*.test.ts', '!**/*.test.tsx'];

/** A room of a building: a folder, or a module at its top (`file` its name with the extension). */
interface Room {
  readonly name: string;
  readonly file?: string;
}

/** The folders and top-level modules of `building` as they stand in `repoRoot`, tests and styles aside. */
export function roomsOf(repoRoot: string, building: Building): Room[] {
  return readdirSync(path.join(repoRoot, building.root), { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() || (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)),
    )
    .map((entry) =>
      entry.isDirectory()
        ? { name: entry.name }
        : { name: entry.name.replace(/\.tsx?$/, ''), file: entry.name },
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** biome.json's overrides for one building: per floor, one for its folders and one for its top-level files. */
export function floorOverrides(building: Building, rooms: readonly Room[]): unknown[] {
  const byName = new Map(rooms.map((room) => [room.name, room]));
  return building.floors.flatMap((floor, level) => {
    // A room may not import its own floor or any above it.
    const above = building.floors.slice(level).flat();
    const forbidden = (prefix: string) =>
      above.flatMap((name) =>
        byName.get(name)?.file === undefined
          ? [`${prefix}${name}`, `${prefix}${name}/**`]
          : [`${prefix}${name}`],
      );
    const here = floor.flatMap((name) => byName.get(name) ?? []);
    const folders = here.filter((room) => room.file === undefined);
    const files = here.flatMap((room) => room.file ?? []);
    return [
      ...(folders.length > 0
        ? [
            override(
              [...folders.map(({ name }) => `${building.root}/${name}/**`), ...TESTS],
              building,
              forbidden('../'),
            ),
          ]
        : []),
      ...(files.length > 0
        ? [override([...files.map((file) => `${building.root}/${file}`)], building, forbidden('./'))]
        : []),
    ];
  });
}

function override(includes: string[], building: Building, group: string[]): unknown {
  return {
    includes,
    linter: {
      rules: {
        style: {
          noRestrictedImports: {
            level: 'error',
            options: { patterns: [...building.base, { group, message: building.message }] },
          },
        },
      },
    },
  };
}

/** The overrides biome.json should hold for every building, in order. */
export function allFloorOverrides(repoRoot: string): unknown[] {
  return BUILDINGS.flatMap((building) => floorOverrides(building, roomsOf(repoRoot, building)));
}

/** Whether an override of biome.json is one of the floors' (so --write replaces it). */
export function isFloorOverride(value: unknown): boolean {
  const text = JSON.stringify(value);
  return BUILDINGS.some((building) => text.includes(JSON.stringify(building.message)));
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--write')) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const file = path.join(root, 'biome.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as { overrides: unknown[] };
  const kept = config.overrides.filter((value) => !isFloorOverride(value));
  // The floors' overrides follow the tree-wide ones they repeat (domain/**, web/**), so they win.
  config.overrides = [...kept, ...allFloorOverrides(root)];
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
}
