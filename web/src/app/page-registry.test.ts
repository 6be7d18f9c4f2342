// @vitest-environment jsdom
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTE_IDS } from '../../../domain/routes';
import { pageComponent, pageModuleId, preloadPage } from './page-registry';

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('page registry', () => {
  it.each(ROUTE_IDS)('%s: its page loads, and the prerenderer finds its module in the build', async (id) => {
    const module = (await preloadPage(id)) as { default: unknown };
    expect(module.default).toBeTypeOf('function');
    // Preloaded before its first render: the page renders directly, never suspending hydration.
    expect(pageComponent(id)).toBe(module.default);
    // Module ids are relative to web/, as in dist/web/.vite/manifest.json.
    expect(pageModuleId(id)).toMatch(/^src\/pages\/[\w/-]+-page\.tsx$/);
    expect(existsSync(path.join(WEB_DIR, pageModuleId(id)))).toBe(true);
  });
});
