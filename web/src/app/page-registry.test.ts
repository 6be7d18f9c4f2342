import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE_SOURCES } from './page-registry';

describe('PAGE_SOURCES', () => {
  it('names the module each route actually imports', () => {
    const source = readFileSync(new URL('./page-registry.tsx', import.meta.url), 'utf8');
    const loaders = source.slice(0, source.indexOf('PAGE_SOURCES'));
    const imports = [
      ...loaders.matchAll(
        /^ {2}'?([\w-]+)'?:\s*(?:\(\) =>\s*)?(?:\(\) => )?import\('\.\.\/pages\/([\w/-]+)'\)/gm,
      ),
    ].map(([, id, page]) => [id, `src/pages/${page}.tsx`]);
    expect(imports.length).toBeGreaterThan(15);
    expect(Object.fromEntries(imports)).toEqual(PAGE_SOURCES);
  });
});
