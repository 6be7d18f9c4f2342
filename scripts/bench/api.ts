// `npm run bench:api`: load-tests the built server next to a bare node:http hello-world measured in the same
// run on the same machine, so the budgets are ratios, not absolute numbers (docs/product.md §9.3).
//
//   npm run bench:api                          serve dist/web (build first: npm run build)
//   BENCH_DIST=/tmp/x npm run bench:api        serve another build
//   npm run bench:api -- --duration=5 --connections=50
//   BENCH_PORT / BENCH_BARE_PORT / BENCH_REPLAY_PORT   fixed ports instead of free ones
//
// Targets: POST /api/checkout (built-in test checkout: validation, pricing, SQLite writes, a session),
// GET /product/1 (prerendered page from memory, brotli). Budgets: checkout >= 25% of bare requests/s,
// product page >= 60% of bare, p99 <= 25 ms at 50 connections, no non-2xx and no errors.
//
// Two diagnostics make a miss explainable: each server's CPU time per request (from /proc, Linux), and a
// "replay" row: a bare node:http server sending the product page's exact bytes and headers. The replay
// row is the most any server could reach with this load generator for that response (autocannon parses
// responses in JavaScript and turns every body into a string, which costs far more for brotli bytes).
// A "floor" row does the same for the checkout: Fastify and one SQLite transaction, nothing else.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort, HOST, printTable, ROOT, type StartedShop, startShop, track } from './server';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '2' },
  },
});
const DURATION = Math.min(60, Math.max(1, Number(args.duration) || 10));
const CONNECTIONS = Math.min(200, Math.max(1, Number(args.connections) || 50));
const WARMUP = Math.min(10, Math.max(0, Number(args.warmup) || 0));

const BUDGET = { checkoutRatio: 0.25, productRatio: 0.6, p99Ms: 25 };

/**
 * The cheapest possible HTTP server on this machine, in its own process like the shop. With a response
 * file (REPLAY) it sends those exact headers and bytes instead of "hello world".
 */
const BARE_SERVER = `
const http = require('node:http');
let status = 200, headers = { 'content-type': 'text/plain' }, body = 'hello world';
if (process.env.REPLAY) {
  const r = JSON.parse(require('node:fs').readFileSync(process.env.REPLAY, 'utf8'));
  status = r.status; headers = r.headers; body = Buffer.from(r.body, 'base64');
}
const server = http.createServer((req, res) => {
  res.writeHead(status, headers);
  res.end(body);
});
server.listen(Number(process.env.PORT), process.env.HOST, () => process.send && process.send('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/**
 * The floor of any durable checkout here: Fastify with its defaults (JSON body parsing, no hooks, no
 * logging) and one better-sqlite3 transaction writing an order row and its line rows, the shop's own
 * journal settings (WAL, synchronous=NORMAL), nothing else: no validation, pricing, session, security
 * headers or log line. The shop's checkout cannot be faster than this on the same machine.
 */
const FLOOR_SERVER = `
const path = require('node:path');
const { mkdtempSync, rmSync } = require('node:fs');
const Fastify = require('fastify');
const Database = require('better-sqlite3');
const dir = mkdtempSync(path.join(require('node:os').tmpdir(), 'solas-bench-floor-'));
const db = new Database(path.join(dir, 'floor.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec('create table orders (id text primary key, email text not null, total integer not null, created_at text not null)');
db.exec('create table order_lines (order_id text not null references orders(id), product_id text not null, quantity integer not null)');
const insertOrder = db.prepare('insert into orders values (?, ?, ?, ?)');
const insertLine = db.prepare('insert into order_lines values (?, ?, ?)');
let next = 0;
const store = db.transaction((body) => {
  const id = 'ord_' + next++;
  insertOrder.run(id, String(body.email), 2500, new Date().toISOString());
  for (const item of body.items) insertLine.run(id, String(item.id), Number(item.quantity));
  return id;
});
const app = Fastify();
app.post('/api/checkout', async (request) => ({ ok: true, url: '/pay/' + store(request.body) }));
app.listen({ port: Number(process.env.PORT), host: process.env.HOST }).then(() => process.send && process.send('ready'));
process.on('SIGTERM', () => app.close().then(() => { db.close(); rmSync(dir, { recursive: true, force: true }); process.exit(0); }));
`;

interface BareServer {
  readonly url: string;
  readonly pid: number;
  stop(): Promise<void>;
}

async function startBare(
  port: number,
  replayFile?: string | null,
  script = BARE_SERVER,
): Promise<BareServer> {
  const child = track(
    spawn(process.execPath, ['-e', script], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST, REPLAY: replayFile ?? '' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited (code ${code})`)));
  });
  return {
    url: `http://${HOST}:${port}/`,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(3000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** CPU seconds (user + system) a process has used so far; null where /proc does not exist. */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of /proc/<pid>/stat (utime, stime) in clock ticks, 100 per second on Linux.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

const CHECKOUT_BODY = JSON.stringify({
  email: 'bench@example.com',
  items: [{ id: '1', quantity: 1 }],
  zone: 'IE',
});

interface Target {
  readonly label: string;
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly body?: string;
  readonly pid: number;
}

type TargetName = 'bare' | 'checkout' | 'product';

function targets(bare: BareServer, shop: StartedShop): Record<TargetName, Target> {
  return {
    bare: { label: 'bare node:http hello', url: bare.url, method: 'GET', pid: bare.pid },
    checkout: {
      label: 'POST /api/checkout',
      url: `${shop.baseUrl}/api/checkout`,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: CHECKOUT_BODY,
      pid: shop.pid,
    },
    product: {
      label: 'GET /product/1 (br)',
      url: `${shop.baseUrl}/product/1`,
      method: 'GET',
      headers: { 'accept-encoding': 'br', accept: 'text/html' },
      pid: shop.pid,
    },
  };
}

/** One real request first: a benchmark of error pages would be meaningless. */
async function verify(name: string, t: Target): Promise<void> {
  const res = await fetch(t.url, { method: t.method, headers: t.headers, body: t.body });
  const text = await res.text();
  if (!res.ok) throw new Error(`${t.label}: HTTP ${res.status} before the benchmark: ${text.slice(0, 200)}`);
  if (name === 'checkout') {
    const json = JSON.parse(text) as { ok?: unknown; url?: unknown };
    if (json.ok !== true || typeof json.url !== 'string') {
      throw new Error(`${t.label}: unexpected answer ${text.slice(0, 200)}`);
    }
  }
  if (name === 'product') {
    // fetch decodes brotli itself; the header proves the pre-compressed variant was sent.
    if (res.headers.get('content-encoding') !== 'br') throw new Error(`${t.label}: not served with brotli`);
    if (!text.includes('<h1')) throw new Error(`${t.label}: the prerendered page has no <h1>`);
  }
}

/** The raw response (status, headers, undecoded bytes) the shop sends for a target. */
interface RawResponse {
  readonly status: number | undefined;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

function captureRaw(t: Target): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(t.url, { headers: t.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const headers = { ...res.headers };
        for (const h of ['date', 'connection', 'keep-alive', 'transfer-encoding']) delete headers[h];
        resolve({ status: res.statusCode, headers, body: Buffer.concat(chunks).toString('base64') });
      });
    });
    req.on('error', reject);
  });
}

