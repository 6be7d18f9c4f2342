/**
 * A feature meets another only through what its plugin declares (server/lib/feature-plugin.ts): the other
 * features' faces are read from the app once, at registration, and handed in. This scans the server's
 * code (tests aside) and fails on any read of a feature from the app (`app.orders`, `request.server.settings`),
 * in a handler or anywhere else, so a new tie is declared where the plugin lists what it needs. The
 * features are the folders under server/ (scripts/features.ts). A feature on top (`ON_TOP`) is imported
 * by no other server code: app.ts alone registers it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { serverFeatures } from '../scripts/features';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** A feature decorates the app under its folder's name, camel-cased (gift-cards: `app.giftCards`). */
const decoratorOf = (folder: string) => folder.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const FEATURES = serverFeatures(ROOT).map(decoratorOf);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every read of a feature from the app in `code`, as `app.feature.member`; comments and types aside. */
function featureReads(code: string, features: readonly string[] = FEATURES): string[] {
  // esbuild drops the comments and the types, and writes each member chain on one line.
  const js = transformSync(code, { loader: 'ts' }).code;
  const names = features.join('|');
  const receiver = String.raw`\b(?:app|fastify|instance|server)`;
  const dotted = new RegExp(String.raw`${receiver}\.(${names})\b(?:\.(\w+))?`, 'g');
  const indexed = new RegExp(String.raw`${receiver}\[["'\x60](${names})["'\x60]\]`, 'g');
  return [
    ...[...js.matchAll(dotted)].map(([, feature, member]) => `app.${feature}${member ? `.${member}` : ''}`),
    ...[...js.matchAll(indexed)].map(([, feature]) => `app.${feature}`),
  ].sort();
}

const reads = new Map(
  sourceFiles(path.join(ROOT, 'server'))
    .map(
      (file) =>
        [
          path.relative(ROOT, file).split(path.sep).join('/'),
          featureReads(readFileSync(file, 'utf8')),
        ] as const,
    )
    .filter(([, found]) => found.length > 0),
);

describe('features meet through declared needs', () => {
  it('the scan sees a read, and not a comment, a type or a declared need', () => {
    const code = [
      '// app.orders is not read here',
      'type Face = typeof app.payments;',
      'const seller = app.settings.seller;',
      'const calendar = request.server.settings.calendar;',
      "const queue = app['making'];",
      'const cards = fastify.giftCards.service;',
      'const { catalogue } = uses;',
    ].join('\n');
    const features = ['catalogue', 'gift-cards', 'making', 'orders', 'payments', 'settings'].map(decoratorOf);
    expect(featureReads(code, features)).toEqual([
      'app.giftCards.service',
      'app.making',
      'app.settings.calendar',
      'app.settings.seller',
    ]);
  });

  it('no code reads a feature from the app: its plugin declares what it needs', () => {
    const stray = [...reads].flatMap(([file, found]) => found.map((r) => `${file}: ${r}`));
    expect(stray).toEqual([]);
  });
});

describe('each feature types its own tables', () => {
  /** The table names a `tables.ts` adds to `Database` (its `declare module '../db/schema'` block). */
  function typedTables(code: string): string[] {
    const block = /interface Database \{([^}]*)\}/.exec(code)?.[1] ?? '';
    return [...block.matchAll(/^\s*(\w+):/gm)].map(([, name]) => name ?? '').sort();
  }

  it('the tables a feature declares are the tables its tables.ts adds to Database, and no other', async () => {
    const { FEATURES } = await import('./app');
    const mismatched = FEATURES.flatMap((feature) => {
      const declared = Object.keys(feature.tables ?? {}).sort();
      const file = path.join(ROOT, 'server', feature.name, 'tables.ts');
      const typed = declared.length === 0 ? [] : typedTables(readFileSync(file, 'utf8'));
      return typed.join() === declared.join()
        ? []
        : [`${feature.name}: declares ${declared}, types ${typed}`];
    });
    expect(mismatched).toEqual([]);
  });
});

describe('a feature on top is imported by no other', () => {
  /** Features no other feature may import: they use the ones below them, and only app.ts registers them. */
  const ON_TOP = ['manual-orders'];

  it('no other server code imports a feature on top; app.ts alone registers it', () => {
    const stray = sourceFiles(path.join(ROOT, 'server')).flatMap((file) => {
      const from = path.relative(ROOT, file).split(path.sep).join('/');
      if (from === 'server/app.ts') return [];
      const specifiers = [...readFileSync(file, 'utf8').matchAll(/from\s+['"](\.[^'"]*)['"]/g)];
      return specifiers.flatMap(([, specifier]) => {
        const target = path.relative(
          path.join(ROOT, 'server'),
          path.resolve(path.dirname(file), specifier ?? ''),
        );
        const feature = target.split(path.sep)[0] ?? '';
        const own = from.startsWith(`server/${feature}/`);
        return ON_TOP.includes(feature) && !own ? [`${from}: ${specifier}`] : [];
      });
    });
    expect(stray).toEqual([]);
  });
});
