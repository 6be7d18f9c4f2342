// Bundle budgets (docs/product.md §9.2), checked on the real build in `npm test`:
// - initial JS for the home page (entry + its static imports + the home page chunk) <= 95 KB gzip;
// - every other route's own chunk (its page module + static imports not already in the shell) <= 25 KB gzip.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readManifest } from './build-manifest.mjs';

const WEB = path.resolve(process.argv[2] ?? 'dist/web');
const BUDGET_HOME = 95 * 1024;
const BUDGET_ROUTE = 25 * 1024;

const { manifest, entryKey, closure } = readManifest(WEB);
const gz = new Map();
const gzipSize = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(WEB, file)), { level: 9 }).length);
  return gz.get(file);
};

const shell = closure(entryKey);
const pageKeys = Object.keys(manifest).filter((k) => /^src\/pages\/.*-page\.tsx$/.test(k));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const rows = [];
let failed = false;

const homeFiles = closure('src/pages/home-page.tsx', new Set(shell));
const home = [...homeFiles].reduce((sum, f) => sum + gzipSize(f), 0);
rows.push(['home (shell + home page)', home, BUDGET_HOME]);

for (const key of pageKeys) {
  if (key === 'src/pages/home-page.tsx') continue;
  const own = [...closure(key)].filter((f) => !shell.has(f));
  const size = own.reduce((sum, f) => sum + gzipSize(f), 0);
  rows.push([key.replace('src/pages/', ''), size, BUDGET_ROUTE]);
}

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
