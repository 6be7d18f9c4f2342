// The journeys' servers (playwright.config.ts), started together: Playwright starts its `webServer`
// entries one after another and polls each with a growing pause, which cost ~8 s of every run before the
// first journey on a 2-core machine. This builds the server bundle once, starts one `node` per entry of
// E2E_SERVERS (a JSON list of environments), passes their output through, and prints a line once every
// one answers /api/health (E2E_READY_LINE: the line the configuration waits for). It ends when Playwright
// stops it, or with code 1 as soon as a server exits.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { buildServer, SERVER_NODE_ARGS } from './build-server';

const Servers = z.array(z.record(z.string(), z.string()).and(z.object({ PORT: z.string() }))).min(1);

async function main(): Promise<void> {
  const servers = Servers.parse(JSON.parse(process.env.E2E_SERVERS ?? '[]'));
  const bundle = await buildServer();
  let stopping = false;
  const children = servers.map((env) => {
    const child = spawn(process.execPath, [...SERVER_NODE_ARGS, bundle], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.once('exit', (code, signal) => {
      if (stopping) return;
      console.error(`e2e servers: the server on port ${env.PORT} exited (${signal ?? code})`);
      void stop(1);
    });
    return { child, exited };
  });
  /** Stops every server (each finishes its requests in flight), then this process. */
  const stop = async (code: number) => {
    stopping = true;
    for (const { child } of children) child.kill('SIGTERM');
    await Promise.race([Promise.all(children.map((c) => c.exited)), sleep(10_000)]);
    process.exit(code);
  };
  process.once('SIGTERM', () => void stop(0));
  process.once('SIGINT', () => void stop(0));
  await Promise.all(servers.map((env) => healthy(`http://127.0.0.1:${env.PORT}/api/health`)));
  console.log(process.env.E2E_READY_LINE ?? 'e2e servers: ready');
}

/** Resolves once `url` answers 200; Playwright's timeout bounds the wait. */
async function healthy(url: string): Promise<void> {
  for (;;) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(50);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
