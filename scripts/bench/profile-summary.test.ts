import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type CpuProfile, formatSummary, summariseProfile } from './profile-summary';

const frame = (id: number, functionName: string, url: string, children: number[] = []) => ({
  id,
  callFrame: { functionName, url },
  children,
});

/**
 * root -> route handler (shop code) -> Kysely's SQLite driver -> node:sqlite's native `run` (no url)
 *      -> route handler -> pino -> JSON.stringify (native)
 *      -> (idle)
 */
const PROFILE: CpuProfile = {
  startTime: 1_000,
  nodes: [
    frame(1, '(root)', '', [2, 6]),
    frame(2, 'handler', 'file:///app/server/routes/checkout.ts', [3, 7]),
    frame(3, 'executeQuery', 'file:///app/node_modules/kysely/dist/esm/dialect/sqlite/sqlite-driver.js', [4]),
    frame(4, 'run', ''),
    frame(6, '(idle)', ''),
    frame(7, 'LOG', 'file:///app/node_modules/pino/lib/tools.js', [8]),
    frame(8, 'stringify', ''),
  ],
  // Sample times: 1100 (run), 1200 (run), 1300 (stringify), 1400 (idle), 1500 (handler), 2500 (run)
  samples: [4, 4, 8, 6, 2, 4],
  timeDeltas: [100, 100, 100, 100, 100, 1000],
};

describe('summariseProfile', () => {
  it('charges native frames to the innermost categorised caller and leaves idle time out', () => {
    const s = summariseProfile(PROFILE);
    const byCategory = Object.fromEntries(s.rows.map((r) => [r.category, r.ms]));
    expect(byCategory).toEqual({
      'SQL (driver, SQLite/PostgreSQL)': 1.2,
      logging: 0.1,
      'other shop code': 0.1,
    });
    expect(s.totalMs).toBeCloseTo(1.5);
    expect(s.busyMs).toBeCloseTo(1.4);
    expect(s.rows[0]?.share).toBeCloseTo(1.2 / 1.4);
  });

  it('keeps only the samples inside the window', () => {
    const s = summariseProfile(PROFILE, { fromUs: 1_150, toUs: 1_550 });
    const byCategory = Object.fromEntries(s.rows.map((r) => [r.category, r.ms]));
    expect(byCategory).toEqual({
      'SQL (driver, SQLite/PostgreSQL)': 0.1,
      logging: 0.1,
      'other shop code': 0.1,
    });
  });

  it('prints the share and the CPU per request', () => {
    const lines = formatSummary(summariseProfile(PROFILE), 2);
    expect(lines[0]).toBe('busy 1 ms of 2 ms profiled');
    expect(lines[1]).toMatch(/^SQL \(driver, SQLite\/PostgreSQL\)\s+85\.7%\s+600 µs\/request$/);
  });

  it('charges a frame of the server bundle by the source file its line falls in', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'profile-summary-'));
    try {
      const bundle = path.join(dir, 'main.mjs');
      // esbuild's region comments, as the server bundle has them.
      writeFileSync(
        bundle,
        [
          '// server/db/native-sqlite.ts',
          'function run() {}',
          '',
          '// server/checkout/checkout-service.ts',
          'x',
          '// node_modules/kysely/dist/esm/query-compiler/default-query-compiler.js',
          'y',
        ].join('\n'),
      );
      const url = pathToFileURL(bundle).href;
      const inBundle = (id: number, name: string, lineNumber: number, children: number[] = []) => ({
        id,
        callFrame: { functionName: name, url, lineNumber },
        children,
      });
      const s = summariseProfile({
        startTime: 0,
        nodes: [
          frame(1, '(root)', '', [2]),
          inBundle(2, 'checkout', 4, [3, 5]),
          inBundle(3, 'run', 1, [4]),
          frame(4, 'run', ''),
          inBundle(5, 'compileQuery', 6),
        ],
        samples: [4, 2, 2, 5],
        timeDeltas: [300, 100, 100, 100],
      });
      expect(Object.fromEntries(s.rows.map((r) => [r.category, r.ms]))).toEqual({
        'SQL (driver, SQLite/PostgreSQL)': 0.3,
        'checkout and order services': 0.2,
        'SQL building (Kysely)': 0.1,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
