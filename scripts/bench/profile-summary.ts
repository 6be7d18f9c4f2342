// What a V8 CPU profile (`node --cpu-prof`) of the server spends its time on, in the checkout's cost categories:
// validation, pricing, logging, SQL building, SQL, provider, headers, plus the HTTP stack and the engine.
//
//   npx tsx scripts/bench/profile-summary.ts <file.cpuprofile> [requests]
//
// Each sample is charged to the innermost frame on its stack that belongs to a category (a native call
// such as node:sqlite's `run` has no script, so it is charged to the shop's SQLite module that called
// it; JSON.stringify inside pino counts as logging). `bench:api --profile` writes such a profile of the
// checkout and prints this table with the CPU per request. The server runs as one bundle: a frame in it
// is charged by the source file esbuild's region comment (`// server/db/native-sqlite.ts`) names above
// its line (a package bundled with it too), so the shop's modules fall into their categories.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber?: number };
  readonly children?: readonly number[];
}
export interface CpuProfile {
  readonly startTime: number;
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** First match wins for a frame; frames are tried from the innermost outwards. */
const CATEGORIES: readonly (readonly [string, RegExp])[] = [
  [
    'validation (zod, checkout request)',
    /node_modules\/zod\/|fastify-type-provider-zod|server\/lib\/validation|domain\/checkout\/checkout-request|domain\/.*schema/,
  ],
  [
    'pricing',
    /domain\/(pricing|money|catalog|products|config|offers|vat|shared\/(money|allocation))|domain\/checkout\/priced-order|server\/checkout\/pricing|server\/vat\//,
  ],
  [
    'logging',
    /node_modules\/(pino|sonic-boom|thread-stream|fast-redact|pino-std-serializers)\/|server\/ops\/logging/,
  ],
  [
    'SQL (driver, SQLite/PostgreSQL)',
    /node_modules\/(pg|pg-protocol|pg-pool)\/|kysely\/dist\/\w+\/dialect\/(sqlite|postgres)\/\w+-driver|server\/db\/(database|native-sqlite|group-commit)/,
  ],
  ['SQL building (Kysely)', /node_modules\/kysely\/|server\/db\/prepared-insert/],
  ['provider (test checkout)', /server\/payments\//],
  ['checkout and order services', /server\/(orders|checkout)\//],
  [
    'security headers',
    /node_modules\/(helmet|@fastify\/helmet)\/|server\/security\/(headers|helmet|install|csp)/,
  ],
  ['rate limit', /node_modules\/@fastify\/rate-limit\/|server\/security\/rate-limit/],
  ['other shop code', /\/server\/|\/domain\//],
  [
    'Fastify (routing, parsing, reply)',
    /node_modules\/(fastify|find-my-way|fast-json-stringify|secure-json-parse|avvio|light-my-request|@fastify\/)/,
  ],
  ['Node HTTP and sockets', /^node:(_http|http|net|stream|internal\/(http|streams|stream_base|net))/],
  ['garbage collection', /^\(garbage collector\)$/],
  ['idle', /^\(idle\)$/],
];

/** esbuild's region comments of a bundle: the line each source file's code starts at, in order. */
const REGION = /^\/\/ ((?:server|domain|scripts|node_modules)\/\S+\.(?:tsx?|m?js))$/;
const bundles = new Map<string, readonly (readonly [number, string])[]>();
function regionsOf(url: string): readonly (readonly [number, string])[] {
  let regions = bundles.get(url);
  if (!regions) {
    const found: [number, string][] = [];
    try {
      readFileSync(fileURLToPath(url), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const m = REGION.exec(line);
          if (m?.[1]) found.push([i, m[1]]);
        });
    } catch {
      // Not on this machine (a profile from elsewhere): its frames keep the bundle's own address.
    }
    regions = found;
    bundles.set(url, regions);
  }
  return regions;
}

/** A frame's address for the categories: in a bundle, `/<source file>` of its line. */
function frameKey(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName;
  if (!frame.url.startsWith('file:') || !frame.url.endsWith('.mjs') || frame.lineNumber === undefined)
    return frame.url;
  let source: string | undefined;
  for (const [line, file] of regionsOf(frame.url)) {
    if (line > frame.lineNumber) break;
    source = file;
  }
  return source ? `/${source}` : frame.url;
}

export interface ProfileSummary {
  readonly totalMs: number;
  readonly busyMs: number;
  readonly rows: readonly { readonly category: string; readonly ms: number; readonly share: number }[];
}

/**
 * `window`: only the samples taken between these two instants, in microseconds of the monotonic clock
 * (V8 stamps samples with it, and `process.hrtime` of any process on the machine reads the same clock), so
 * a profile of a whole server life can be cut to the seconds a load run lasted.
 */
export function summariseProfile(
  profile: CpuProfile,
  window?: { readonly fromUs: number; readonly toUs: number },
): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const categoryOf = new Map<number, string>();
  const classify = (id: number): string => {
    const cached = categoryOf.get(id);
    if (cached) return cached;
    let at: number | undefined = id;
    let found = 'other (V8, Node internals)';
    while (at !== undefined) {
      const frame = byId.get(at)?.callFrame;
      const key = frame ? frameKey(frame) : '';
      const hit = CATEGORIES.find(([, re]) => re.test(key));
      if (hit) {
        found = hit[0];
        break;
      }
      at = parent.get(at);
    }
    categoryOf.set(id, found);
    return found;
  };
  const totals = new Map<string, number>();
  let totalUs = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    if (window && (at < window.fromUs || at > window.toUs)) return;
    totalUs += us;
    const category = classify(id);
    totals.set(category, (totals.get(category) ?? 0) + us);
  });
  const idleUs = totals.get('idle') ?? 0;
  const busyUs = totalUs - idleUs;
  const rows = [...totals]
    .filter(([category]) => category !== 'idle')
    .map(([category, us]) => ({ category, ms: us / 1000, share: busyUs > 0 ? us / busyUs : 0 }))
    .sort((a, b) => b.ms - a.ms);
  return { totalMs: totalUs / 1000, busyMs: busyUs / 1000, rows };
}

/** The table, with CPU per request when the number of requests the profile covers is known. */
export function formatSummary(summary: ProfileSummary, requests?: number): string[] {
  const lines = [`busy ${summary.busyMs.toFixed(0)} ms of ${summary.totalMs.toFixed(0)} ms profiled`];
  for (const r of summary.rows) {
    const perRequest = requests ? `  ${((r.ms * 1000) / requests).toFixed(0).padStart(5)} µs/request` : '';
    lines.push(`${r.category.padEnd(36)} ${(r.share * 100).toFixed(1).padStart(5)}%${perRequest}`);
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, requests] = process.argv.slice(2);
  if (!file) {
    console.error('usage: tsx scripts/bench/profile-summary.ts <file.cpuprofile> [requests]');
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  for (const line of formatSummary(summariseProfile(profile), requests ? Number(requests) : undefined)) {
    console.log(line);
  }
}
