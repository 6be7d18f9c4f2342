/**
 * The real server as a child process, run as production runs it (plain `node` on the bundle of
 * server/main.ts, built afresh once per test process: scripts/build-server.ts), for tests that must kill
 * it, stop it with a signal or read its log output. It listens on a free port (PORT=0) and serves a tiny
 * stand-in front end unless WEB_DIST_DIR is given, so it starts without a build.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_NODE_ARGS } from '../../scripts/build-server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  readonly url: string;
  readonly pid: number;
  /** stdout and stderr, as received. */
  output(): string;
  /** Resolves when the process has exited (code or signal). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

export function tinyWebDist(dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Solas</title><div id="root"></div>');
  return dir;
}

/**
 * Starts the server and resolves once it listens. Rejects if it exits first (with its output) or is not
 * up within `timeoutMs`. The log level must let the 'Server listening' line through (info or lower).
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { readonly timeoutMs?: number } = {},
): Promise<ServerProcess> {
  // Built once per test process: a test never starts a bundle older than the code it tests.
  const bundle = await buildServer();
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_ARGS, bundle], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  /** Called after each chunk of output: the start is noticed as soon as its line arrives. */
  let heard = () => {};
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
    heard();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
    heard();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${options.timeoutMs ?? 60_000} ms:\n${out}`));
    }, options.timeoutMs ?? 60_000);
    heard = () => {
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (!m?.[1]) return;
      heard = () => {};
      clearTimeout(timer);
      const pid = child.pid ?? 0;
      resolve({
        url: m[1],
        pid,
        output: () => out,
        exited,
        kill: (signal) => {
          child.kill(signal);
        },
      });
    };
    void exited.then(({ code, signal }) => {
      heard = () => {};
      clearTimeout(timer);
      reject(new Error(`server exited (code ${code}, signal ${signal}) before listening:\n${out}`));
    });
  });
}
