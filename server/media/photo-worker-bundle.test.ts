/**
 * The built server runs the photo worker from its own bundle next to main.mjs (scripts/build-server.ts),
 * by plain Node without tsx: the pipeline looks for it there. This builds the bundle and asks that file
 * for a photo the way photo-pipeline.ts does.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { expect, it } from 'vitest';
import { buildServer, PHOTO_WORKER_NAME } from '../../scripts/build-server';
import { phonePhoto } from '../../tests/support/photo-fixtures';
import type { WorkerReply, WorkerRequest } from './photo-pipeline';

it('the bundled photo worker renders a photo by plain Node', async () => {
  const bundle = await buildServer();
  const file = path.join(path.dirname(bundle), `${PHOTO_WORKER_NAME}.mjs`);
  expect(existsSync(file)).toBe(true);
  const worker = new Worker(file);
  try {
    const reply = await new Promise<WorkerReply>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      phonePhoto().then((bytes) => worker.postMessage({ job: 7, bytes } satisfies WorkerRequest), reject);
    });
    expect(reply.job).toBe(7);
    expect(reply.ok && reply.photo.renditions.length).toBe(8);
  } finally {
    await worker.terminate();
  }
}, 60_000);
