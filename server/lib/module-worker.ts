/**
 * Starts a worker thread from a module of the server's (`name`, next to the module that asks). The built
 * server (scripts/build-server.ts) has each worker bundled next to it as `name.mjs`; from the sources
 * (tests, tsx) the worker's TypeScript is loaded through tsx's loader, which a worker thread does not
 * inherit.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startModuleWorker(
  dirname: string,
  name: string,
  options: Pick<WorkerOptions, 'workerData'> = {},
): Worker {
  const bundled = path.join(dirname, `${name}.mjs`);
  if (existsSync(bundled)) return new Worker(bundled, options);
  const source = pathToFileURL(path.join(dirname, `${name}.ts`)).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(boot, { ...options, eval: true });
}
