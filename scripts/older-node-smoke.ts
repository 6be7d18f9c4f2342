// The last step of `npm test`: the shop on the machine's own Node.js, when that is older than the
// Node.js 24 the shop installs and is proven on (every other step ran on 24: npm puts the installed
// `node` first on its scripts' PATH). Node 20 has no node:sqlite, so there the shop must refuse SQLite
// with a clear line, and serve on PostgreSQL: home page, catalogue, health and a checkout.
// The machine's Node.js is the first `node` on PATH outside this project's node_modules: npm's own
// (npm_node_execpath) is no guide, since `npm test` runs this step through a nested `npm run`, and that
// npm already runs on the installed Node 24.
import { spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SERVER_BUNDLE, SERVER_NODE_ARGS } from './build-server';

/** The first `node` on PATH that is not one this project installed (node_modules/.bin, the node package). */
function machineNode(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir === '' || dir.split(path.sep).includes('node_modules')) continue;
    const candidate = path.join(dir, 'node');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return null;
}
const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const START_TIMEOUT_MS = 30_000;

class SmokeFailure extends Error {}

/** Thrown, so that every `finally` below stops its server and drops its database before the exit. */
function fail(message: string): never {
  throw new SmokeFailure(message);
}

function versionOf(node: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, ['-p', 'process.versions.node'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('exit', () => resolve(out.trim()));
  });
}

interface Started {
  readonly url: string | null;
  readonly output: string;
  stop(): Promise<void>;
}

/** Runs the server's bundle on `node` until it listens or exits. */
function startShop(node: string, env: Record<string, string>): Promise<Started> {
  const child = spawn(node, [...SERVER_NODE_ARGS, SERVER_BUNDLE], {
    // As `npm start` runs it: the embedded defaults.
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ url: null, output: `${output}\n(not listening after ${START_TIMEOUT_MS} ms)`, stop });
    }, START_TIMEOUT_MS);
    const heard = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ url: m[1], output, stop });
      }
    };
    child.stdout.on('data', heard);
    child.stderr.on('data', heard);
    void exited.then(() => {
      clearTimeout(timer);
      resolve({ url: null, output, stop: async () => {} });
    });
  });
}

async function expectOk(url: string, init?: RequestInit): Promise<string> {
  const response = await fetch(url, init);
  const body = await response.text();
  if (!response.ok)
    fail(`${init?.method ?? 'GET'} ${url} answered ${response.status}: ${body.slice(0, 300)}`);
  return body;
}

async function smoke(machine: string): Promise<void> {
  const version = await versionOf(machine);
  const major = Number(version.split('.')[0]);
  if (!Number.isInteger(major)) fail(`could not read the version of ${machine}`);
  if (major >= 24) {
    console.log(
      `older-node smoke: this machine's Node.js (${machine}) is ${version}, as new as the one the suite ran on: nothing older to check`,
    );
    return;
  }
  console.log(`older-node smoke: this machine's Node.js (${machine}) is ${version}`);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'solas-older-node-'));
  const database = `solas_older_node_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    const hasSqlite = major > 22 || (major === 22 && Number(version.split('.')[1]) >= 13);
    const sqlite = await startShop(machine, { DATA_DIR: path.join(dataDir, 'sqlite') });
    await sqlite.stop();
    if (hasSqlite && !sqlite.url) fail(`Node.js ${version} did not serve on SQLite:\n${sqlite.output}`);
    if (!hasSqlite && !sqlite.output.includes('SQLite needs Node.js 22.13 or later')) {
      fail(`Node.js ${version} without node:sqlite did not say why it cannot use SQLite:\n${sqlite.output}`);
    }

    await admin.connect();
    await admin.query(`create database ${database}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${database}`;
    const shop = await startShop(machine, {
      DATA_DIR: path.join(dataDir, 'postgres'),
      DATABASE_URL: url.toString(),
    });
    if (!shop.url) fail(`Node.js ${version} did not serve on PostgreSQL:\n${shop.output}`);
    try {
      const home = await expectOk(`${shop.url}/`);
      if (!home.includes('Solas')) fail('the home page does not name the shop');
      await expectOk(`${shop.url}/api/health`);
      // The first bracelet of the embedded catalogue.
      await expectOk(`${shop.url}/api/products/1`);
      const checkout = JSON.parse(
        await expectOk(`${shop.url}/api/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            email: 'older-node@example.com',
            items: [{ id: '1', quantity: 1 }],
            zone: 'IE',
          }),
        }),
      ) as { url?: string };
      if (!checkout.url) fail('the checkout gave no payment page');
    } finally {
      await shop.stop();
    }
    console.log(
      `older-node smoke: Node.js ${version} refuses SQLite with a clear line and serves on PostgreSQL ` +
        '(home page, a product, health, a checkout)',
    );
  } finally {
    await admin.query(`drop database if exists ${database} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  const node = machineNode();
  if (!node) {
    console.log('older-node smoke: no Node.js on PATH besides the installed one: nothing older to check');
  } else await smoke(node);
} catch (error) {
  console.error(`older-node smoke: ${error instanceof SmokeFailure ? error.message : String(error)}`);
  process.exitCode = 1;
}
