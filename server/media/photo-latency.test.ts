/**
 * Processing never blocks the shop: while a photo of about 20 MB is processed, a request's latency (the
 * median of many, over real HTTP) stays within twice its idle latency. The photo's work runs on the
 * worker thread with one libvips thread, so the event loop and the other core stay with the requests.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PHOTO_LIMITS } from '../../domain/media/photo-types';
import { heavyPhoto } from '../../tests/support/photo-fixtures';
import { buildTestApp, tempDataDir } from '../../tests/support/test-app';

let app: FastifyInstance;
let base: string;
let data: ReturnType<typeof tempDataDir>;

beforeAll(async () => {
  data = tempDataDir();
  app = await buildTestApp({ DATA_DIR: data.dir, RATE_LIMITS: 'off' });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
  data.remove();
});

async function timedRequest(): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/api/health`);
  await res.arrayBuffer();
  expect(res.status).toBe(200);
  return performance.now() - started;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

it('a request while a 20 MB photo is processed takes at most twice its idle time (median)', async () => {
  const photo = await heavyPhoto();
  expect(photo.length).toBeGreaterThan(15 * 1024 * 1024);
  expect(photo.length).toBeLessThanOrEqual(PHOTO_LIMITS.maxBytes);

  // Warmed up first (the JIT, the connection pool), so idle is the steady state, not the first requests.
  for (let i = 0; i < 300; i += 1) await timedRequest();
  const idle: number[] = [];
  for (let i = 0; i < 200; i += 1) idle.push(await timedRequest());

  let done = false;
  const processing = app.media.pipeline.process(photo).finally(() => {
    done = true;
  });
  const busy: number[] = [];
  while (!done) busy.push(await timedRequest());
  const result = await processing;
  expect(result.renditions.length).toBe(8);

  const idleMedian = median(idle);
  const busyMedian = median(busy);
  console.info(
    `photo latency: idle median ${idleMedian.toFixed(2)} ms, while processing ${busyMedian.toFixed(2)} ms over ${busy.length} requests`,
  );
  // Enough requests fell inside the processing to make the median mean something.
  expect(busy.length).toBeGreaterThanOrEqual(20);
  expect(busyMedian).toBeLessThanOrEqual(2 * idleMedian);
}, 120_000);
