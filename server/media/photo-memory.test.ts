/**
 * Photos whose shape would need a huge picture in memory, uploaded to the real server process: a
 * 100,000 x 10 PNG, a 10 x 100,000 one and a 20,000 x 50 panorama, each a few hundred bytes. Covering the
 * square first scales the short side up to 1,080 px, so each would become billions of pixels before the
 * crop; they are refused with 400 and the reason from the header, the server's resident memory stays
 * under 512 MB throughout (read from /proc every 20 ms; over it, the process is killed and the test
 * fails at once rather than taking the machine with it), and the next photo is processed as usual.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '../../domain/media/photo-types';
import { phonePhoto } from '../../tests/support/photo-fixtures';
import { type ServerProcess, startServerProcess, tinyWebDist } from '../../tests/support/server-process';
import { tempDataDir } from '../../tests/support/test-app';

const TOKEN = 'photo-memory-test-token-0123456789';
const MAX_RSS_MB = 512;

let server: ServerProcess;
let data: ReturnType<typeof tempDataDir>;

beforeAll(async () => {
  data = tempDataDir();
  server = await startServerProcess({
    DATA_DIR: data.dir,
    WEB_DIST_DIR: tinyWebDist(path.join(data.dir, 'web')),
    ADMIN_TOKEN: TOKEN,
    RATE_LIMITS: 'off',
  });
}, 90_000);

afterAll(async () => {
  server?.kill('SIGTERM');
  await server?.exited;
  data?.remove();
});

/** The process's resident memory now, in MB (VmRSS of /proc/{pid}/status); 0 once it has gone. */
function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** A real PNG of one colour: tiny on the wire, `width` x `height` once decoded. */
function flatPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 180, b: 160 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * Uploads `bytes` as a product photo and watches the server's memory meanwhile: the answer, its time
 * and the highest resident memory seen. Over MAX_RSS_MB the server is killed (the answer then fails).
 */
async function upload(bytes: Buffer): Promise<{ status: number; body: unknown; ms: number; peakMb: number }> {
  let peakMb = rssMb(server.pid);
  if (peakMb === 0) return { status: 0, body: 'the server has gone', ms: 0, peakMb };
  const watch = setInterval(() => {
    const now = rssMb(server.pid);
    peakMb = Math.max(peakMb, now);
    if (now > MAX_RSS_MB) server.kill('SIGKILL');
  }, 20);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
  form.append('alt', 'A bracelet');
  const started = performance.now();
  try {
    const res = await fetch(`${server.url}/api/admin/products/1/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: form,
    });
    const body: unknown = await res.json();
    return { status: res.status, body, ms: performance.now() - started, peakMb };
  } catch (err) {
    // Killed over the limit: no answer, and the peak says why.
    return { status: 0, body: String(err), ms: performance.now() - started, peakMb };
  } finally {
    clearInterval(watch);
    peakMb = Math.max(peakMb, rssMb(server.pid));
  }
}

it('refuses 100000 x 10, 10 x 100000 and 20000 x 50 with 400 under 512 MB, and the next photo is processed', async () => {
  for (const [width, height] of [
    [100_000, 10],
    [10, 100_000],
    [20_000, 50],
  ] as const) {
    const png = await flatPng(width, height);
    expect(png.length).toBeLessThan(16 * 1024);
    const answer = await upload(png);
    // Said at once, so a failing run still tells what it measured.
    console.info(
      `photo memory: ${width}x${height} (${png.length} B): ${answer.status} ${JSON.stringify(answer.body)} in ${answer.ms.toFixed(0)} ms, peak RSS ${answer.peakMb.toFixed(0)} MB`,
    );
    // Soft: every shape is measured even when one fails.
    expect.soft(answer.status).toBe(400);
    expect.soft(answer.body).toEqual({ ok: false, error: PHOTO_MESSAGES.tooLong });
    expect.soft(answer.peakMb).toBeLessThan(MAX_RSS_MB);
  }
  const next = await upload(await phonePhoto());
  console.info(
    `photo memory: next photo: ${next.status} in ${next.ms.toFixed(0)} ms, peak RSS ${next.peakMb.toFixed(0)} MB`,
  );
  expect(next.status, server.output()).toBe(201);
  expect(next.peakMb).toBeLessThan(MAX_RSS_MB);
}, 120_000);
