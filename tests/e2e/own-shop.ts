/**
 * A shop of the file's own: a journey that changes what every shopper sees (sales paused, a product paused
 * or added, the capacity, an early-bird tier, the settings) runs on a real server started for its spec
 * file alone, with a fresh DATA_DIR and port, so no other journey ever sees its moment and the file runs
 * beside the others. Call `shopOfItsOwn()` at the top of the file: the file's `baseURL` (so `page.goto('/')`
 * and `request`) points at that server, started before the file's first journey and stopped after its last.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_BUNDLE, SERVER_NODE_ARGS } from '../../scripts/build-server';
import { test } from './fixtures';
import { shopServerEnv } from './shop-env';

export interface OwnShop {
  readonly url: string;
  /** The server's DATA_DIR (its outbox's files are in `outbox/`). */
  readonly dataDir: string;
}

const WEB_DIST = process.env.E2E_DIST ?? 'dist/web';

/** A port nobody listens on now (the OS picks it; the server binds it a moment later). */
async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once the server answers /api/health; rejects as soon as it exits. */
async function answering(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) =>
      reject(new Error(`the journey's own shop exited (${signal ?? code}) before it answered:\n${output()}`)),
    ),
  );
  const ready = (async () => {
    for (;;) {
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  await Promise.race([ready, exited]);
}

/** What a file adds to its shop's environment, or a function giving it just before the shop starts. */
export type OwnShopEnv = Readonly<Record<string, string>> | (() => Promise<Readonly<Record<string, string>>>);

/**
 * Starts the file's own shop for its first journey; `extraEnv` adds to the journeys' environment. A
 * function is called when the shop starts: a fake service the shop talks to listens first, on a port the
 * OS chose (a fixed one collides with another run's or repeat's).
 */
export function shopOfItsOwn(extraEnv: OwnShopEnv = {}): () => OwnShop {
  // Started by the first journey that asks for a page or a request (Playwright sets a test's fixtures up
  // before the file's beforeAll hooks run), kept for the file's other journeys, stopped after its last.
  let starting: Promise<RunningShop> | null = null;
  let shop: RunningShop | null = null;
  let stopped = false;

  test.afterAll(async () => {
    stopped = true;
    const running = await starting?.catch(() => null);
    shop = null;
    await running?.stop();
  });

  test.use({
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter.
    baseURL: async ({}, use, testInfo) => {
      // A hook the file runs after its last journey (its own afterAll) gets the test fixtures too, the
      // auto ones asking for a page: it gets no shop, never a second one that nothing would stop.
      if (stopped) {
        await use(undefined);
        return;
      }
      if (!starting) {
        // A server's start (migrations, the first rendering of every page) on a busy 2-core machine.
        testInfo.setTimeout(testInfo.timeout + 60_000);
        starting = (typeof extraEnv === 'function' ? extraEnv() : Promise.resolve(extraEnv)).then(startShop);
      }
      shop = await starting;
      await use(shop.url);
    },
  });

  return () => {
    if (!shop)
      throw new Error("the file's own shop is not running yet: it starts with the file's first journey");
    return shop;
  };
}

interface RunningShop extends OwnShop {
  stop(): Promise<void>;
}

async function startShop(extraEnv: Readonly<Record<string, string>>): Promise<RunningShop> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'solas-e2e-own-'));
  let output = '';
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_BUNDLE], {
    env: { ...process.env, ...shopServerEnv(port, dataDir, WEB_DIST), ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await answering(url, child, () => output);
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
