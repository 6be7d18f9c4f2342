/**
 * The photos wired into the app: the retention pass runs on its own (as the daily job does) with the ids
 * the catalogue says it shows, deletes a photo only once nothing has shown it for 30 days, and never runs
 * without that list.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import { TEST_PUBLIC_URL, tempDataDir } from '../../tests/support/test-app';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { MediaOptions } from './media';
import { MEDIA_RETENTION_DAYS } from './media-store';
import type { RenderedPhoto } from './photo-render';

const DAY = 24 * 60 * 60 * 1000;
const SHOWN = '1'.repeat(32);
const GONE = '2'.repeat(32);

function photo(id: string): RenderedPhoto {
  const data = new Uint8Array([1, 2, 3]);
  return {
    id,
    width: 1080,
    height: 1080,
    renditions: [{ width: 320, format: 'webp', data }],
    placeholder: 'data:image/webp;base64,AA==',
  };
}

let app: FastifyInstance | null = null;
let data: ReturnType<typeof tempDataDir> | null = null;

afterEach(async () => {
  vi.useRealTimers();
  await app?.close();
  data?.remove();
  app = null;
  data = null;
});

async function start(media: MediaOptions): Promise<FastifyInstance> {
  data = tempDataDir();
  const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: TEST_PUBLIC_URL, DATA_DIR: data.dir });
  app = await buildApp({ config, serveWeb: false, tuning: { retention: false }, reconcile: false, media });
  await app.ready();
  return app;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the retention pass did not get there in time');
}

it('the retention pass deletes a photo nothing has shown for 30 days and keeps the shown one', async () => {
  let now = new Date('2026-12-01T10:00:00Z');
  let passes = 0;
  const started = await start({
    referencedMediaIds: async () => {
      passes += 1;
      return [SHOWN];
    },
    retention: { initialDelayMs: 20, intervalMs: 20 },
    store: { now: () => now },
  });
  const { store } = started.media;
  await store.save(photo(SHOWN));
  await store.save(photo(GONE));
  const after = passes;
  await until(async () => passes >= after + 2);
  // Stamped, not deleted: 30 days have not passed.
  expect(await store.ids()).toEqual([SHOWN, GONE]);
  now = new Date(now.getTime() + (MEDIA_RETENTION_DAYS - 1) * DAY);
  const later = passes;
  await until(async () => passes >= later + 2);
  expect(await store.ids()).toEqual([SHOWN, GONE]);
  now = new Date(now.getTime() + 2 * DAY);
  await until(async () => (await store.ids()).length === 1);
  expect(await store.ids()).toEqual([SHOWN]);
});

it('with the retention pass off, no pass runs and nothing is deleted', async () => {
  // The app's timers on a test clock: half a second of them is hundreds of passes' worth, had one been
  // planned; the first would stamp the photo, the ones a year later delete it.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  let now = new Date('2026-12-01T10:00:00Z');
  // The pass is off (tests that drive passes themselves): nothing stamps or deletes a photo.
  const started = await start({ retention: false, store: { now: () => now } });
  await started.media.store.save(photo(GONE));
  await vi.advanceTimersByTimeAsync(500);
  now = new Date(now.getTime() + 365 * DAY);
  await vi.advanceTimersByTimeAsync(500);
  expect(await started.media.store.ids()).toEqual([GONE]);
});
