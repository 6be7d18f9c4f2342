// Shared by the benchmarks: build the shop (in place, or out of tree), start the real server on a free
// loopback port with a fresh data directory, and stop it again.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_NODE_ARGS } from '../build-server';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const HOST = '127.0.0.1';

function run(cmd: string, args: readonly string[], label: string): void {
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`${label} failed (exit ${r.status ?? r.signal})`);
  console.log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Builds the shop and returns the directory to serve. Without `outDir`: `npm run build` into dist/ (what a
 * person runs). With `outDir` (BENCH_DIST): the same steps into that directory, so a build shared with
 * others is never replaced mid-test. The SSR bundle goes next to it and needs node_modules to resolve.
 */
export function buildShop(outDir?: string): string {
  if (!outDir) {
    run('npm', ['run', 'build'], 'npm run build');
    return path.join(ROOT, 'dist/web');
  }
  const web = path.resolve(outDir);
  const ssr = `${web}-ssr`;
  run('npm', ['run', 'build:images'], 'images');
  run('npx', ['vite', 'build', '--outDir', web, '--emptyOutDir', '--logLevel', 'warn'], 'vite build');
  run(
    'npx',
    [
      'vite',
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      ssr,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    'vite build --ssr',
  );
  mkdirSync(ssr, { recursive: true });
  const modules = path.join(ssr, 'node_modules');
  if (!existsSync(modules)) symlinkSync(path.join(ROOT, 'node_modules'), modules, 'dir');
  run('npx', ['tsx', 'scripts/prerender.ts', web, path.join(ssr, 'entry-server.js')], 'prerender');
  run('npx', ['tsx', 'scripts/compress-assets.ts', web], 'compress');
  return web;
}

/**
 * A port the OS says is free right now, or `preferred` (BENCH_PORT) after checking that nothing listens
 * there: otherwise the health check would pass against someone else's server and we would measure it.
 */
export async function freePort(preferred?: string): Promise<number> {
  const wanted = preferred ? Number(preferred) : 0;
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', (err: NodeJS.ErrnoException) =>
      reject(new Error(`port ${wanted} is not free (${err.code ?? err.message})`)),
    );
    srv.listen(wanted, HOST, () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : wanted));
    });
  });
}

/** Children still running when the benchmark exits (an error, Ctrl-C) are killed, never left behind. */
const children = new Set<ChildProcess>();
export function track<T extends ChildProcess>(child: T): T {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of children) child.kill('SIGTERM');
    process.exit(130);
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (code ${child.exitCode})`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  throw new Error(`server did not become healthy at ${url} within ${timeoutMs} ms`);
}

export interface StartedShop {
  readonly baseUrl: string;
  readonly pid: number;
  /** Its DATA_DIR (removed on stop). */
  readonly dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the server exactly as production does (plain node on a fresh bundle of server/main.ts, see
 * scripts/build-server.ts; NODE_ENV=production), with the
 * built-in test checkout allowed (there is no Stripe key here), rate limits off and a fresh DATA_DIR
 * that is removed on stop.
 */
export async function startShop({
  webDir,
  port,
  logLevel = 'warn',
  env = {},
  discardStdout = false,
  nodeArgs = [],
  wrapper = [],
  healthTimeoutMs = 120_000,
}: {
  webDir: string;
  port: number;
  logLevel?: string;
  env?: Record<string, string>;
  /** Load tests at the production log level: the log lines are written (their cost counts) to /dev/null. */
  discardStdout?: boolean;
  /** Extra node options, e.g. --cpu-prof for a profile of the run. */
  nodeArgs?: readonly string[];
  /** A command that runs node, e.g. valgrind's (bench:api --instructions); its process is the server's. */
  wrapper?: readonly string[];
  healthTimeoutMs?: number;
}): Promise<StartedShop> {
  const bundle = await buildServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'solas-bench-data-'));
  const baseUrl = `http://${HOST}:${port}`;
  const [command = process.execPath, ...argv] = [
    ...wrapper,
    process.execPath,
    ...SERVER_NODE_ARGS,
    ...nodeArgs,
    bundle,
  ];
  const child = track(
    spawn(command, argv, {
      cwd: ROOT,
      stdio: ['ignore', discardStdout ? 'ignore' : 'inherit', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST,
        PUBLIC_URL: baseUrl,
        WEB_DIST_DIR: webDir,
        DATA_DIR: dataDir,
        LOG_LEVEL: logLevel,
        RATE_LIMITS: 'off',
        ALLOW_TEST_CHECKOUT: 'true',
        // Production refuses to start without one (docs/product/orders.md §10.1).
        ADMIN_TOKEN: 'bench-admin-token-0123456789abcdef0123',
        ...env,
      },
    }),
  );
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Generous: on a shared 2-core machine under load the server has taken over 30 s to start.
    await waitForHealth(`${baseUrl}/api/health`, child, healthTimeoutMs);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, pid: child.pid ?? 0, dataDir, stop };
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const at = (i: number) => sorted[i] ?? Number.NaN;
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
};

/** Plain fixed-width table for the terminal. */
export function printTable(headers: readonly string[], rows: readonly (readonly unknown[])[]): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: readonly unknown[]) =>
    cells.map((c, i) => String(c).padStart(widths[i] ?? 0)).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}