async function load(t: Target, duration: number, connections: number): Promise<autocannon.Result> {
  return autocannon({
    url: t.url,
    method: t.method,
    headers: t.headers,
    body: t.body,
    connections,
    duration,
    pipelining: 1,
    timeout: 10,
  });
}

interface Measured {
  readonly name: string;
  readonly label: string;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly total: number;
  /** Server CPU time per request in microseconds; null without /proc. */
  readonly cpuUs: number | null;
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
}

async function measure(name: string, t: Target): Promise<Measured> {
  if (WARMUP > 0) await load(t, WARMUP, Math.min(10, CONNECTIONS));
  const cpuBefore = cpuSeconds(t.pid);
  const r = await load(t, DURATION, CONNECTIONS);
  const cpuAfter = cpuSeconds(t.pid);
  const out: Measured = {
    name,
    label: t.label,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    cpuUs: cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1e6) / r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
  console.log(
    `  ${t.label.padEnd(24)} ${Math.round(out.rps)} req/s  p50 ${out.p50} ms  p99 ${out.p99} ms  ` +
      `(${out.total} requests, ${out.non2xx} non-2xx, ${out.errors} errors)`,
  );
  return out;
}

async function main() {
  const webDir = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : path.join(ROOT, 'dist/web');
  if (!existsSync(path.join(webDir, 'index.html'))) {
    throw new Error(`${webDir} holds no build: run \`npm run build\` (or set BENCH_DIST) first`);
  }
  const shopPort = await freePort(process.env.BENCH_PORT);
  const barePort = await freePort(process.env.BENCH_BARE_PORT);
  const bare = await startBare(barePort);
  const stops = [bare.stop];
  const results: Partial<Record<'bare' | 'checkout' | 'floor' | 'product' | 'replay', Measured>> = {};
  try {
    const shop = await startShop({ webDir, port: shopPort, logLevel: 'warn' });
    stops.push(shop.stop);
    console.log(
      `Shop ${shop.baseUrl} (pid ${shop.pid}), bare ${bare.url}; ${CONNECTIONS} connections, ${DURATION} s each\n`,
    );
    const t = targets(bare, shop);
    for (const [name, target] of Object.entries(t)) await verify(name, target);

    const replayFile = path.join(ROOT, '.cache/bench-api-replay.json');
    mkdirSync(path.dirname(replayFile), { recursive: true });
    writeFileSync(replayFile, JSON.stringify(await captureRaw(t.product)));
    const replay = await startBare(await freePort(process.env.BENCH_REPLAY_PORT), replayFile);
    stops.push(replay.stop);
    const replayTarget: Target = {
      label: 'replay of /product/1',
      url: replay.url,
      method: 'GET',
      headers: t.product.headers,
      pid: replay.pid,
    };

    const floor = await startBare(await freePort(process.env.BENCH_FLOOR_PORT), null, FLOOR_SERVER);
    stops.push(floor.stop);
    const floorTarget: Target = {
      ...t.checkout,
      label: 'floor: Fastify + SQLite',
      url: `${floor.url}api/checkout`,
      pid: floor.pid,
    };
    await verify('checkout', floorTarget);

    // Bare first and last: the machine's speed drifts, and the ratio uses the mean of both.
    const bareFirst = await measure('bare', t.bare);
    results.checkout = await measure('checkout', t.checkout);
    results.floor = await measure('floor', floorTarget);
    results.product = await measure('product', t.product);
    results.replay = await measure('replay', replayTarget);
    const bareLast = await measure('bare', t.bare);
    results.bare = {
      ...bareFirst,
      rps: (bareFirst.rps + bareLast.rps) / 2,
      p50: Math.max(bareFirst.p50, bareLast.p50),
      p99: Math.max(bareFirst.p99, bareLast.p99),
      cpuUs:
        bareFirst.cpuUs !== null && bareLast.cpuUs !== null ? (bareFirst.cpuUs + bareLast.cpuUs) / 2 : null,
      non2xx: bareFirst.non2xx + bareLast.non2xx,
      errors: bareFirst.errors + bareLast.errors,
      timeouts: bareFirst.timeouts + bareLast.timeouts,
    };
  } finally {
    await Promise.all(stops.map((stop) => stop()));
  }

  const measured = (name: keyof typeof results): Measured => {
    const r = results[name];
    if (!r) throw new Error(`bench:api: no result for ${name}`);
    return r;
  };
  const bareRps = measured('bare').rps;
  const ratio = (r: Measured) => r.rps / bareRps;
  const names = ['bare', 'checkout', 'floor', 'product', 'replay'] as const;
  const rows = names.map((name) => {
    const r = measured(name);
    return [
      r.label,
      Math.round(r.rps),
      `${r.p50} ms`,
      `${r.p99} ms`,
      `${Math.round(ratio(r) * 100)}%`,
      r.cpuUs === null ? 'n/a' : `${Math.round(r.cpuUs)} µs`,
      r.non2xx + r.errors + r.timeouts,
    ];
  });
  console.log('');
  printTable(['target', 'req/s', 'p50', 'p99', 'vs bare', 'server CPU/req', 'errors'], rows);

  const failures: string[] = [];
  const checks = [
    ['checkout', BUDGET.checkoutRatio],
    ['product', BUDGET.productRatio],
  ] as const;
  for (const [name, minRatio] of checks) {
    const r = measured(name);
    if (ratio(r) < minRatio) {
      failures.push(`${r.label}: ${Math.round(ratio(r) * 100)}% of bare < ${minRatio * 100}%`);
    }
    if (r.p99 > BUDGET.p99Ms) failures.push(`${r.label}: p99 ${r.p99} ms > ${BUDGET.p99Ms} ms`);
  }
  for (const name of names) {
    const r = measured(name);
    if (r.non2xx > 0) failures.push(`${r.label}: ${r.non2xx} non-2xx responses`);
    if (r.errors > 0) failures.push(`${r.label}: ${r.errors} errors (${r.timeouts} timeouts)`);
  }
  console.log(
    `\nBudgets: checkout >= ${BUDGET.checkoutRatio * 100}% of bare, product page >= ${BUDGET.productRatio * 100}% ` +
      `of bare, p99 <= ${BUDGET.p99Ms} ms, no errors`,
  );
  const replay = measured('replay');
  const floor = measured('floor');
  if (ratio(replay) < BUDGET.productRatio) {
    console.log(
      `Note: a bare server replaying the product page's bytes reaches only ${Math.round(ratio(replay) * 100)}% ` +
        'of bare here: for this response the load generator, not the shop, sets the ceiling.',
    );
  }
  if (ratio(floor) < BUDGET.checkoutRatio || floor.p99 > BUDGET.p99Ms) {
    console.log(
      `Note: Fastify with one SQLite transaction and nothing else reaches ${Math.round(ratio(floor) * 100)}% ` +
        `of bare (p99 ${floor.p99} ms) here: no checkout that stores its order can meet the checkout budget ` +
        'on this machine.',
    );
  }
  if (failures.length === 0) {
    console.log('bench:api: all budgets met');
    return;
  }
  console.error('bench:api: budgets missed:');
  for (const f of failures) console.error(`  - ${f}`);
  process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
