// `npm run soak [-- --instances=N --database=sqlite|postgres]`: a bounded soak test of the real server on
// loopback (docs/security.md, figures). Starts the built shop behind nginx (tests/support/cluster.ts,
// deploy/nginx/): one instance on SQLite in a fresh DATA_DIR by default, or N instances on a fresh
// PostgreSQL schema at TEST_DATABASE_URL (--database=postgres; several instances need it), all with
// RATE_LIMITS=off, after `npm run migrate`. Sends mixed traffic at
// a steady rate (page loads and files, checkouts, test-checkout payments, confirmations, newsletter
// sign-ups, health checks), then stops by itself and checks:
//   - zero 5xx and zero failed connections,
//   - latency percentiles per kind of request (p50/p95/p99 reported),
//   - each instance's RSS growth after warm-up under 10% (median of the first and last 20 s of samples),
//   - the database afterwards, read through the shop's database layer on either dialect: every paid
//     order has exactly its two e-mails, sent (and .eml files, over every instance's DATA_DIR), no
//     e-mail for an unpaid order, every payment made is a paid order, every order has its lines,
//   - a clean SIGTERM shutdown of every instance (exit 0).
// Environment: SOAK_SECONDS (default 300; 120 for the flash-sale run on PostgreSQL), SOAK_RATE requests/s (default 30), SOAK_WARMUP_SECONDS
// (default 60, at most a third of the run), WEB_DIST_DIR (default dist/web), SOAK_KEEP=1 keeps the data.
// Exit code 1 when any check fails; the report is printed and written to <data>/soak-report.json.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/database';
import { startCluster } from '../tests/support/cluster';
import { createTestDatabase } from '../tests/support/test-database';

const { values: args } = parseArgs({
  options: { instances: { type: 'string', default: '1' }, database: { type: 'string', default: 'sqlite' } },
});
const INSTANCES = Number(args.instances);
const DIALECT = args.database;
if (!Number.isInteger(INSTANCES) || INSTANCES < 1 || INSTANCES > 8) {
  console.error('soak: --instances must be a whole number from 1 to 8');
  process.exit(1);
}
if (DIALECT !== 'sqlite' && DIALECT !== 'postgres') {
  console.error('soak: --database must be sqlite or postgres');
  process.exit(1);
}
if (DIALECT === 'sqlite' && INSTANCES > 1) {
  console.error('soak: several instances share one PostgreSQL: add --database=postgres');
  process.exit(1);
}
// The flash-sale run (several instances or PostgreSQL) is 2 minutes; the long single-process soak 5.
const SECONDS = Number(process.env.SOAK_SECONDS ?? (INSTANCES > 1 || DIALECT === 'postgres' ? 120 : 300));

const RATE = Number(process.env.SOAK_RATE ?? 30);
const WARMUP = Math.min(Number(process.env.SOAK_WARMUP_SECONDS ?? 60), Math.floor(SECONDS / 3));
const DIST = path.resolve(process.env.WEB_DIST_DIR ?? 'dist/web');
const MAX_IN_FLIGHT = 200;
const RSS_WINDOW_MS = 20_000;
const RSS_LIMIT = 0.1;

if (!existsSync(path.join(DIST, 'index.html'))) {
  console.error(`soak: no build at ${DIST}; run npm run build (or set WEB_DIST_DIR)`);
  process.exit(1);
}
if (!(SECONDS > 0) || !(RATE > 0)) {
  console.error('soak: SOAK_SECONDS and SOAK_RATE must be positive numbers');
  process.exit(1);
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

function rssKb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'solas-soak-'));
const testDb = await createTestDatabase(DIALECT, path.join(dataDir, 'instance-1'));
const cluster = await startCluster({
  instances: INSTANCES,
  dir: dataDir,
  env: {
    ...testDb.env,
    WEB_DIST_DIR: DIST,
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'info',
    ADMIN_TOKEN: randomBytes(24).toString('base64url'),
    // The soak pays on the built-in test checkout, also when NODE_ENV=production is set around it.
    ALLOW_TEST_CHECKOUT: 'true',
  },
});
const base = cluster.url;
console.log(
  `soak: ${SECONDS} s at ${RATE} req/s against ${base} (nginx in front of ${INSTANCES} instance(s) on ${DIALECT}, pids ${cluster.instances.map((i) => i.pid).join(', ')}), warm-up ${WARMUP} s, data ${dataDir}`,
);

