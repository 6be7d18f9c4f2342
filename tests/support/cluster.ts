/**
 * Several real shop processes on one database behind a real nginx (deploy/nginx/, filled with this run's
 * ports), the way docs/deploy.md runs them: `npm run migrate` first, then the instances, then nginx on a
 * free port in front. For the multi-instance journey (tests/e2e/multi-instance.spec.ts) and
 * `npm run soak -- --instances=N`. Everything lives under `dir` (each instance's DATA_DIR, nginx's prefix).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { type ServerProcess, startServerProcess } from './server-process';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NGINX_DIR = path.join(ROOT, 'deploy', 'nginx');
export const NGINX_BIN = process.env.NGINX_BIN || '/usr/sbin/nginx';

export interface ShopInstance extends ServerProcess {
  readonly dataDir: string;
}

export interface Cluster {
  /** nginx's address: PUBLIC_URL of every instance. */
  readonly url: string;
  readonly instances: readonly ShopInstance[];
  /** nginx's error log (a refused upstream is logged there). */
  nginxLog(): string;
  /** SIGTERM to every instance still running and to nginx; resolves when all have exited. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  readonly instances: number;
  /** Every instance's environment (DATABASE_URL, SMTP_URL, RATE_LIMITS, ...). */
  readonly env: Readonly<Record<string, string>>;
  /** A fresh directory of the caller's. */
  readonly dir: string;
  /**
   * The host name of PUBLIC_URL (default 127.0.0.1). Passkeys need a domain: an IP address cannot be a
   * WebAuthn relying party, while `localhost` can (and is a secure context over http).
   */
  readonly publicHost?: string;
  /**
   * The database is at the latest migration already (a copy of the test template, test-database.ts): no
   * `npm run migrate` first. That step loads the server's sources through tsx, about 3 s of CPU a cluster.
   */
  readonly migrated?: boolean;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`cluster: nothing to fill ${whole} with`);
    return value;
  });
}

/** Writes nginx.conf and solas.conf into `prefix` from deploy/nginx/ for these instance ports. */
export function writeNginxConfig(
  prefix: string,
  listenPort: number,
  upstreamPorts: readonly number[],
): string {
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(prefix, 'tmp', sub), { recursive: true });
  const site = fill(readFileSync(path.join(NGINX_DIR, 'solas.conf.template'), 'utf8'), {
    UPSTREAM_SERVERS: upstreamPorts
      .map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`)
      .join('\n'),
    LISTEN: `127.0.0.1:${listenPort}`,
    SERVER_NAME: '127.0.0.1',
  });
  writeFileSync(path.join(prefix, 'solas.conf'), site);
  const main = fill(readFileSync(path.join(NGINX_DIR, 'standalone.conf.template'), 'utf8'), {
    PREFIX: prefix,
    // As root, nginx's workers would drop to an unprivileged user that cannot enter a private temp dir.
    USER: process.getuid?.() === 0 ? 'user root;' : '',
  });
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(file, main);
  return file;
}

/** `npm run migrate` with the instances' environment: a deploy migrates before it starts instances. */
function migrate(env: Readonly<Record<string, string>>): void {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`cluster: migrate failed:\n${r.stdout}${r.stderr}`);
}

async function waitHealthy(url: string, timeoutMs: number, why: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline)
      throw new Error(`cluster: ${url} not healthy within ${timeoutMs} ms\n${why()}`);
    await sleep(20);
  }
}

/** SIGTERM to each instance; resolves when all have exited. */
async function stopAll(instances: readonly ServerProcess[]): Promise<void> {
  await Promise.all(
    instances.map(async (s) => {
      s.kill('SIGTERM');
      await s.exited;
    }),
  );
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const listenPort = await freePort();
  const url = `http://${options.publicHost ?? '127.0.0.1'}:${listenPort}`;
  const shared = { PUBLIC_URL: url, TRUST_PROXY: '127.0.0.1', ...options.env };
  const dataDir = (i: number) => path.join(options.dir, `instance-${i + 1}`);
  // The first instance's DATA_DIR: on SQLite (one instance) that is where its database is.
  if (!options.migrated) migrate({ ...shared, DATA_DIR: dataDir(0) });

  // Checked before any instance starts: a failed start must not leave shop processes running behind it.
  if (!existsSync(NGINX_BIN)) {
    throw new Error(`No nginx at ${NGINX_BIN}: run 'npx tsx scripts/ensure-nginx.ts' (or set NGINX_BIN).`);
  }
  const started = await Promise.allSettled(
    Array.from({ length: options.instances }, async (_, i): Promise<ShopInstance> => {
      const server = await startServerProcess({ ...shared, DATA_DIR: dataDir(i) });
      return { ...server, dataDir: dataDir(i) };
    }),
  );
  const instances = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await stopAll(instances);
    throw failed.reason;
  }

  const prefix = path.join(options.dir, 'nginx');
  mkdirSync(prefix, { recursive: true });
  const config = writeNginxConfig(
    prefix,
    listenPort,
    instances.map((s) => Number(new URL(s.url).port)),
  );
  let log = '';
  // `spawn` reports a binary it cannot run as an 'error' event, after which 'exit' may never come.
  const nginx: ChildProcess = spawn(
    NGINX_BIN,
    ['-p', prefix, '-c', config, '-e', path.join(prefix, 'error.log')],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  nginx.stdout?.on('data', (c: Buffer) => {
    log += c;
  });
  nginx.stderr?.on('data', (c: Buffer) => {
    log += c;
  });
  const nginxExited = new Promise<void>((resolve) => {
    nginx.once('exit', () => resolve());
    nginx.once('error', (err) => {
      log += `nginx could not run: ${err.message}\n`;
      resolve();
    });
  });
  const nginxLog = () => {
    try {
      return log + readFileSync(path.join(prefix, 'error.log'), 'utf8');
    } catch {
      return log;
    }
  };

  const stop = async () => {
    await stopAll(instances);
    nginx.kill('SIGTERM');
    await nginxExited;
  };

  try {
    await waitHealthy(url, 15_000, nginxLog);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, instances, nginxLog, stop };
}
