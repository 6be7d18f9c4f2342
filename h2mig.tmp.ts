import { execSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { declareShop } from './server/app';
import { openDatabase } from './server/db/database';
declareShop();
import { createRequire } from 'node:module';
const pgm = createRequire(import.meta.url)('pg');
const stats = { n: 0, ms: 0, slow: [] as [number, string][] };
const orig = pgm.Client.prototype.query;
pgm.Client.prototype.query = function (this: unknown, ...args: any[]) {
  const t = performance.now(); stats.n++;
  const r = orig.apply(this, args);
  const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
  if (r && typeof r.then === 'function') r.then(() => { const d = performance.now() - t; stats.ms += d; stats.slow.push([d, String(text).slice(0, 90)]); }, () => {});
  return r;
};
const which = process.argv[2] ?? 'postgres';
for (let i = 0; i < 3; i++) {
  let loc: any;
  const name = `h2mig_${process.pid}_${i}`;
  if (which === 'postgres') {
    execSync(`psql -h 127.0.0.1 -U postgres -qc "create database ${name}"`);
    loc = { dialect: 'postgres', url: `postgres://postgres@127.0.0.1:5432/${name}`, poolMax: 5 };
  } else loc = { dialect: 'sqlite', dataDir: mkdtempSync(path.join(tmpdir(), 'h2mig-')) };
  const c0 = process.cpuUsage(); const t0 = performance.now();
  const opened = await openDatabase(loc);
  const t = performance.now() - t0; const c = process.cpuUsage(c0);
  console.log(which, 'open+migrate', Math.round(t), 'ms wall', Math.round((c.user + c.system) / 1000), 'ms cpu', opened.applied.length, 'migrations');
  await opened.close();
  console.log('queries', stats.n, 'sum ms', Math.round(stats.ms));
  stats.slow.sort((a, b) => b[0] - a[0]); if (i === 2) for (const [d, t] of stats.slow.slice(0, 15)) console.log(d.toFixed(1), t);
  stats.n = 0; stats.ms = 0; stats.slow = [];
  if (which === 'postgres') execSync(`psql -h 127.0.0.1 -U postgres -qc "drop database ${name}"`);
}