// What the front end's pages load, from the build itself.
const indexHtml = readFileSync(path.join(DIST, 'index.html'), 'utf8');
const assets = [...indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
const pagePaths = [...sitemap.matchAll(/<loc>[^<]*?(\/[^<]*)<\/loc>/g)].map(
  (m) => new URL(m[1] ?? '/', base).pathname,
);
const productIds = pagePaths.filter((p) => p.startsWith('/product/')).map((p) => p.slice('/product/'.length));
const files = [...assets, '/runtime-env.js', '/favicon.svg', '/robots.txt'];

type Zone = 'IE' | 'EU' | 'WORLD';
interface OpenSession {
  readonly sessionId: string;
  readonly zone: Zone;
}
type Action = () => Promise<unknown>;

const stats = new Map<string, { count: number; latencies: number[] }>();
const statuses = new Map<number, number>();
let failures = 0;
let fiveXx = 0;
const failureSamples: string[] = [];
const openSessions: OpenSession[] = [];
const paidSessions: string[] = [];
let paymentsMade = 0;

function record(kind: string, ms: number, status: number): void {
  let s = stats.get(kind);
  if (!s) {
    s = { count: 0, latencies: [] };
    stats.set(kind, s);
  }
  s.count += 1;
  s.latencies.push(ms);
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  if (status >= 500) {
    fiveXx += 1;
    if (failureSamples.length < 10) failureSamples.push(`${kind} -> ${status}`);
  }
}

async function timed(
  kind: string,
  url: string,
  init: RequestInit,
  expectOk: (status: number) => boolean,
): Promise<{ res: Response; body: ArrayBuffer } | null> {
  const started = performance.now();
  try {
    const res = await fetch(url, { redirect: 'manual', ...init });
    const body = await res.arrayBuffer();
    const ms = performance.now() - started;
    record(kind, ms, res.status);
    if (!expectOk(res.status) && failureSamples.length < 10) {
      failureSamples.push(
        `${kind} ${url} -> ${res.status}: ${Buffer.from(body).toString('utf8').slice(0, 200)}`,
      );
    }
    return { res, body };
  } catch (err) {
    failures += 1;
    if (failureSamples.length < 10) failureSamples.push(`${kind} ${url} -> ${(err as Error).message}`);
    return null;
  }
}

function pick<T>(list: readonly T[]): T {
  const item = list[Math.floor(Math.random() * list.length)];
  if (item === undefined) throw new Error('soak: nothing to pick from');
  return item;
}
const json = { 'content-type': 'application/json', origin: base };

async function pageLoad() {
  await timed(
    'page',
    `${base}${pick(pagePaths)}`,
    { headers: { 'accept-encoding': 'br, gzip' } },
    (s) => s === 200,
  );
}

async function fileLoad() {
  await timed(
    'file',
    `${base}${pick(files)}`,
    { headers: { 'accept-encoding': 'br, gzip' } },
    (s) => s === 200,
  );
}

async function checkout() {
  const lines = 1 + Math.floor(Math.random() * 3);
  const ids = [...new Set(Array.from({ length: lines }, () => pick(productIds)))];
  const body = {
    email: `soak-${randomBytes(4).toString('hex')}@example.ie`,
    items: ids.map((id) => ({ id, quantity: 1 + Math.floor(Math.random() * 3) })),
    giftWrap: Math.random() < 0.3,
    zone: pick<Zone>(['IE', 'IE', 'EU', 'WORLD']),
  };
  const out = await timed(
    'checkout',
    `${base}/api/checkout`,
    { method: 'POST', headers: json, body: JSON.stringify(body) },
    (s) => s === 200,
  );
  if (out?.res.status === 200) {
    const { sessionId } = JSON.parse(Buffer.from(out.body).toString('utf8')) as { sessionId: string };
    openSessions.push({ sessionId, zone: body.zone });
  }
}

const COUNTRY: Readonly<Record<Zone, string>> = { IE: 'IE', EU: 'DE', WORLD: 'US' };

async function pay(): Promise<unknown> {
  const session = openSessions.shift();
  if (!session) return checkout();
  const declined = Math.random() < 0.1;
  const form = new URLSearchParams({
    email: 'soak@example.ie',
    name: 'Soak Tester',
    line1: '1 Load Street',
    city: 'Dublin',
    postalCode: 'D01 X2Y3',
    country: COUNTRY[session.zone],
    cardNumber: declined ? '4000 0000 0000 0002' : '4242 4242 4242 4242',
    expiry: '12 / 39',
    cvc: '123',
  });
  const out = await timed(
    'pay',
    `${base}/test-checkout/${session.sessionId}/pay`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: form.toString(),
    },
    (s) => (declined ? s === 402 : s === 303),
  );
  if (!out) return;
  if (out.res.status === 303 && (out.res.headers.get('location') ?? '').includes('order-confirmation')) {
    paymentsMade += 1;
    paidSessions.push(session.sessionId);
  } else if (out.res.status === 402) {
    openSessions.push(session);
  }
}

