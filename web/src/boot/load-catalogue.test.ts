// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_CATALOGUE_URL } from '../../../domain/catalogue/catalogue-url';
import { seedSnapshot } from '../../../domain/catalogue/seed';
import { loadCatalogue } from './load-catalogue';
import { CATALOGUE_ATTRIBUTE } from './protocol';

afterEach(() => vi.unstubAllGlobals());

describe('loadCatalogue', () => {
  it("tries the newest snapshot again when the page's own file and the first try fail", async () => {
    const asked: string[] = [];
    let currentTries = 0;
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      const ok = url === CURRENT_CATALOGUE_URL && ++currentTries === 2;
      return new Response(ok ? JSON.stringify(seedSnapshot()) : '{"ok":false}', { status: ok ? 200 : 404 });
    });
    const root = document.createElement('div');
    root.setAttribute(CATALOGUE_ATTRIBUTE, '/catalogue/gone.json');
    const loaded = await loadCatalogue(root, '/shop');
    expect(asked).toEqual(['/catalogue/gone.json', CURRENT_CATALOGUE_URL, CURRENT_CATALOGUE_URL]);
    expect(loaded.rendered).toBe(false);
    expect(loaded.snapshot.products).toHaveLength(27);
  });
});
