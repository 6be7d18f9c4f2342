// Bundle budgets (docs/product/quality-budgets.md §9.2), checked on the real build in `npm test`:
// - initial JS for the home page (entry + its static imports + the home page chunk) <= 95 KB gzip;
// - every other route's own chunk (its page module + static imports not already in the shell) <= 25 KB gzip.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readManifest } from '../server/pages/build-manifest';

const WEB = path.resolve(process.argv[2] ?? 'dist/web');
const BUDGET_HOME = 95 * 1024;
const BUDGET_ROUTE = 25 * 1024;
/** The home page's module in the manifest (web/src/app/page-registry.tsx names every page's module). */
const HOME_PAGE = 'src/pages/home-page.tsx';

const { manifest, entryKey, closure } = readManifest(WEB);
const gz = new Map<string, number>();
const gzipSize = (file: string): number => {
  let size = gz.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(WEB, file)), { level: 9 }).length;
    gz.set(file, size);
  }
  return size;
};
const sum = (files: Iterable<string>): number => [...files].reduce((total, f) => total + gzipSize(f), 0);

const shell = closure(entryKey);
const pageKeys = Object.keys(manifest).filter((k) => /^src\/pages\/.*-page\.tsx$/.test(k));
const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
const rows: [name: string, size: number, budget: number][] = [];

rows.push(['home (shell + home page)', sum(closure(HOME_PAGE, new Set(shell))), BUDGET_HOME]);
for (const key of pageKeys) {
  if (key === HOME_PAGE) continue;
  const own = [...closure(key)].filter((f) => !shell.has(f));
  rows.push([key.replace('src/pages/', ''), sum(own), BUDGET_ROUTE]);
}

let failed = false;
for (const [name, size, budget] of rows) {
  const ok = size <= budget;
  if (!ok) failed = true;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${name.padEnd(44)} ${kb(size).padStart(9)} / ${kb(budget)}`);
}
if (failed) {
  console.error('check-size: a bundle budget is exceeded');
  process.exit(1);
}
console.log('check-size: all bundle budgets met');