async function confirm(): Promise<unknown> {
  const sessionId =
    paidSessions.length > 0 && Math.random() < 0.8 ? pick(paidSessions) : openSessions[0]?.sessionId;
  if (!sessionId) return pageLoad();
  await timed(
    'confirm',
    `${base}/api/orders/${sessionId}/confirm`,
    { method: 'POST', headers: json, body: '{}' },
    (s) => s === 200,
  );
}

async function newsletter() {
  const email = `news-${randomBytes(3).toString('hex')}@example.ie`;
  await timed(
    'newsletter',
    `${base}/api/newsletter`,
    { method: 'POST', headers: json, body: JSON.stringify({ email, source: 'soak' }) },
    (s) => s === 200,
  );
}

async function health() {
  await timed('health', `${base}/api/health`, {}, (s) => s === 200);
}

const MIX: readonly (readonly [share: number, action: Action])[] = [
  [0.4, pageLoad],
  [0.2, fileLoad],
  [0.12, checkout],
  [0.1, pay],
  [0.1, confirm],
  [0.05, newsletter],
  [0.03, health],
];

function nextAction(): Action {
  let r = Math.random();
  for (const [p, fn] of MIX) {
    if (r < p) return fn;
    r -= p;
  }
  return pageLoad;
}

// Each instance's RSS sampled every second.
const rss = cluster.instances.map(() => [] as { t: number; kb: number }[]);
const startedAt = Date.now();
const sampler = setInterval(() => {
  cluster.instances.forEach((instance, i) => {
    const kb = rssKb(instance.pid);
    if (kb !== null) rss[i]?.push({ t: Date.now() - startedAt, kb });
  });
}, 1_000);

// Open loop: requests start on schedule whatever the latency (bounded in flight, counted if skipped).
let inFlight = 0;
let skipped = 0;
const pending = new Set<Promise<unknown>>();
const interval = 1_000 / RATE;
let next = performance.now();
const endAt = startedAt + SECONDS * 1_000;
let lastProgress = startedAt;
while (Date.now() < endAt) {
  const now = performance.now();
  if (now < next) {
    await sleep(Math.min(next - now, 50));
    continue;
  }
  next += interval;
  if (inFlight >= MAX_IN_FLIGHT) {
    skipped += 1;
    continue;
  }
  inFlight += 1;
  const p: Promise<unknown> = nextAction()().finally(() => {
    inFlight -= 1;
    pending.delete(p);
  });
  pending.add(p);
  if (Date.now() - lastProgress >= 30_000) {
    lastProgress = Date.now();
    const done = [...stats.values()].reduce((n, s) => n + s.count, 0);
    console.log(
      `soak: ${Math.round((Date.now() - startedAt) / 1000)} s, ${done} requests, rss ${rss.map((r) => r.at(-1)?.kb ?? '?').join('/')} kB, 5xx ${fiveXx}`,
    );
  }
}
await Promise.all(pending);
clearInterval(sampler);
const elapsed = (Date.now() - startedAt) / 1000;

// Let the outbox finish, then check the database while the instances still run, through the shop's own
// database layer (SQLite's WAL lets a reader in beside the server; PostgreSQL is shared anyway).
const database = await openDatabase(testDb.location);
const { db } = database;
const count = async (query: ReturnType<typeof sql<{ n: number }>>): Promise<number> =>
  Number((await query.execute(db)).rows[0]?.n ?? 0);
for (let i = 0; i < 600; i += 1) {
  if ((await count(sql`select count(*) as n from outbox where status != 'sent'`)) === 0) break;
  await sleep(100);
}
const exits = await Promise.all(
  cluster.instances.map(async (instance) => {
    instance.kill('SIGTERM');
    return instance.exited;
  }),
);
await cluster.stop();

