// `npm run bench:api`: loads the built server with wrk and compares each of its routes with a floor measured
// in the same run on the same machine, each server in its own process (docs/product/quality-budgets.md §9.3).
//
//   npm run bench:api                          serve dist/web (build first: npm run build)
//   BENCH_DIST=/tmp/x npm run bench:api        serve another build
//   npm run bench:api -- --duration=12 --connections=50 --warmup=2 --threads=1 --rounds=6
//   npm run bench:api -- --smoke               1 s per row, 10 connections, no budgets (npm test runs this)
//   npm run bench:api -- --sqlite-only         skip the PostgreSQL rows
//   npm run bench:api -- --profile             only a CPU profile of the SQLite checkout under the same load,
//                                              summarised by category (.cache/bench-api/profile/)
//   npm run bench:api -- --profile-postgres    the same profile with the shop on PostgreSQL
//   npm run bench:api -- --rows=page           only the replay and the product page rows (no floors, no
//                                              checkouts); with --profile, a profile of the product page
//   npm run bench:api -- --newsletter          the SQLite checkout's p99 idle, then while a campaign is being
//                                              sent to 2,000 confirmed subscribers (paced: NEWSLETTER_PER_MINUTE)
//                                              budget: at most 1.5x the idle p99 (see newsletterRow)
//   npm run bench:api -- --instructions        the replay and the SQLite shop's product page under valgrind's
//                                              callgrind: instructions per page, which the host's speed and
//                                              its neighbours do not change (see instructionsRow)
//   npm run bench:api -- --instructions --rows=checkout
//                                              the same count for the SQLite checkout and its floor
//                                              (checkoutInstructionsRow)
//   BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test): the
//   PostgreSQL server the PostgreSQL rows use, each in a fresh schema that is dropped afterwards.
//
// Pairs and budgets:
//   GET /product/1 (brotli)  vs  a bare node:http server replaying its exact bytes and headers: >= 40% of its
//   requests/s (wrk, a floor; the ratio swings from round to round on a shared host), and with
//   --instructions at most 200% of its instructions per request (callgrind: the steady figure)
//   POST /api/checkout (test provider)  vs  the floor, Fastify + one transaction storing the same order and
//   lines and nothing else: >= 40% of its requests/s and p99 <= 2x its p99; on SQLite, and on PostgreSQL
//   with a floor of its own. No non-2xx answer, no socket error, in any row.
// Latency: a POST row's p50 and p99 come from Apache's ab (same concurrency, keep-alive, 2 s after each
// wrk slice): wrk's own tail against a server taking a millisecond per request was 10x what ab and the
// server itself measured (runAb). wrk measures every row's requests/s and CPU.
// How: every target's 12 s are measured in 6 rounds of 2 s, each round visiting the targets of one
// comparison (the replay and both shops' pages; a floor and its checkout), each round starting one target
// later, and each budget holds the median of the rounds' comparisons (a row against its floor in the same
// round). The host is shared: a row measured once, 10 s at a time, swung by a quarter between two runs, and
// single 4 s rounds still swung from 56% to 133%.
//
// Why wrk: a C load generator that never decodes bodies. autocannon, on the same two cores, turned every
// brotli body into a JavaScript string and could not load even the replay server.
// Server CPU per request comes from /proc/<pid>/stat (user + system) of the server process, and for the
// PostgreSQL rows also of the database's backend processes serving that schema's connections.
//
// Rate limits: the shop's checkout is limited per client address (10 a minute by default), and every
// request here comes from one address. The shop runs with RATE_LIMITS=checkout=1000000/60: the limiter
// still counts every request (its cost is measured) but never refuses one during a run. Every other
// limit keeps its default.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type CpuProfile, formatSummary, summariseProfile } from './profile-summary';
import { freePort, HOST, median, printTable, ROOT, type StartedShop, startShop, track } from './server';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '12' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '6' },
    threads: { type: 'string', default: '1' },
    smoke: { type: 'boolean', default: false },
    'sqlite-only': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    'profile-postgres': { type: 'boolean', default: false },
    rows: { type: 'string', default: 'all' },
    instructions: { type: 'boolean', default: false },
    newsletter: { type: 'boolean', default: false },
  },
});
const SMOKE = args.smoke;
/** `--profile-postgres`: the profiled shop on a fresh PostgreSQL schema instead of SQLite. */
const POSTGRES_PROFILE = args['profile-postgres'];
if (!['all', 'page', 'checkout'].includes(args.rows)) throw new Error('--rows must be all, page or checkout');
if (args.rows === 'checkout' && !args.instructions)
  throw new Error('--rows=checkout goes with --instructions');
/** Only the replay and the product page rows: the page's work is measured without the checkouts' load. */
const PAGE_ONLY = args.rows === 'page';
const clamp = (value: string, min: number, max: number, fallback: number) =>
  Math.min(max, Math.max(min, Number(value) || fallback));
const DURATION = SMOKE ? 1 : clamp(args.duration, 1, 60, 12);
const CONNECTIONS = SMOKE ? 10 : clamp(args.connections, 1, 500, 50);
const WARMUP = SMOKE ? 0 : clamp(args.warmup, 0, 30, 2);
/** Each target's DURATION is measured in ROUNDS interleaved slices (see measureInterleaved). */
const ROUNDS = SMOKE ? 1 : Math.min(clamp(args.rounds, 1, 20, 3), DURATION);
/** wrk takes whole seconds. */
const SLICE = Math.max(1, Math.round(DURATION / ROUNDS));
/** ab's latency run after each slice of a POST row (see runAb). */
const LATENCY_SECONDS = SMOKE ? 1 : 2;
// One wrk thread drives 50 connections at well over the bare server's rate here and leaves the other core
// to the server under test.
const THREADS = clamp(args.threads, 1, 8, 1);
const PG_URL =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
/** The checkout's limit as the runs set it: counted on every request, never refusing one (above). */
const CHECKOUT_RATE_LIMITS = 'checkout=1000000/60';
const BUDGET = { productRatio: 0.4, productInstructionsFactor: 2, checkoutRatio: 0.4, checkoutP99Factor: 2 };

// ---------------------------------------------------------------------------------------------- wrk

/**
 * A load generator on PATH (`command --version`-style probe), or installed with its Debian package when we
 * are root; otherwise one line saying how.
 */
function ensureTool(command: string, probe: readonly string[], debianPackage: string): void {
  const has = () => spawnSync(command, probe, { stdio: 'ignore' }).error === undefined;
  if (has()) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${command} is not installed: run \`sudo apt-get install -y ${debianPackage}\` (Debian), then try again`,
    );
  }
  console.log(`Installing ${command} (apt-get install -y ${debianPackage})...`);
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', debianPackage], { stdio: 'inherit' })
      .status;
  if (install() !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    if (install() !== 0 || !has()) throw new Error(`apt-get could not install ${debianPackage}`);
  }
}

/** A Lua string literal that holds any text (long brackets with a level the text does not contain). */
function luaString(text: string): string {
  let level = '';
  while (text.includes(`]${level}]`)) level += '=';
  return `[${level}[${text}]${level}]`;
}

/**
 * The wrk script of one target: its method, headers and body, and a `done` hook that prints the summary
 * as one JSON line (wrk's own text output rounds and changes units).
 */
