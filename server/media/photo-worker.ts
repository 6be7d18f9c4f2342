/**
 * The photo worker's thread (photo-pipeline.ts starts it): renders one photo at a time, so the work of a
 * 20 MB upload never runs on the thread that serves the shop. libvips is told to use one thread: on a
 * 2-core machine the other core stays with the requests (pages, checkouts) while a photo is processed.
 * libvips' thread count is one setting for the whole process, so once this worker has started the hero
 * image editor's offline engine (server/images/) runs on one libvips thread too: on two cores that is
 * the same trade.
 */
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { PhotoRefusal } from '../../domain/media/photo-types';
import type { WorkerReply, WorkerRequest } from './photo-pipeline';
import { renderPhoto } from './photo-render';

sharp.concurrency(1);
// Each photo is seen once: libvips' operation cache would only hold memory.
sharp.cache(false);

const port = parentPort;
if (!port) throw new Error('photo-worker.ts runs as a worker thread (photo-pipeline.ts)');

port.on('message', async (request: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const photo = await renderPhoto(request.bytes);
    reply = { job: request.job, ok: true, photo };
  } catch (err) {
    reply =
      err instanceof PhotoRefusal
        ? { job: request.job, ok: false, status: err.status, message: err.message }
        : { job: request.job, ok: false, status: null, message: String((err as Error)?.stack ?? err) };
  }
  // Copied, not transferred: the renditions are a few hundred KB, and sharp's buffers are not V8's to move.
  port.postMessage(reply);
});