const checks = {
  paidOrders: await count(sql`select count(*) as n from orders where status = 'paid'`),
  paymentsMade,
  paidWithoutTwoSentEmails: await count(sql`select count(*) as n from orders o where o.status = 'paid' and (
      select count(*) from outbox m where m.order_id = o.id and m.status = 'sent'
        and m.kind in ('order-confirmation', 'owner-notification')) != 2`),
  emailsForUnpaidOrders: await count(
    sql`select count(*) as n from outbox m join orders o on o.id = m.order_id where o.status != 'paid'`,
  ),
  extraEmails: await count(
    sql`select count(*) as n from outbox where kind not in ('order-confirmation', 'owner-notification')`,
  ),
  ordersWithoutLines: await count(
    sql`select count(*) as n from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)`,
  ),
  outboxRows: await count(sql`select count(*) as n from outbox`),
  orders: await count(sql`select count(*) as n from orders`),
  newsletter: await count(sql`select count(*) as n from newsletter_signups`),
  integrity:
    database.dialect === 'sqlite'
      ? ((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows[0]
          ?.integrity_check ?? 'no answer')
      : 'ok',
};
await database.close();
await testDb.remove();
let emlFiles = 0;
for (const instance of cluster.instances) {
  try {
    emlFiles += readdirSync(path.join(instance.dataDir, 'outbox')).filter((f) => f.endsWith('.eml')).length;
  } catch {
    // this instance sent nothing
  }
}

const rssReport = rss.map((samples) => {
  const afterWarmup = samples.filter((s) => s.t >= WARMUP * 1_000);
  const baseline = median(afterWarmup.filter((s) => s.t < WARMUP * 1_000 + RSS_WINDOW_MS).map((s) => s.kb));
  const final = median(afterWarmup.filter((s) => s.t >= elapsed * 1_000 - RSS_WINDOW_MS).map((s) => s.kb));
  const growth = baseline > 0 ? (final - baseline) / baseline : 0;
  return { baseline, final, growth, peak: Math.max(0, ...samples.map((s) => s.kb)) };
});
const growth = Math.max(...rssReport.map((r) => r.growth));

const kinds: Record<string, { count: number; p50: number; p95: number; p99: number; max: number }> = {};
let total = 0;
const all: number[] = [];
for (const [kind, s] of [...stats.entries()].sort()) {
  const sorted = [...s.latencies].sort((a, b) => a - b);
  total += s.count;
  all.push(...sorted);
  kinds[kind] = {
    count: s.count,
    p50: +percentile(sorted, 50).toFixed(1),
    p95: +percentile(sorted, 95).toFixed(1),
    p99: +percentile(sorted, 99).toFixed(1),
    max: +(sorted.at(-1) ?? 0).toFixed(1),
  };
}
all.sort((a, b) => a - b);

const problems: string[] = [];
if (fiveXx > 0) problems.push(`${fiveXx} responses were 5xx`);
if (failures > 0) problems.push(`${failures} requests failed to connect or were cut`);
if (skipped > 0) problems.push(`${skipped} requests could not start (over ${MAX_IN_FLIGHT} in flight)`);
if (growth >= RSS_LIMIT)
  problems.push(`RSS grew ${(growth * 100).toFixed(1)}% after warm-up (limit ${RSS_LIMIT * 100}%)`);
if (checks.paidOrders !== checks.paymentsMade)
  problems.push(`payments made ${checks.paymentsMade} != paid orders ${checks.paidOrders}`);
if (checks.paidWithoutTwoSentEmails > 0)
  problems.push(`${checks.paidWithoutTwoSentEmails} paid orders without exactly two sent e-mails`);
if (checks.emailsForUnpaidOrders > 0 || checks.extraEmails > 0)
  problems.push('e-mails for unpaid orders or of unknown kinds');
if (checks.ordersWithoutLines > 0) problems.push(`${checks.ordersWithoutLines} orders without lines`);
if (checks.outboxRows !== 2 * checks.paidOrders)
  problems.push(`outbox rows ${checks.outboxRows} != 2 x paid orders`);
if (emlFiles !== checks.outboxRows)
  problems.push(`.eml files ${emlFiles} != outbox rows ${checks.outboxRows}`);
if (checks.integrity !== 'ok') problems.push(`integrity_check: ${checks.integrity}`);
exits.forEach((exit, i) => {
  if (exit.code !== 0) problems.push(`instance ${i + 1} exit after SIGTERM: ${JSON.stringify(exit)}`);
});

const report = {
  instances: INSTANCES,
  database: DIALECT,
  seconds: +elapsed.toFixed(1),
  targetRate: RATE,
  achievedRate: +(total / elapsed).toFixed(1),
  requests: total,
  statuses: Object.fromEntries([...statuses.entries()].sort(([a], [b]) => a - b)),
  fiveXx,
  failures,
  latencyMs: {
    all: {
      p50: +percentile(all, 50).toFixed(1),
      p95: +percentile(all, 95).toFixed(1),
      p99: +percentile(all, 99).toFixed(1),
    },
    ...kinds,
  },
  rssKb: {
    warmupSeconds: WARMUP,
    perInstance: rssReport.map((r) => ({
      baseline: r.baseline,
      final: r.final,
      growthPercent: +(r.growth * 100).toFixed(1),
      peak: r.peak,
    })),
  },
  checks: { ...checks, emlFiles },
  shutdown: exits,
  problems,
};
writeFileSync(path.join(dataDir, 'soak-report.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(JSON.stringify(report, null, 2));
if (failureSamples.length > 0)
  console.log(`samples of unexpected answers:\n  ${failureSamples.join('\n  ')}`);
if (problems.length > 0) {
  console.error(`soak: FAILED\n  ${problems.join('\n  ')}\n(data kept in ${dataDir})`);
  process.exit(1);
}
console.log(`soak: passed (report ${path.join(dataDir, 'soak-report.json')})`);
if (process.env.SOAK_KEEP !== '1') rmSync(dataDir, { recursive: true, force: true });