function wrkScript(t: Target): string {
  const headers = Object.entries(t.headers ?? {})
    .map(([k, v]) => `wrk.headers[ ${luaString(k)} ] = ${luaString(v)}`)
    .join('\n');
  return `wrk.method = ${luaString(t.method)}
${t.body === undefined ? '' : `wrk.body = ${luaString(t.body)}`}
${headers}
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"durationUs":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p99":%d,"max":%d}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
`;
}

interface WrkResult {
  readonly requests: number;
  readonly durationUs: number;
  readonly bytes: number;
  readonly connect: number;
  readonly read: number;
  readonly write: number;
  /** Responses with a status of 400 or more (wrk counts those; the pre-flight checks the 2xx itself). */
  readonly status: number;
  readonly timeout: number;
  /** Latencies in microseconds. */
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

const scriptDir = path.join(ROOT, '.cache/bench-api');

function runWrk(t: Target, seconds: number): Promise<WrkResult> {
  mkdirSync(scriptDir, { recursive: true });
  const script = path.join(scriptDir, `${t.name}.lua`);
  writeFileSync(script, wrkScript(t));
  const argv = [`-t${THREADS}`, `-c${CONNECTIONS}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, t.url];
  return runTool('wrk', argv).then(({ code, out }) => {
    const line = out.split('\n').find((l) => l.startsWith('WRK_JSON '));
    if (code !== 0 || !line) throw new Error(`wrk ${argv.join(' ')} failed (exit ${code}):\n${out}`);
    return JSON.parse(line.slice('WRK_JSON '.length)) as WrkResult;
  });
}

/** Runs a load generator to its end: its exit code and everything it printed. */
function runTool(command: string, argv: readonly string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = track(spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] }));
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      out += c;
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out }));
  });
}

interface AbResult {
  readonly requests: number;
  /** Answers with a status outside 2xx (ab counts those). */
  readonly non2xx: number;
  /** Connection, receive and send failures (not ab's "length" failures: every checkout's id differs). */
  readonly errors: number;
  /** Percentiles of the whole request time in milliseconds (ab prints whole milliseconds). */
  readonly p50Ms: number;
  readonly p99Ms: number;
}

/**
 * The latency of a POST row, from Apache's `ab` with keep-alive and the same concurrency as wrk. Why not
 * wrk's: on a 2-core host wrk's tail against any server taking about a millisecond per request was
 * wrk's own: a bare node:http server doing 1 ms of work per request showed a p99 of 494-837 ms under wrk
 * at a p50 of 51 ms, and 54 ms under ab at the same requests/s, and the shop's own timing at its HTTP
 * server agreed with ab (docs/performance.md). wrk still measures every row's requests/s and CPU.
 */
function runAb(t: Target, seconds: number): Promise<AbResult> {
  mkdirSync(scriptDir, { recursive: true });
  const argv = ['-k', '-q', '-c', String(CONNECTIONS), '-t', String(seconds), '-n', '10000000', '-s', '10'];
  if (t.body !== undefined) {
    const bodyFile = path.join(scriptDir, `${t.name}.body`);
    writeFileSync(bodyFile, t.body);
    argv.push('-p', bodyFile, '-T', t.headers?.['content-type'] ?? 'application/octet-stream');
  }
  for (const [name, value] of Object.entries(t.headers ?? {})) {
    if (name !== 'content-type') argv.push('-H', `${name}: ${value}`);
  }
  argv.push(t.url);
  return runTool('ab', argv).then(({ code, out }) => {
    const number = (pattern: RegExp) => {
      const m = pattern.exec(out);
      return m ? Number(m[1]) : null;
    };
    const requests = number(/^Complete requests:\s+(\d+)/m);
    const p50 = number(/^\s+50%\s+(\d+)/m);
    const p99 = number(/^\s+99%\s+(\d+)/m);
    if (code !== 0 || requests === null || p50 === null || p99 === null) {
      throw new Error(`ab ${argv.join(' ')} failed (exit ${code}):\n${out}`);
    }
    const failures = (kind: string) => number(new RegExp(`${kind}: (\\d+)`)) ?? 0;
    return {
      requests,
      non2xx: number(/^Non-2xx responses:\s+(\d+)/m) ?? 0,
      errors: failures('Connect') + failures('Receive') + failures('Exceptions'),
      p50Ms: p50,
      p99Ms: p99,
    };
  });
}

// ------------------------------------------------------------------------------------- the servers

/** A bare node:http server sending one recorded response (status, headers, bytes), in its own process. */
const REPLAY_SERVER = `
const http = require('node:http');
const r = JSON.parse(require('node:fs').readFileSync(process.env.REPLAY, 'utf8'));
const body = Buffer.from(r.body, 'base64');
const server = http.createServer((req, res) => {
  res.writeHead(r.status, r.headers);
  res.end(body);
});
server.listen(Number(process.env.PORT), process.env.HOST, () => process.send && process.send('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/**
 * The floor of any durable checkout here: Fastify with its defaults (JSON body parsing, no hooks, no
 * logging, no validation, no pricing, no provider, no security headers) and ONE transaction writing the
 * order row and its line rows with the shop's columns and values. SQLite: node:sqlite with the shop's
 * journal settings (WAL, synchronous=NORMAL). PostgreSQL: node-postgres with the shop's default pool (10).
 */
const FLOOR_COMMON = `
const Fastify = require('fastify');
const ORDER_DDL = 'create table orders (id text primary key, provider text not null, session_id text unique, reference text, status text not null, email text not null, zone text not null, currency text not null, subtotal integer not null, shipping integer not null, gift_wrap integer not null, total integer not null, item_count integer not null, shipping_name text, shipping_address text, failure_reason text, created_at text not null, updated_at text not null, paid_at text, checked_at text)';
const LINES_DDL = 'create table order_lines (order_id text not null references orders(id) on delete cascade, position integer not null, product_id text not null, name text not null, unit_price integer not null, quantity integer not null, line_total integer not null, primary key (order_id, position))';
const ORDER_SQL = 'insert into orders (id, provider, session_id, reference, status, email, zone, currency, subtotal, shipping, gift_wrap, total, item_count, shipping_name, shipping_address, failure_reason, created_at, updated_at, paid_at, checked_at) values ';
const LINE_SQL = 'insert into order_lines (order_id, position, product_id, name, unit_price, quantity, line_total) values ';
let next = 0;
function orderValues(body) {
  const at = new Date().toISOString();
  const lines = body.items.map((item, position) => [String(item.id), position, Number(item.quantity)]);
  const count = lines.reduce((n, l) => n + l[2], 0);
  return {
    id: 'ord_' + process.pid + '_' + next++,
    order: (id) => [id, 'test', null, null, 'pending', String(body.email), String(body.zone), 'eur', 2500 * count, 0, 0, 2500 * count, count, null, null, null, at, at, null, null],
    lines: (id) => lines.map(([productId, position, quantity]) => [id, position, productId, 'Bracelet ' + productId, 2500, quantity, 2500 * quantity]),
  };
}
const app = Fastify();
function listen() {
  app.listen({ port: Number(process.env.PORT), host: process.env.HOST }).then(() => process.send && process.send('ready'));
}
`;

const FLOOR_SQLITE = `${FLOOR_COMMON}
const path = require('node:path');
const { mkdtempSync, rmSync } = require('node:fs');
const { DatabaseSync } = require('node:sqlite');
const dir = mkdtempSync(path.join(require('node:os').tmpdir(), 'solas-bench-floor-'));
const db = new DatabaseSync(path.join(dir, 'floor.sqlite'));
db.exec('pragma journal_mode = WAL');
db.exec('pragma synchronous = NORMAL');
db.exec('pragma foreign_keys = ON');
db.exec(ORDER_DDL);
db.exec(LINES_DDL);
const insertOrder = db.prepare(ORDER_SQL + '(' + Array(20).fill('?').join(', ') + ')');
const insertLine = db.prepare(LINE_SQL + '(?, ?, ?, ?, ?, ?, ?)');
const store = (v) => {
  db.exec('begin');
  try {
    insertOrder.run(...v.order(v.id));
    for (const line of v.lines(v.id)) insertLine.run(...line);
    db.exec('commit');
  } catch (error) {
    if (db.isTransaction) db.exec('rollback');
    throw error;
  }
  return v.id;
};
app.post('/api/checkout', async (request) => ({ ok: true, url: '/pay/' + store(orderValues(request.body)) }));
listen();
process.on('SIGTERM', () => app.close().then(() => { db.close(); rmSync(dir, { recursive: true, force: true }); process.exit(0); }));
`;

const FLOOR_POSTGRES = `${FLOOR_COMMON}
const { Pool } = require('pg');
const pool = new Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 10 });
const params = (n, from = 0) => '(' + Array.from({ length: n }, (_, i) => '$' + (from + i + 1)).join(', ') + ')';
const ORDER_INSERT = ORDER_SQL + params(20);
app.post('/api/checkout', async (request) => {
  const v = orderValues(request.body);
  const lines = v.lines(v.id);
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(ORDER_INSERT, v.order(v.id));
    await client.query(LINE_SQL + lines.map((_, i) => params(7, i * 7)).join(', '), lines.flat());
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  return { ok: true, url: '/pay/' + v.id };
});
pool.query(ORDER_DDL).then(() => pool.query(LINES_DDL)).then(listen);
process.on('SIGTERM', () => app.close().then(() => pool.end()).then(() => process.exit(0)));
`;

interface Child {
  readonly url: string;
  readonly pid: number;
  stop(): Promise<void>;
}

async function startScript(
  script: string,
  port: number,
  env: Record<string, string>,
  wrapper: readonly string[] = [],
  nodeArgs: readonly string[] = [],
): Promise<Child> {
  const [command = process.execPath, ...argv] = [...wrapper, process.execPath, ...nodeArgs, '-e', script];
  const child = track(
    spawn(command, argv, {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bench server exited (code ${code})`)));
  });
  return {
    url: `http://${HOST}:${port}`,
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

// ------------------------------------------------------------------------- PostgreSQL: fresh schemas

/** libpq's `options`, which node-postgres passes on: every connection of that URL works in `schema`. */
function urlWithSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(
      `No PostgreSQL at ${PG_URL.replace(/\/\/[^@]*@/, '//')} for the PostgreSQL rows: start one ` +
        '(npx tsx scripts/ensure-postgres.ts), set BENCH_DATABASE_URL, or pass --sqlite-only',
      { cause: err },
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function freshSchema(): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`create schema ${schema}`));
  return {
    url: urlWithSchema(PG_URL, schema),
    drop: () => withAdmin((c) => c.query(`drop schema if exists ${schema} cascade`)).then(() => undefined),
  };
}

/** The backend processes (pids) of the connections now working in `schema`'s URL (by application name). */
async function backendPids(applicationName: string): Promise<number[]> {
  return withAdmin(async (c) => {
    const r = await c.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [
      applicationName,
    ]);
    return r.rows.map((row) => row.pid);
  });
}

// --------------------------------------------------------------------------------------- measuring

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

/** CPU seconds so far of each backend (one that is already gone is left out). */
function backendCpu(pids: readonly number[]): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of pids) {
    const s = cpuSeconds(pid);
    if (s !== null) cpu.set(pid, s);
  }
  return cpu;
}

/**
 * The database CPU the backends used since `before`: the pool opens and closes connections during a run
 * (node-postgres closes one idle for 10 s), so a backend that started meanwhile counts in full, and one
 * that ended meanwhile cannot be read any more (counted in `closed`).
 */
function databaseCpuSince(before: ReadonlyMap<number, number>, pidsNow: readonly number[]) {
  let seconds = 0;
  let closed = 0;
  for (const [pid, start] of before) {
    const now = cpuSeconds(pid);
    if (now === null) closed += 1;
    else seconds += now - start;
  }
  for (const pid of pidsNow) {
    if (before.has(pid)) continue;
    seconds += cpuSeconds(pid) ?? 0;
  }
  return { seconds, closed };
}

const CHECKOUT_BODY = JSON.stringify({
  email: 'bench@example.com',
  items: [{ id: '1', quantity: 1 }],
  zone: 'IE',
});

interface Target {
  readonly name: string;
  readonly label: string;
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** The server process, whose CPU per request is reported. */
  readonly pid: number;
  /** PostgreSQL rows: the application_name of the server's database connections (their backends' CPU). */
  readonly pgApplication?: string;
}

const PRODUCT_HEADERS = { 'accept-encoding': 'br', accept: 'text/html' };
const CHECKOUT_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

/** The shops' METRICS_TOKEN: at the end each is scraped, and says what the load made of it. */
const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

/**
 * The shop's own count of the load (GET /metrics): requests by route and status, checkouts opened, orders
 * paid. The hook that counts runs on every request whether or not a token is set (one histogram
 * observation), so setting one does not change what is measured. Never fails the bench.
 */
async function reportMetrics(shops: readonly (StartedShop | null)[]): Promise<void> {
  for (const s of shops) {
    if (!s) continue;
    try {
      const res = await fetch(`${s.baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
      });
      const counts = (await res.text())
        .split('\n')
        .filter((l) =>
          /^(?:http_request_duration_seconds_count\{|solas_checkouts_created_total |solas_orders_paid_total )/.test(
            l,
          ),
        );
      console.log(`GET /metrics of ${s.baseUrl}: ${res.status}`);
      for (const line of counts) console.log(`  ${line}`);
    } catch (err) {
      console.log(`GET /metrics of ${s.baseUrl} failed: ${String(err)}`);
    }
  }
}

/** One real request first: a benchmark of error pages would be meaningless. */
async function verify(t: Target, kind: 'checkout' | 'product'): Promise<void> {
  const res = await fetch(t.url, { method: t.method, headers: t.headers, body: t.body });
  const text = await res.text();
  if (res.status < 200 || res.status > 299) {
    throw new Error(`${t.label}: HTTP ${res.status} before the benchmark: ${text.slice(0, 200)}`);
  }
  if (kind === 'checkout') {
    const json = JSON.parse(text) as { ok?: unknown; url?: unknown };
    if (json.ok !== true || typeof json.url !== 'string') {
      throw new Error(`${t.label}: unexpected answer ${text.slice(0, 200)}`);
    }
  } else {
    // fetch decodes brotli itself; the header proves the pre-compressed variant was sent.
    if (res.headers.get('content-encoding') !== 'br') throw new Error(`${t.label}: not served with brotli`);
    if (!text.includes('<h1')) throw new Error(`${t.label}: the prerendered page has no <h1>`);
  }
}

/** The raw response (status, headers, undecoded bytes) the shop sends for a target. */
function captureRaw(t: Target): Promise<{ status: number | undefined; headers: object; body: string }> {
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

/** One slice of a target's load: what wrk and /proc saw in it. */
interface Slice {
  readonly rps: number;
  readonly requests: number;
  /** From wrk, or for a POST row from ab (runAb). */
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Server process CPU in the slice (seconds); null without /proc. */
  readonly cpuSeconds: number | null;
  /** PostgreSQL backends' CPU in the slice (seconds); PostgreSQL rows only. */
  readonly dbCpuSeconds: number | null;
  readonly non2xx: number;
  readonly socketErrors: number;
}

interface Measured {
  readonly label: string;
  /** One per round, in order. */
  readonly slices: readonly Slice[];
  /** All the slices' requests over all their time. */
  readonly rps: number;
  readonly requests: number;
  /** Medians of the slices' percentiles. */
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Server process CPU per request in microseconds; null without /proc. */
  readonly cpuUs: number | null;
  /** PostgreSQL backends' CPU per request in microseconds (PostgreSQL rows only). */
  readonly dbCpuUs: number | null;
  readonly non2xx: number;
  readonly socketErrors: number;
}

async function measureSlice(t: Target, seconds: number): Promise<Slice> {
  const dbBefore = t.pgApplication ? backendCpu(await backendPids(t.pgApplication)) : null;
  const cpuBefore = cpuSeconds(t.pid);
  const r = await runWrk(t, seconds);
  const cpuAfter = cpuSeconds(t.pid);
  const db =
    t.pgApplication && dbBefore ? databaseCpuSince(dbBefore, await backendPids(t.pgApplication)) : null;
  if (db && db.closed > 0) {
    console.log(
      `  (${db.closed} of the database's connections closed during the slice: their CPU after its start is not counted)`,
    );
  }
  // A POST row's latencies come from ab, right after wrk's slice (see runAb).
  const latency = t.method === 'POST' ? await runAb(t, LATENCY_SECONDS) : null;
  const slice: Slice = {
    rps: r.requests / (r.durationUs / 1e6),
    requests: r.requests,
    p50Ms: latency ? latency.p50Ms : r.p50 / 1000,
    p99Ms: latency ? latency.p99Ms : r.p99 / 1000,
    cpuSeconds: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
    dbCpuSeconds: db ? db.seconds : null,
    non2xx: r.status + (latency?.non2xx ?? 0),
    socketErrors: r.connect + r.read + r.write + r.timeout + (latency?.errors ?? 0),
  };
  console.log(
    `  ${t.label.padEnd(40)} ${String(Math.round(slice.rps)).padStart(6)} req/s  p50 ${slice.p50Ms.toFixed(1)} ms  ` +
      `p99 ${slice.p99Ms.toFixed(1)} ms${latency ? ` (ab, ${latency.requests} requests)` : ''}  ` +
      `(${slice.requests} requests, ${slice.non2xx} >= 400, ${slice.socketErrors} socket errors)`,
  );
  return slice;
}

function combine(label: string, slices: readonly Slice[]): Measured {
  const sum = (f: (s: Slice) => number) => slices.reduce((n, s) => n + f(s), 0);
  const requests = sum((s) => s.requests);
  const perRequest = (seconds: (s: Slice) => number | null) =>
    requests === 0 || slices.some((s) => seconds(s) === null)
      ? null
      : (sum((s) => seconds(s) ?? 0) * 1e6) / requests;
  return {
    label,
    slices,
    rps: requests / sum((s) => s.requests / s.rps),
    requests,
    p50Ms: median(slices.map((s) => s.p50Ms)),
    p99Ms: median(slices.map((s) => s.p99Ms)),
    cpuUs: perRequest((s) => s.cpuSeconds),
    dbCpuUs: perRequest((s) => s.dbCpuSeconds),
    non2xx: sum((s) => s.non2xx),
    socketErrors: sum((s) => s.socketErrors),
  };
}

/**
 * Every target measured in ROUNDS rounds, each target once per round for SLICE seconds, in the same order:
 * a row and its floor are measured seconds apart in every round, so a spell of the shared host running
 * slower (another machine's load: a row measured once has swung by a quarter between two runs) lands on
 * both sides of a comparison instead of on one row. Each target is warmed up once, before the first round.
 */
async function measureInterleaved(targets: readonly Target[]): Promise<Map<Target, Measured>> {
  if (WARMUP > 0) for (const t of targets) await runWrk(t, WARMUP);
  const slices = new Map<Target, Slice[]>(targets.map((t) => [t, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`round ${round} of ${ROUNDS}:`);
    // Each round starts one target later: no row is always measured first, or always right after another.
    const start = (round - 1) % targets.length;
    for (const t of [...targets.slice(start), ...targets.slice(0, start)]) {
      slices.get(t)?.push(await measureSlice(t, SLICE));
    }
  }
  return new Map(targets.map((t) => [t, combine(t.label, slices.get(t) ?? [])]));
}

/** The median over the rounds of a row's figure against its floor's in the same round. */
function roundRatios(shop: Measured, floor: Measured, figure: (s: Slice) => number): number[] {
  return shop.slices.map((s, i) => {
    const f = floor.slices[i];
    return f ? figure(s) / figure(f) : Number.NaN;
  });
}

interface Pair {
  readonly shop: Measured;
  readonly floor: Measured;
  readonly kind: 'checkout' | 'product';
}

/**
 * The checkout's CPU profile: a SQLite shop started with --cpu-prof, the same warm-up and load as its row,
 * and the profile cut to the seconds of the measured run (the server's start and stop are left out).
 */
async function profileRow(webDir: string): Promise<void> {
  const dir = path.join(scriptDir, 'profile');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const schema = POSTGRES_PROFILE ? await freshSchema() : null;
  const shop = await startShop({
    webDir,
    port: await freePort(process.env.BENCH_PORT),
    logLevel: 'info',
    env: { RATE_LIMITS: CHECKOUT_RATE_LIMITS, ...(schema ? { DATABASE_URL: schema.url } : {}) },
    discardStdout: true,
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
  });
  const dialect = schema ? 'PostgreSQL' : 'SQLite';
  const target: Target = PAGE_ONLY
    ? {
        name: 'profile-product',
        label: `GET /product/1 (br), ${dialect} (profiled)`,
        url: `${shop.baseUrl}/product/1`,
        method: 'GET',
        headers: PRODUCT_HEADERS,
        pid: shop.pid,
      }
    : {
        name: 'profile-checkout',
        label: `POST /api/checkout, ${dialect} (profiled)`,
        url: `${shop.baseUrl}/api/checkout`,
        method: 'POST',
        headers: CHECKOUT_HEADERS,
        body: CHECKOUT_BODY,
        pid: shop.pid,
      };
  let window: { fromUs: number; toUs: number };
  let requests: number;
  try {
    await verify(target, PAGE_ONLY ? 'product' : 'checkout');
    if (WARMUP > 0) await runWrk(target, WARMUP);
    const from = process.hrtime.bigint();
    requests = (await runWrk(target, DURATION)).requests;
    window = { fromUs: Number(from / 1000n), toUs: Number(process.hrtime.bigint() / 1000n) };
  } finally {
    await shop.stop();
    await schema?.drop();
  }
  // The main thread's profile is the largest file (tsx's loader thread writes a small one too).
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).size - statSync(a).size);
  const file = files[0];
  if (!file) throw new Error(`no CPU profile was written to ${dir}`);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  console.log(
    `\n${requests} ${PAGE_ONLY ? 'pages' : 'checkouts'} in ${DURATION} s under --cpu-prof (${path.relative(ROOT, file)}):\n`,
  );
  for (const line of formatSummary(summariseProfile(profile, window), requests)) console.log(`  ${line}`);
}

/**
 * The replay server of a shop's product page: the shop's answer checked and captured (its exact bytes and
 * headers), then served by REPLAY_SERVER, optionally under a wrapper command (valgrind).
 */
async function startReplayOf(
  shopProduct: Target,
  wrapper: readonly string[] = [],
  nodeArgs: readonly string[] = [],
): Promise<Child> {
  await verify(shopProduct, 'product');
  const replayFile = path.join(scriptDir, 'product-1-replay.json');
  mkdirSync(scriptDir, { recursive: true });
  writeFileSync(replayFile, JSON.stringify(await captureRaw(shopProduct)));
  return startScript(
    REPLAY_SERVER,
    await freePort(process.env.BENCH_REPLAY_PORT),
    { REPLAY: replayFile },
    wrapper,
    nodeArgs,
  );
}

// ------------------------------------------------------------------------------ --instructions

/**
 * Requests before counting, then the counted windows and their size. Under valgrind the JIT settles late:
 * the replay's first two windows counted 309-311k and 138-141k instructions a page, the next three 98-103k
 * (two runs); the median of five windows is the settled figure.
 */
const INSTRUCTION_WARMUP = 10_000;
/**
 * V8's memory reducer starts full garbage collections on a timer once allocation looks idle. Under valgrind,
 * about 50x slower, every window looks idle to it: in one run its collections landed in 3 of the shop's 5
 * windows, about 100k instructions a request each (the shop's heap; the replay's costs it about 1k), so the
 * median moved with the host's load. At full speed 30,000 product pages ran no full collection at all. Off
 * for both servers, so each window counts the requests.
 */
const INSTRUCTION_NODE_ARGS = ['--no-memory-reducer'] as const;
const INSTRUCTION_WINDOWS = 5;
const INSTRUCTION_WINDOW = 2_000;

/**
 * Sends `count` requests over `connections` keep-alive connections, each answer read to its end: GETs of the
 * product page, or with `body` the checkout's POSTs.
 */
async function sendRequests(url: string, count: number, connections: number, body?: string): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let sent = 0;
  const headers = body
    ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }
    : PRODUCT_HEADERS;
  const one = (): Promise<void> =>
    new Promise((resolve, reject) => {
      http
        .request(url, { agent, method: body ? 'POST' : 'GET', headers }, (res) => {
          if ((res.statusCode ?? 0) >= 400) reject(new Error(`${url}: ${res.statusCode}`));
          res.resume();
          res.on('end', resolve);
        })
        .on('error', reject)
        .end(body);
    });
  const lane = async () => {
    while (sent < count) {
      sent += 1;
      await one();
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, lane));
  } finally {
    agent.destroy();
  }
}

/** callgrind_control's command for a process: instrumentation on or off, or a dump of the counts so far. */
function callgrindControl(pid: number, ...command: string[]): void {
  // valgrind names its command pipes after $USER and $HOST as the server saw them, and the servers here
  // run with HOST set to the address they listen on.
  const r = spawnSync('callgrind_control', [...command, String(pid)], {
    stdio: 'ignore',
    env: { ...process.env, HOST },
  });
  if (r.status !== 0) throw new Error(`callgrind_control ${command.join(' ')} ${pid} failed`);
}

/**
 * The instructions (Ir) of one dump: callgrind writes each `--dump` to `<out file>.<n>` (n from 1) and
 * zeroes its counters, so the n-th dump holds exactly the n-th window.
 */
function dumpedInstructions(outFile: string, dump: number): number {
  const totals = /^totals: (\d+)/m.exec(readFileSync(`${outFile}.${dump}`, 'utf8'));
  if (!totals) throw new Error(`${outFile}.${dump}: no totals line`);
  return Number(totals[1]);
}

/** A fresh directory for callgrind's counts, and the command that runs a server under it. */
function callgrindRun(): { outFile: (name: string) => string; wrapper: (name: string) => string[] } {
  ensureTool('valgrind', ['--version'], 'valgrind');
  const dir = path.join(scriptDir, 'callgrind');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const outFile = (name: string) => path.join(dir, `${name}.out`);
  // V8 writes machine code at run time: valgrind must look for changed code outside the binary's own files.
  const wrapper = (name: string) => [
    'valgrind',
    '--tool=callgrind',
    '--smc-check=all-non-file',
    '--instr-atstart=no',
    `--callgrind-out-file=${outFile(name)}`,
  ];
  return { outFile, wrapper };
}

interface CountedRow {
  readonly label: string;
  readonly url: string;
  readonly pid: number;
  /** A checkout's JSON: the row's requests are POSTs of it. */
  readonly body?: string;
}

/** `warmup` requests, then INSTRUCTION_WINDOWS windows of `window` requests each counted alone. */
async function countedWindows<T extends CountedRow>(
  row: T,
  outFile: string,
  warmup: number,
  window: number,
): Promise<T & { perRequest: number[] }> {
  await sendRequests(row.url, warmup, 10, row.body);
  const perRequest: number[] = [];
  for (let w = 0; w < INSTRUCTION_WINDOWS; w++) {
    callgrindControl(row.pid, '--instr=on');
    await sendRequests(row.url, window, 10, row.body);
    callgrindControl(row.pid, '--instr=off');
    callgrindControl(row.pid, '--dump');
    perRequest.push(dumpedInstructions(outFile, w + 1) / window);
  }
  return { ...row, perRequest };
}

/** The rows' medians against the first row's. */
function printInstructions(
  measured: readonly (CountedRow & { perRequest: number[] })[],
  against: string,
  warmup: number,
  window: number,
): void {
  const base = median(measured[0]?.perRequest ?? []);
  console.log(
    `\ncallgrind, ${warmup} requests to warm up, then ${INSTRUCTION_WINDOWS} windows of ` +
      `${window} (10 keep-alive connections); user-space instructions per request:\n`,
  );
  printTable(
    ['target', 'median', against, 'each window'],
    measured.map((row) => {
      const m = median(row.perRequest);
      return [
        row.label,
        `${Math.round(m / 1000)}k`,
        `${Math.round((m / base) * 100)}%`,
        row.perRequest.map((n) => `${Math.round(n / 1000)}k`).join(' '),
      ];
    }),
  );
}

/**
 * Instructions per product page, the replay's and the shop's, counted by callgrind (user space only: the
 * kernel's share, the socket writes and the wake-ups of the client, is not in them). wrk's figures on these
 * shared 2-core hosts move by a quarter from round to round and between hosts; an instruction count moves
 * by a few percent (the JIT does not compile the same way twice), whatever the host does. Each server runs
 * under valgrind with instrumentation off and V8's memory reducer off (INSTRUCTION_NODE_ARGS), gets
 * INSTRUCTION_WARMUP requests, then INSTRUCTION_WINDOWS windows of INSTRUCTION_WINDOW requests each counted
 * alone; the median windows are compared, the shop's held to at most BUDGET.productInstructionsFactor times
 * the replay's. Both servers are measured at once (valgrind runs a process on one core).
 */
async function instructionsRow(webDir: string): Promise<void> {
  const { outFile, wrapper } = callgrindRun();
  const stops: (() => Promise<void>)[] = [];
  try {
    // The replay's bytes come from the shop itself, captured as bench:api's page row does.
    const shop = await startShop({
      webDir,
      port: await freePort(process.env.BENCH_PORT),
      logLevel: 'info',
      discardStdout: true,
      wrapper: wrapper('shop'),
      nodeArgs: INSTRUCTION_NODE_ARGS,
      healthTimeoutMs: 600_000,
    });
    stops.push(shop.stop);
    const shopUrl = `${shop.baseUrl}/product/1`;
    const shopTarget: Target = {
      name: 'instructions-shop',
      label: 'GET /product/1 (br), SQLite shop',
      url: shopUrl,
      method: 'GET',
      headers: PRODUCT_HEADERS,
      pid: shop.pid,
    };
    const replay = await startReplayOf(shopTarget, wrapper('replay'), INSTRUCTION_NODE_ARGS);
    stops.push(replay.stop);
    const rows = [
      { label: 'replay of /product/1', name: 'replay', url: `${replay.url}/`, pid: replay.pid },
      { label: shopTarget.label, name: 'shop', url: shopUrl, pid: shop.pid },
    ];
    const measured = await Promise.all(
      rows.map((row) => countedWindows(row, outFile(row.name), INSTRUCTION_WARMUP, INSTRUCTION_WINDOW)),
    );
    const replayMedian = median(measured[0]?.perRequest ?? []);
    const shopMedian = median(measured[1]?.perRequest ?? []);
    printInstructions(measured, 'vs replay', INSTRUCTION_WARMUP, INSTRUCTION_WINDOW);
    const factor = shopMedian / replayMedian;
    const limit = BUDGET.productInstructionsFactor;
    if (factor <= limit) {
      console.log(
        `\nbench:api --instructions: the shop's page ${factor.toFixed(2)}x the replay's (budget <= ${limit}x)`,
      );
    } else {
      console.error(
        `\nbench:api --instructions: budget missed: the shop's page ${factor.toFixed(2)}x the replay's instructions > ${limit}x`,
      );
      process.exitCode = 1;
    }
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

/**
 * `--instructions --rows=checkout`: instructions per checkout, the SQLite shop's (test provider, production
 * log level) against its floor's (Fastify + one transaction storing the same order), both under callgrind at
 * once, 10 connections. Whatever the host does, the ratio moves by a few per cent, where wrk's moves by a
 * quarter; a change to the checkout's path shows here before a quiet host is free for wrk. No budget: the
 * checkout's budgets are wrk's (requests/s and p99, which count the host's second core too).
 */
const CHECKOUT_INSTRUCTION_WARMUP = 4_000;
const CHECKOUT_INSTRUCTION_WINDOW = 1_000;
async function checkoutInstructionsRow(webDir: string): Promise<void> {
  const { outFile, wrapper } = callgrindRun();
  const stops: (() => Promise<void>)[] = [];
  try {
    const [floor, shop] = await Promise.all([
      (async () =>
        startScript(FLOOR_SQLITE, await freePort(), {}, wrapper('floor'), INSTRUCTION_NODE_ARGS))(),
      (async () =>
        startShop({
          webDir,
          port: await freePort(process.env.BENCH_PORT),
          logLevel: 'info',
          discardStdout: true,
          env: { RATE_LIMITS: CHECKOUT_RATE_LIMITS },
          wrapper: wrapper('shop'),
          nodeArgs: INSTRUCTION_NODE_ARGS,
          healthTimeoutMs: 600_000,
        }))(),
    ]);
    stops.push(floor.stop, shop.stop);
    const rows = [
      {
        label: 'floor: Fastify + SQLite transaction',
        name: 'floor',
        url: `${floor.url}/api/checkout`,
        pid: floor.pid,
      },
      {
        label: 'POST /api/checkout, SQLite',
        name: 'shop',
        url: `${shop.baseUrl}/api/checkout`,
        pid: shop.pid,
      },
    ].map((row) => ({ ...row, body: CHECKOUT_BODY }));
    const measured = await Promise.all(
      rows.map((row) =>
        countedWindows(row, outFile(row.name), CHECKOUT_INSTRUCTION_WARMUP, CHECKOUT_INSTRUCTION_WINDOW),
      ),
    );
    printInstructions(measured, 'vs floor', CHECKOUT_INSTRUCTION_WARMUP, CHECKOUT_INSTRUCTION_WINDOW);
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

/** What the run does, for its first line. */
/** Confirmed subscribers the campaign goes to (docs/product/states.md §5.10: "a send to thousands"). */
const NEWSLETTER_SUBSCRIBERS = 2_000;
const NEWSLETTER_P99_FACTOR = 1.5;

/**
 * The checkout while the newsletter goes out: the SQLite shop's checkout p99 (ab, as the other POST rows)
 * idle, then from the moment a campaign to 2,000 confirmed subscribers is sent, through the first passes
 * that start it (every recipient's row written) and queue its paced batches into the outbox, whose sender
 * writes them out. Rounds of 4 s, each figure the median of the rounds.
 */
async function newsletterRow(webDir: string): Promise<void> {
  const shop = await startShop({
    webDir,
    port: await freePort(),
    logLevel: 'info',
    discardStdout: true,
    env: { RATE_LIMITS: CHECKOUT_RATE_LIMITS },
  });
  const up = Date.now();
  try {
    // The subscribers, confirmed, written straight into the shop's database (the sign-up's own rows).
    const { DatabaseSync } = await import('node:sqlite');
    const db = new DatabaseSync(path.join(shop.dataDir, 'solas.sqlite'));
    const at = new Date().toISOString();
    const insert = db.prepare(
      `insert into newsletter_signups (email, email_key, source, created_at, status, token, confirmed_at)
       values (?, ?, 'bench', ?, 'confirmed', ?, ?)`,
    );
    db.exec('begin');
    for (let i = 0; i < NEWSLETTER_SUBSCRIBERS; i++) {
      const email = `reader-${i}@example.com`;
      insert.run(email, email, at, randomBytes(24).toString('base64url'), at);
    }
    db.exec('commit');
    db.close();
    const target: Target = {
      name: 'newsletter-checkout',
      label: 'POST /api/checkout, SQLite',
      url: `${shop.baseUrl}/api/checkout`,
      method: 'POST',
      headers: CHECKOUT_HEADERS,
      body: CHECKOUT_BODY,
      pid: shop.pid,
    };
    const rounds = SMOKE ? 1 : 3;
    const measure = async () => {
      const runs: AbResult[] = [];
      for (let i = 0; i < rounds; i++) runs.push(await runAb(target, SMOKE ? 1 : 4));
      return runs;
    };
    // Every checkout here stays unpaid: the reconcile pass (15 s after start, then every minute) checks
    // them, tens of thousands at full load, and would fall into one phase and not the other. Both phases
    // run after its first pass (on an empty shop) and end before its second.
    if (!SMOKE) {
      await sleep(Math.max(0, up + 16_000 - Date.now()));
      await runAb(target, 1);
    }
    const idle = await measure();
    const owner = {
      authorization: 'Bearer bench-admin-token-0123456789abcdef0123',
      'content-type': 'application/json',
      origin: shop.baseUrl,
    };
    const created = await fetch(`${shop.baseUrl}/api/admin/campaigns`, {
      method: 'POST',
      headers: owner,
      body: JSON.stringify({ subject: 'Winter colours', body: 'New bracelets for the dark evenings.' }),
    });
    const { campaign } = (await created.json()) as { campaign: { id: string } };
    const campaignUrl = `${shop.baseUrl}/api/admin/campaigns/${campaign.id}`;
    const sent = await fetch(`${campaignUrl}/send`, { method: 'POST', headers: owner, body: '{}' });
    if (sent.status !== 202) throw new Error(`the campaign's send answered ${sent.status}`);
    // From the send until the campaign has started (its pass runs every 10 s) and 3 rounds at least.
    type Campaign = { campaign: { status: string; recipients: number; sent: number } };
    const during: AbResult[] = [];
    let state: Campaign;
    do {
      during.push(await runAb(target, SMOKE ? 1 : 4));
      state = (await (await fetch(campaignUrl, { headers: owner })).json()) as Campaign;
    } while (!SMOKE && (state.campaign.recipients === 0 || during.length < 3) && during.length < 10);
    const p99 = (runs: readonly AbResult[]) => median(runs.map((r) => r.p99Ms));
    const p50 = (runs: readonly AbResult[]) => median(runs.map((r) => r.p50Ms));
    const bad = [...idle, ...during].reduce((n, r) => n + r.non2xx + r.errors, 0);
    const factor = p99(during) / Math.max(1, p99(idle));
    printTable(
      ['row', 'p50 ms', 'p99 ms', 'requests'],
      [
        ['checkout, idle', p50(idle), p99(idle), idle.reduce((n, r) => n + r.requests, 0)],
        [
          `checkout, campaign to ${state.campaign.recipients} sending (${state.campaign.sent} sent so far)`,
          p50(during),
          p99(during),
          during.reduce((n, r) => n + r.requests, 0),
        ],
      ],
    );
    console.log(
      `p99 during the send: ${factor.toFixed(2)}x idle (budget ${NEWSLETTER_P99_FACTOR}x); non-2xx or errors: ${bad}`,
    );
    const seconds = Math.round((Date.now() - up) / 1000);
    if (!SMOKE && seconds >= 75)
      console.log(
        `(measured until ${seconds} s after start: the second reconcile pass may have fallen into the send's rounds)`,
      );
    if (!SMOKE && (factor > NEWSLETTER_P99_FACTOR || bad > 0)) process.exitCode = 1;
  } finally {
    await shop.stop();
  }
}

function plan(): string {
  const [load1] = loadavg();
  return (
    `wrk, ${THREADS} thread(s), ${CONNECTIONS} connections; per target ${WARMUP} s warm-up, then ` +
    `${ROUNDS} round(s) of ${SLICE} s (${ROUNDS * SLICE} s in all); load average ${load1?.toFixed(2)} at the start`
  );
}

function rowOf(rows: ReadonlyMap<Target, Measured>, t: Target): Measured {
  const row = rows.get(t);
  if (!row) throw new Error(`${t.label} was not measured`);
  return row;
}

async function main() {
  const webDir = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : path.join(ROOT, 'dist/web');
  if (!existsSync(path.join(webDir, 'index.html'))) {
    throw new Error(`${webDir} holds no build: run \`npm run build\` (or set BENCH_DIST) first`);
  }
  ensureTool('wrk', ['--version'], 'wrk');
  // The checkouts' latencies (see runAb).
  ensureTool('ab', ['-V'], 'apache2-utils');
  if (args.profile || POSTGRES_PROFILE) {
    await profileRow(webDir);
    return;
  }
  if (args.instructions) {
    await (args.rows === 'checkout' ? checkoutInstructionsRow(webDir) : instructionsRow(webDir));
    return;
  }
  if (args.newsletter) {
    await newsletterRow(webDir);
    return;
  }
  const withPg = !args['sqlite-only'];
  const stops: (() => Promise<void>)[] = [];
  const pairs: Pair[] = [];
  const startedAt = Date.now();
  const [load1] = loadavg();
  try {
    // The production log level (one line per checkout), written to /dev/null. The servers start together:
    // each is a process of its own, and starting them one by one doubled the smoke's time.
    const shopEnv = { RATE_LIMITS: CHECKOUT_RATE_LIMITS, METRICS_TOKEN: BENCH_METRICS_TOKEN };
    const startQuiet = async (env: Record<string, string>, port?: string) =>
      startShop({ webDir, port: await freePort(port), logLevel: 'info', env, discardStdout: true });
    const schemas = withPg ? await Promise.all([freshSchema(), freshSchema()]) : [];
    for (const s of schemas) stops.push(s.drop);
    const withApplication = (url: string, name: string) => {
      const u = new URL(url);
      u.searchParams.set('application_name', name);
      return u.toString();
    };
    const [shopSchema, floorSchema] = schemas;
    const started = await Promise.allSettled([
      startQuiet(shopEnv, process.env.BENCH_PORT),
      PAGE_ONLY ? null : (async () => startScript(FLOOR_SQLITE, await freePort(), {}))(),
      shopSchema
        ? startQuiet({ ...shopEnv, DATABASE_URL: withApplication(shopSchema.url, 'solas-bench-shop') })
        : null,
      floorSchema && !PAGE_ONLY
        ? (async () =>
            startScript(FLOOR_POSTGRES, await freePort(), {
              FLOOR_DATABASE_URL: withApplication(floorSchema.url, 'solas-bench-floor'),
            }))()
        : null,
    ] as const);
    for (const r of started) if (r.status === 'fulfilled' && r.value) stops.push(r.value.stop);
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const value = <T>(r: PromiseSettledResult<T>): T => (r as PromiseFulfilledResult<T>).value;
    const shop = value(started[0]);
    const sqliteFloor = value(started[1]);
    const pgShop = value(started[2]);
    const pgFloor = value(started[3]);

    const product = (s: StartedShop, label: string, pgApplication?: string): Target => ({
      name: label.replace(/\W+/g, '-'),
      label,
      url: `${s.baseUrl}/product/1`,
      method: 'GET',
      headers: PRODUCT_HEADERS,
      pid: s.pid,
      ...(pgApplication ? { pgApplication } : {}),
    });
    const checkout = (url: string, pid: number, label: string, pgApplication?: string): Target => ({
      name: label.replace(/\W+/g, '-'),
      label,
      url: `${url}/api/checkout`,
      method: 'POST',
      headers: CHECKOUT_HEADERS,
      body: CHECKOUT_BODY,
      pid,
      ...(pgApplication ? { pgApplication } : {}),
    });

    const shopProduct = product(shop, 'GET /product/1 (br), SQLite shop');
    const replay = await startReplayOf(shopProduct);
    stops.push(replay.stop);
    const replayTarget: Target = {
      ...shopProduct,
      name: 'replay',
      label: 'replay of /product/1',
      url: `${replay.url}/`,
      pid: replay.pid,
    };

    if (PAGE_ONLY) {
      const pgProduct = pgShop
        ? product(pgShop, 'GET /product/1 (br), PostgreSQL shop', 'solas-bench-shop')
        : null;
      await verify(replayTarget, 'product');
      if (pgProduct) await verify(pgProduct, 'product');
      console.log(`${plan()}; the page rows only\n`);
      const rows = await measureInterleaved([replayTarget, shopProduct, ...(pgProduct ? [pgProduct] : [])]);
      const replayRow = rowOf(rows, replayTarget);
      pairs.push({ kind: 'product', shop: rowOf(rows, shopProduct), floor: replayRow });
      if (pgProduct) pairs.push({ kind: 'product', shop: rowOf(rows, pgProduct), floor: replayRow });
    } else {
      if (!sqliteFloor) throw new Error('the SQLite floor did not start');
      const shopCheckout = checkout(shop.baseUrl, shop.pid, 'POST /api/checkout, SQLite');
      const sqliteFloorTarget = checkout(
        sqliteFloor.url,
        sqliteFloor.pid,
        'floor: Fastify + SQLite transaction',
      );
      const checks: Target[] = [replayTarget, shopCheckout, sqliteFloorTarget];
      let pgTargets: { product: Target; checkout: Target; floor: Target } | null = null;
      if (pgShop && pgFloor) {
        pgTargets = {
          product: product(pgShop, 'GET /product/1 (br), PostgreSQL shop', 'solas-bench-shop'),
          checkout: checkout(
            pgShop.baseUrl,
            pgShop.pid,
            'POST /api/checkout, PostgreSQL',
            'solas-bench-shop',
          ),
          floor: checkout(
            pgFloor.url,
            pgFloor.pid,
            'floor: Fastify + PostgreSQL transaction',
            'solas-bench-floor',
          ),
        };
        checks.push(pgTargets.checkout, pgTargets.floor);
      }
      for (const t of checks) await verify(t, t.method === 'POST' ? 'checkout' : 'product');
      if (pgTargets) await verify(pgTargets.product, 'product');

      console.log(`${plan()}\n`);
      // Each comparison in rounds of its own, a row next to its floor in every round: the pages first (no
      // checkout's aftermath, a database's checkpoint or a heap full of orders, lands on them), then each
      // database's checkouts against their floor.
      const rows = new Map([
        ...(await measureInterleaved([replayTarget, shopProduct, ...(pgTargets ? [pgTargets.product] : [])])),
        ...(await measureInterleaved([sqliteFloorTarget, shopCheckout])),
        ...(pgTargets ? await measureInterleaved([pgTargets.floor, pgTargets.checkout]) : []),
      ]);
      const replayRow = rowOf(rows, replayTarget);
      pairs.push({ kind: 'product', shop: rowOf(rows, shopProduct), floor: replayRow });
      pairs.push({
        kind: 'checkout',
        shop: rowOf(rows, shopCheckout),
        floor: rowOf(rows, sqliteFloorTarget),
      });
      if (pgTargets) {
        pairs.push({ kind: 'product', shop: rowOf(rows, pgTargets.product), floor: replayRow });
        pairs.push({
          kind: 'checkout',
          shop: rowOf(rows, pgTargets.checkout),
          floor: rowOf(rows, pgTargets.floor),
        });
      }
    }
    await reportMetrics([shop, pgShop]);
  } finally {
    for (const stop of stops.reverse()) await stop().catch((err) => console.error(err));
  }
  const [loadEnd] = loadavg();

  const us = (v: number | null) => (v === null ? 'n/a' : `${Math.round(v)} µs`);
  const rows: unknown[][] = [];
  const failures: string[] = [];
  const seenFloors = new Set<Measured>();
  const percent = (v: number) => `${Math.round(v * 100)}%`;
  for (const { kind, shop, floor } of pairs) {
    // The budgets hold the median of the rounds' comparisons: a row against its floor in the same round.
    const ratios = roundRatios(shop, floor, (s) => s.rps);
    const ratio = median(ratios);
    const p99Factor = median(roundRatios(shop, floor, (s) => s.p99Ms));
    const minRatio = kind === 'product' ? BUDGET.productRatio : BUDGET.checkoutRatio;
    for (const r of seenFloors.has(floor) ? [shop] : [floor, shop]) {
      rows.push([
        r.label,
        Math.round(r.rps),
        `${r.p50Ms.toFixed(1)} ms`,
        `${r.p99Ms.toFixed(1)} ms`,
        r === shop ? percent(ratio) : '100%',
        r === shop ? ratios.map((x) => Math.round(x * 100)).join(' ') : '',
        us(r.cpuUs),
        r.dbCpuUs === null ? '' : us(r.dbCpuUs),
        r.non2xx + r.socketErrors,
      ]);
    }
    seenFloors.add(floor);
    if (ratio < minRatio) {
      failures.push(`${shop.label}: ${percent(ratio)} of ${floor.label} < ${minRatio * 100}%`);
    }
    if (kind === 'checkout' && p99Factor > BUDGET.checkoutP99Factor) {
      failures.push(
        `${shop.label}: p99 ${p99Factor.toFixed(2)}x the floor's (median of the rounds) > ${BUDGET.checkoutP99Factor}x`,
      );
    }
  }
  const errorFailures: string[] = [];
  for (const r of new Set(pairs.flatMap((p) => [p.shop, p.floor]))) {
    if (r.non2xx > 0) errorFailures.push(`${r.label}: ${r.non2xx} responses with status >= 400`);
    if (r.socketErrors > 0) errorFailures.push(`${r.label}: ${r.socketErrors} socket errors`);
  }
  console.log('');
  printTable(
    ['target', 'req/s', 'p50', 'p99', 'vs floor', 'each round (%)', 'server CPU/req', 'db CPU/req', 'errors'],
    rows,
  );
  console.log(
    `\nLoad average ${load1?.toFixed(2)} at the start, ${loadEnd?.toFixed(2)} at the end; ` +
      `${Math.round((Date.now() - startedAt) / 1000)} s.`,
  );
  if (SMOKE) {
    // The smoke proves every server answers correctly under load and the table is produced: no budgets.
    if (errorFailures.length > 0) {
      console.error('bench:api --smoke: errors under load:');
      for (const f of errorFailures) console.error(`  - ${f}`);
      process.exitCode = 1;
    } else {
      console.log('bench:api --smoke: every row measured, no errors (budgets not checked)');
    }
    return;
  }
  console.log(
    `Budgets (medians of the rounds): product page >= ${BUDGET.productRatio * 100}% of the replay's requests/s ` +
      `(and <= ${BUDGET.productInstructionsFactor * 100}% of its instructions per request: --instructions); checkout >= ` +
      `${BUDGET.checkoutRatio * 100}% of its floor and p99 <= ${BUDGET.checkoutP99Factor}x the floor's; no errors`,
  );
  failures.push(...errorFailures);
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
