/**
 * The owner's photos, processed off the request thread: one worker thread (photo-worker.ts) renders one
 * photo at a time and the rest wait in a short queue; a full queue is refused (503) rather than growing.
 * The host has two cores; one photo at a time on one libvips thread leaves the other to the shop, so
 * pages and checkouts keep their speed while a 20 MB photo is processed (photo-pipeline.test.ts measures
 * it).
 *
 * The cheap refusals happen here, before the worker is asked: the size and the file's real type (its
 * first bytes). The worker refuses the rest: too many pixels or a photo longer than 4:1 (read from the
 * header, before decoding), truncated or damaged files.
 */
import type { Worker } from 'node:worker_threads';
import { PHOTO_LIMITS, PHOTO_MESSAGES, PhotoRefusal, sniffPhotoType } from '../../domain/media/photo-types';
import { startModuleWorker } from '../lib/module-worker';
import type { RenderedPhoto } from './photo-render';

export interface WorkerRequest {
  readonly job: number;
  readonly bytes: Uint8Array;
}

export type WorkerReply =
  | { readonly job: number; readonly ok: true; readonly photo: RenderedPhoto }
  /** status null: a bug or a libvips failure, not the upload's fault (message: the stack). */
  | {
      readonly job: number;
      readonly ok: false;
      readonly status: PhotoRefusal['status'] | null;
      readonly message: string;
    };

export interface PhotoPipelineOptions {
  /** Photos waiting behind the one being processed before new ones are refused. */
  readonly maxWaiting?: number;
}

interface Job {
  readonly id: number;
  readonly bytes: Uint8Array;
  readonly resolve: (photo: RenderedPhoto) => void;
  readonly reject: (err: Error) => void;
}

/** The photo worker's thread (photo-worker.ts), bundled next to the server in a build. */
function startWorker(): Worker {
  return startModuleWorker(import.meta.dirname, 'photo-worker');
}

export class PhotoPipeline {
  private worker: Worker | null = null;
  private current: Job | null = null;
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private closed = false;
  private readonly maxWaiting: number;

  constructor(options: PhotoPipelineOptions = {}) {
    this.maxWaiting = options.maxWaiting ?? 4;
  }

  /**
   * Checks and renders one photo. Rejects with a PhotoRefusal (400, 413, 415; 503 when the queue is
   * full) for what the upload did wrong, or another Error for a failure of our own.
   */
  process(bytes: Uint8Array): Promise<RenderedPhoto> {
    if (this.closed) return Promise.reject(new Error('The photo pipeline is closed'));
    if (bytes.byteLength > PHOTO_LIMITS.maxBytes) {
      return Promise.reject(new PhotoRefusal(413, PHOTO_MESSAGES.tooLarge));
    }
    if (sniffPhotoType(bytes) === null) {
      return Promise.reject(new PhotoRefusal(415, PHOTO_MESSAGES.notAnImage));
    }
    if (this.waiting.length >= this.maxWaiting) {
      return Promise.reject(new PhotoRefusal(503, PHOTO_MESSAGES.busy));
    }
    return new Promise<RenderedPhoto>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, bytes, resolve, reject });
      this.pump();
    });
  }

  /** Photos waiting or in progress (tests, health). */
  get pending(): number {
    return this.waiting.length + (this.current ? 1 : 0);
  }

  /** Stops the worker; photos still waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new Error('The photo pipeline is closed'));
    this.current?.reject(new Error('The photo pipeline is closed'));
    this.current = null;
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private pump(): void {
    if (this.current || this.closed) return;
    const job = this.waiting.shift();
    if (!job) return;
    this.current = job;
    this.ensureWorker().postMessage({ job: job.id, bytes: job.bytes } satisfies WorkerRequest);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker();
    // An idle worker does not keep the process alive (a script that only uploads can still exit).
    worker.unref();
    worker.on('message', (reply: WorkerReply) => this.settle(reply));
    worker.on('error', (err) => this.lose(worker, err));
    worker.on('exit', (code) => this.lose(worker, new Error(`The photo worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private settle(reply: WorkerReply): void {
    const job = this.current;
    if (!job || job.id !== reply.job) return;
    this.current = null;
    if (reply.ok) job.resolve(reply.photo);
    else if (reply.status !== null) job.reject(new PhotoRefusal(reply.status, reply.message));
    else job.reject(new Error(`Photo processing failed: ${reply.message}`));
    this.pump();
  }

  /** The worker died (out of memory, a crash in libvips): its photo fails, the next one gets a new worker. */
  private lose(worker: Worker, err: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const job = this.current;
    this.current = null;
    job?.reject(err);
    this.pump();
  }
}
